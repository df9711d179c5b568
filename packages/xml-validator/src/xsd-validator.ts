import type { EngineVerdict } from './engine-core.js';
import { loadSchemaBundle } from './schema-files.js';
import { type SchemaRegistry, sharedSchemaRegistry } from './schema-registry.js';
import type {
  ValidateOptions,
  XmlDocumentInput,
  XmlValidationResult,
  XsdValidator,
  XsdValidatorOptions,
} from './types.js';
import { engineFailureIssue, tooLargeIssue, toValidationResult } from './validation-result.js';
import type { EngineFailure, WorkerJob } from './worker-engine.js';

export const DEFAULT_MAX_ISSUES = 50;
export const DEFAULT_MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_INLINE_MAX_BYTES = 16 * 1024;
/** Default of `acceptUnlistedMaxLength`, the largest refused document handed to `acceptUnlisted` (UTF-16
 * units, about bytes): its scan runs on the caller's thread, and a mock serving other services must not stop
 * for a hostile document. */
export const ACCEPT_UNLISTED_MAX_LENGTH = 1024 * 1024;

interface Limits {
  maxIssues: number;
  maxDocumentBytes: number;
  timeoutMs: number;
  inlineMaxBytes: number;
}

/** Loads an XSD (and the schemas it includes or imports, read from next to it), compiles it once for the life
 * of the process (validators of the same schema share it), and returns a validator to use for many
 * documents. */
export async function createXsdValidator(
  xsdPath: string,
  options: XsdValidatorOptions = {},
): Promise<XsdValidator> {
  return openXsdValidator(xsdPath, options, sharedSchemaRegistry());
}

/** Validates one document against an XSD. */
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
  const { acceptUnlisted } = options;
  const unlistedMaxLength = options.acceptUnlistedMaxLength ?? ACCEPT_UNLISTED_MAX_LENGTH;
  if (!Number.isInteger(unlistedMaxLength) || unlistedMaxLength < 0) {
    throw new RangeError(`acceptUnlistedMaxLength must be a non-negative integer, got ${unlistedMaxLength}.`);
  }
  if (acceptUnlisted !== undefined && typeof acceptUnlisted !== 'function') {
    throw new TypeError('acceptUnlisted must be a function from XML text to XML text.');
  }
  const bundle = await loadSchemaBundle(xsdPath);
  const schemaId = await registry.acquire(bundle, xsdPath);
  return new LibxmlXsdValidator(xsdPath, schemaId, registry, limits, acceptUnlisted, unlistedMaxLength);
}

function settled<T>(value: T | Promise<T>): Promise<T> {
  return value instanceof Promise ? value : Promise.resolve(value);
}

class LibxmlXsdValidator implements XsdValidator {
  private closed = false;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    readonly xsdPath: string,
    private readonly schemaId: string,
    private readonly registry: SchemaRegistry,
    private readonly limits: Limits,
    private readonly acceptUnlisted: ((xml: string) => string) | undefined,
    private readonly unlistedMaxLength: number,
  ) {}

  validate(xml: string, opts: ValidateOptions = {}): Promise<XmlValidationResult> {
    if (this.closed) return Promise.reject(new Error(`The validator for ${this.xsdPath} is closed.`));
    if (typeof xml !== 'string') {
      return Promise.reject(new TypeError(`validate() takes XML text, got ${typeof xml}.`));
    }
    const verdict = this.judge(xml, opts);
    if (this.acceptUnlisted === undefined) return settled(verdict);
    if (!(verdict instanceof Promise)) return settled(this.withUnlistedAccepted(xml, verdict, opts));
    return verdict.then((result) => this.withUnlistedAccepted(xml, result, opts));
  }

  /** The verdict on the document without its unlisted elements, when it was refused and had some. */
  private withUnlistedAccepted(
    xml: string,
    result: XmlValidationResult,
    opts: ValidateOptions,
  ): XmlValidationResult | Promise<XmlValidationResult> {
    // Only a schema refusal can be about an unlisted element: a valid document is never scanned.
    if (result.valid || this.acceptUnlisted === undefined) return result;
    if (xml.length > this.unlistedMaxLength) return result;
    if (!result.issues.some((issue) => issue.rule === 'xsd')) return result;
    let without: string;
    try {
      without = this.acceptUnlisted(xml);
    } catch {
      return result;
    }
    return without === xml ? result : this.judge(without, opts);
  }

  /** Judged now for a small document on a loaded engine (no promise hop), later otherwise. */
  private judge(xml: string, opts: ValidateOptions): XmlValidationResult | Promise<XmlValidationResult> {
    const { fileName } = opts;
    const { maxDocumentBytes, inlineMaxBytes } = this.limits;
    // Over the limit whatever its encoding (a UTF-8 byte per UTF-16 unit at least): refused here, without
    // copying it anywhere. The exact byte count is only computed for the message.
    if (xml.length > maxDocumentBytes) {
      const bytes = Buffer.byteLength(xml, 'utf8');
      return { valid: false, issues: [tooLargeIssue(bytes, maxDocumentBytes, fileName)] };
    }
    // The size limit and the DOCTYPE guard run next to the engine, before it parses (judgeDocument): on this
    // thread for a small document, on the engine worker for a large one, so that the thread serving a mock
    // never scans a large document.
    const job = { schemaId: this.schemaId, xml, ...this.limits };
    const inline = xml.length <= inlineMaxBytes && Buffer.byteLength(xml, 'utf8') <= inlineMaxBytes;
    if (inline) {
      // A small document is judged now, when the engine of this thread is loaded: a few microseconds, which
      // promise hops would noticeably add to (the numbers client validates every document it sends).
      const verdict = this.registry.validateInlineNow(job);
      if (verdict !== undefined) return this.result(verdict, fileName);
    }
    const work = this.judgeLater(job, inline, fileName);
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

  private async judgeLater(
    job: WorkerJob,
    inline: boolean,
    fileName: string | undefined,
  ): Promise<XmlValidationResult> {
    const outcome = inline
      ? await this.registry.validateInline(job)
      : await this.registry.validateOnWorker(job);
    return this.result(outcome, fileName);
  }

  private result(outcome: EngineVerdict | EngineFailure, fileName: string | undefined): XmlValidationResult {
    try {
      return toValidationResult(outcome, fileName, this.limits);
    } catch (error) {
      // Issue building is ours, but a failure there must also stay confined to this document.
      return { valid: false, issues: [engineFailureIssue(String((error as Error).message), fileName)] };
    }
  }
}

function checkedLimits(options: XsdValidatorOptions): Limits {
  const limits = {
    maxIssues: options.maxIssues ?? DEFAULT_MAX_ISSUES,
    maxDocumentBytes: options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    inlineMaxBytes: options.inlineMaxBytes ?? DEFAULT_INLINE_MAX_BYTES,
  };
  for (const [name, value] of Object.entries(limits)) {
    const mayBeZero = name === 'inlineMaxBytes';
    if (!Number.isInteger(value) || value < (mayBeZero ? 0 : 1)) {
      throw new RangeError(
        `${name} must be a ${mayBeZero ? 'non-negative' : 'positive'} integer, got ${value}.`,
      );
    }
  }
  return limits;
}
