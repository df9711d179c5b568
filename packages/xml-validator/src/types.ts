/** One problem found in an XML document. */
export interface XmlIssue {
  /**
   * Readable, self-contained sentence, location first:
   * `order.xml, line 4: element 'PartialAllowed': 'yes' is not a valid value of the atomic type 'xs:boolean'.`
   */
  message: string;
  /** 1-based line in the document, when the engine reports one. */
  line?: number;
  /** 1-based column (UTF-16 code units), when it can be derived. */
  column?: number;
  /** Element path such as `/Order/TelephoneNumberList/TelephoneNumber[2]`, when it can be derived unambiguously. */
  path?: string;
  /**
   * Which check failed: `xsd`, `well-formed`, `doctype-forbidden`; `document-too-large` (refused before
   * parsing, see `maxDocumentBytes`) or `engine-failure` (the engine crashed, ran out of memory or overran
   * `timeoutMs` on this document; other documents are not affected).
   */
  rule: XmlIssueRule;
  /** The caller's name for the document (never an engine temp file name), when one was given. */
  fileName?: string;
}

export type XmlIssueRule =
  | 'xsd'
  | 'well-formed'
  | 'doctype-forbidden'
  | 'document-too-large'
  | 'engine-failure';

export interface XmlValidationResult {
  valid: boolean;
  issues: XmlIssue[];
  /**
   * Schema issues not listed because the document has more than `maxIssues`. When set, the last issue
   * says `and N more schema issues ...` so that a caller printing only messages shows it too.
   */
  omittedIssues?: number;
}

export interface ValidateOptions {
  /** Name used in issues and messages (for example the request path or a fixture file name). */
  fileName?: string;
}

/** A document for {@link XsdValidator.validateMany}: XML text, or XML text with a name. */
export type XmlDocumentInput = string | { xml: string; fileName?: string };

export interface XsdValidator {
  /** The XSD this validator checks against, as given to {@link createXsdValidator}. */
  readonly xsdPath: string;
  /**
   * Validates one document. Never rejects because of the document: a document too large, or one on which
   * the engine crashed, ran out of memory or overran its time budget, gets a result with one issue saying
   * so (rules `document-too-large`, `engine-failure`), and the next document is validated as usual.
   */
  validate(xml: string, opts?: ValidateOptions): Promise<XmlValidationResult>;
  /** Validates many documents; results are in input order. */
  validateMany(docs: readonly XmlDocumentInput[]): Promise<XmlValidationResult[]>;
  /** Waits for pending validations. Later calls reject. The compiled schema stays resident for reuse. */
  close(): Promise<void>;
}

export interface XsdValidatorOptions {
  /** Most schema issues listed per document (default 50); the rest are counted (`omittedIssues`). */
  maxIssues?: number;
  /**
   * Largest document accepted, in UTF-8 bytes (default 10 MiB). A larger one is refused before it is
   * parsed, with a `document-too-large` issue naming the limit.
   */
  maxDocumentBytes?: number;
  /**
   * Time budget per document validated on the engine worker, in ms (default 5000). A document that
   * overruns it gets an `engine-failure` issue; the worker is restarted for the next one.
   */
  timeoutMs?: number;
  /**
   * Documents up to this size (UTF-8 bytes, default 16 KiB) are validated on the caller's thread, which
   * costs microseconds; larger ones go to the engine worker so that the caller's event loop stays free.
   * 0 sends every document to the worker.
   */
  inlineMaxBytes?: number;
  /**
   * Accepts elements the schema does not list: the document with each of them blanked out, positions
   * kept (`@svc-contracts/xsd-model`'s `unlistedElementsBlanker(loadXsd(xsdPath))`). A document refused
   * with schema issues is validated again in that form when it differs, and that verdict is the answer:
   * a document without unlisted elements costs nothing more, and the listed elements keep every rule.
   * Only documents up to `acceptUnlistedMaxLength` are handed to it (the scan runs on the caller's thread).
   */
  acceptUnlisted?: (xml: string) => string;
  /**
   * Largest document (UTF-16 units) handed to `acceptUnlisted`, default 1 MiB so that a thread serving
   * requests never scans a large hostile document. A refused document above it keeps the engine's verdict,
   * so a caller that wants the same tolerance at every size sets it to `maxDocumentBytes`.
   */
  acceptUnlistedMaxLength?: number;
}
