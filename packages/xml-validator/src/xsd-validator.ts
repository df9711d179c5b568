import { findForbiddenDeclaration } from './doctype-guard.js';
import { createIssue } from './issue.js';
import { loadSchemaBundle } from './schema-files.js';
import { type SchemaRegistry, sharedSchemaRegistry } from './schema-registry.js';
import type {
  ValidateOptions,
  XmlDocumentInput,
  XmlValidationResult,
  XsdValidator,
  XsdValidatorOptions,
} from './types.js';
import { engineFailureIssue, toValidationResult } from './validation-result.js';

export const DEFAULT_MAX_ISSUES = 50;
export const DEFAULT_MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_INLINE_MAX_BYTES = 16 * 1024;

interface Limits {
  maxIssues: number;
  maxDocumentBytes: number;
  timeoutMs: number;
  inlineMaxBytes: number;
}

/**
 * Loads an XSD (and the schemas it includes or imports, read from next to it), compiles it once for the
 * life of the process (validators of the same schema share it), and returns a validator to use for many
 * documents. Rejects with an `XsdLoadError` naming the file when the XSD or an included schema is
 * missing, remote, or does not compile.
 *
 * @example
 * const validator = await createXsdValidator('specs/numbers/xsd/Order.xsd');
 * const { valid, issues } = await validator.validate(body, { fileName: 'POST /orders' });
 */
export async function createXsdValidator(
  xsdPath: string,
  options: XsdValidatorOptions = {},
): Promise<XsdValidator> {
  return openXsdValidator(xsdPath, options, sharedSchemaRegistry());
}

/**
 * Validates one document against an XSD. Reads the XSD files on each call so it never validates against a
 * stale copy; an unchanged schema is not compiled again. For many documents use {@link createXsdValidator}.
 */
export async function validateXml(
  xml: string,
  xsdPath: string,
  opts: ValidateOptions = {},
): Promise<XmlValidationResult> {
  const validator = await createXsdValidator(xsdPath);
  try {
    return await validator.validate(xml, opts);
  } finally {
    await validator.close();
  }
}

/** {@link createXsdValidator} with the registry (engines) given: tests use it to inject a faulty engine. */
export async function openXsdValidator(
  xsdPath: string,
  options: XsdValidatorOptions,
  registry: SchemaRegistry,
): Promise<XsdValidator> {
  const limits = checkedLimits(options);
  const bundle = await loadSchemaBundle(xsdPath);
  const schemaId = await registry.acquire(bundle, xsdPath);
  return new LibxmlXsdValidator(xsdPath, schemaId, registry, limits);
}

class LibxmlXsdValidator implements XsdValidator {
  private closed = false;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly xsdPath: string,
    private readonly schemaId: string,
    private readonly registry: SchemaRegistry,
    private readonly limits: Limits,
  ) {}

  validate(xml: string, opts: ValidateOptions = {}): Promise<XmlValidationResult> {
    if (this.closed) return Promise.reject(new Error(`The validator for ${this.xsdPath} is closed.`));
    if (typeof xml !== 'string') {
      return Promise.reject(new TypeError(`validate() takes XML text, got ${typeof xml}.`));
    }
    const work = this.judge(xml, opts.fileName);
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
    return work;
  }

  validateMany(documents: readonly XmlDocumentInput[]): Promise<XmlValidationResult[]> {
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
    this.closed = true;
    await Promise.allSettled([...this.pending]);
  }

  private async judge(xml: string, fileName: string | undefined): Promise<XmlValidationResult> {
    const { maxIssues, maxDocumentBytes, timeoutMs, inlineMaxBytes } = this.limits;
    // Checked first: a document over the limit is never parsed (nor scanned further).
    const bytes = Buffer.byteLength(xml, 'utf8');
    if (bytes > maxDocumentBytes) {
      return { valid: false, issues: [tooLargeIssue(bytes, maxDocumentBytes, fileName)] };
    }
    // Checked before the engine: a document with a DTD never reaches a parser.
    const forbidden = findForbiddenDeclaration(xml, fileName);
    if (forbidden !== undefined) return { valid: false, issues: [forbidden] };
    const job = { schemaId: this.schemaId, xml, maxIssues, timeoutMs };
    const outcome =
      bytes <= inlineMaxBytes
        ? await this.registry.validateInline(job)
        : await this.registry.validateOnWorker(job);
    try {
      return toValidationResult(outcome, xml, fileName, maxIssues);
    } catch (error) {
      // Issue building is ours, but a failure there must also stay confined to this document.
      return { valid: false, issues: [engineFailureIssue(String((error as Error).message), fileName)] };
    }
  }
}

function tooLargeIssue(bytes: number, limit: number, fileName: string | undefined) {
  return createIssue({
    rule: 'document-too-large',
    text: `the document is ${formatBytes(bytes)}, over the limit of ${formatBytes(limit)} (maxDocumentBytes); it was not parsed.`,
    fileName,
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB (${bytes} bytes)`;
  return `${bytes} bytes`;
}

function checkedLimits(options: XsdValidatorOptions): Limits {
  const limits = {
    maxIssues: options.maxIssues ?? DEFAULT_MAX_ISSUES,
    maxDocumentBytes: options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    inlineMaxBytes: options.inlineMaxBytes ?? DEFAULT_INLINE_MAX_BYTES,
  };
  for (const [name, value] of Object.entries({ ...limits, maxBatchSize: options.maxBatchSize ?? 1 })) {
    const mayBeZero = name === 'inlineMaxBytes';
    if (!Number.isInteger(value) || value < (mayBeZero ? 0 : 1)) {
      throw new RangeError(
        `${name} must be a ${mayBeZero ? 'non-negative' : 'positive'} integer, got ${value}.`,
      );
    }
  }
  return limits;
}
