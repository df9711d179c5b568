import { findForbiddenDeclaration } from './doctype-guard.js';
import { DocumentBatcher } from './document-batcher.js';
import { loadSchemaBundle, type SchemaBundle } from './schema-files.js';
import type {
  ValidateOptions,
  XmlDocumentInput,
  XmlValidationResult,
  XsdValidator,
  XsdValidatorOptions,
} from './types.js';
import { getSharedXmllintEngine, type XmllintEngine } from './xmllint-engine.js';
import { assertSchemaCompiles, validateInOneRun } from './xmllint-schema-run.js';

const DEFAULT_MAX_BATCH_SIZE = 200;

/**
 * Loads an XSD (and the schemas it includes or imports, read from next to it), checks that it compiles,
 * and returns a validator to use for many documents. Rejects with an `XsdLoadError` naming the file when
 * the XSD or an included schema is missing, remote, or does not compile.
 *
 * @example
 * const validator = await createXsdValidator('specs/numbers/xsd/Order.xsd');
 * const { valid, issues } = await validator.validate(body, { fileName: 'POST /orders' });
 * await validator.close();
 */
export async function createXsdValidator(
  xsdPath: string,
  options: XsdValidatorOptions = {},
): Promise<XsdValidator> {
  return openValidator(xsdPath, options, { verifySchema: true });
}

/**
 * Validates one document against an XSD. Reads the XSD files on each call (cheap) so it never validates
 * against a stale copy; the engine stays warm between calls. For many documents use {@link createXsdValidator}.
 */
export async function validateXml(
  xml: string,
  xsdPath: string,
  opts: ValidateOptions = {},
): Promise<XmlValidationResult> {
  // The compile check is skipped: this very run would report a broken schema the same way.
  const validator = await openValidator(xsdPath, {}, { verifySchema: false });
  try {
    return await validator.validate(xml, opts);
  } finally {
    await validator.close();
  }
}

async function openValidator(
  xsdPath: string,
  options: XsdValidatorOptions,
  { verifySchema }: { verifySchema: boolean },
): Promise<XsdValidator> {
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1) {
    throw new RangeError(`maxBatchSize must be a positive integer, got ${maxBatchSize}.`);
  }
  const bundle = await loadSchemaBundle(xsdPath);
  const engine = getSharedXmllintEngine();
  engine.acquire();
  try {
    if (verifySchema) await engine.exclusive((execute) => assertSchemaCompiles(bundle, xsdPath, execute));
  } catch (error) {
    engine.release();
    throw error;
  }
  return new XmllintXsdValidator(xsdPath, bundle, engine, maxBatchSize);
}

class XmllintXsdValidator implements XsdValidator {
  private readonly batcher: DocumentBatcher;
  private closed = false;

  constructor(
    readonly xsdPath: string,
    bundle: SchemaBundle,
    private readonly engine: XmllintEngine,
    maxBatchSize: number,
  ) {
    this.batcher = new DocumentBatcher(
      engine,
      (documents, execute) => validateInOneRun(bundle, xsdPath, documents, execute),
      maxBatchSize,
    );
  }

  async validate(xml: string, opts: ValidateOptions = {}): Promise<XmlValidationResult> {
    if (this.closed) throw new Error(`The validator for ${this.xsdPath} is closed.`);
    if (typeof xml !== 'string') throw new TypeError(`validate() takes XML text, got ${typeof xml}.`);
    // Checked here, before the engine: a document with a DTD never reaches a parser.
    const forbidden = findForbiddenDeclaration(xml, opts.fileName);
    if (forbidden !== undefined) return { valid: false, issues: [forbidden] };
    return this.batcher.submit({ xml, fileName: opts.fileName });
  }

  validateMany(documents: readonly XmlDocumentInput[]): Promise<XmlValidationResult[]> {
    // Submitted together, so the batcher puts them in as few engine runs as maxBatchSize allows.
    return Promise.all(
      documents.map((document) =>
        typeof document === 'string'
          ? this.validate(document)
          : this.validate(
              document.xml,
              document.fileName === undefined ? {} : { fileName: document.fileName },
            ),
      ),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.batcher.idle();
    this.engine.release();
  }
}
