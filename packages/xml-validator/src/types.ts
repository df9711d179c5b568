/** One problem found in an XML document. */
export interface XmlIssue {
  /** Readable, self-contained sentence, location first: `order.xml, line 4: element 'PartialAllowed': 'yes'
   * is not a valid value of the atomic type 'xs:boolean'.` */
  message: string;
  /** 1-based line in the document, when the engine reports one. */
  line?: number;
  /** 1-based column (UTF-16 code units), when it can be derived. */
  column?: number;
  /** Element path such as `/Order/TelephoneNumberList/TelephoneNumber[2]`, when it can be derived unambiguously. */
  path?: string;
  /** Which check failed: `xsd`, `well-formed`, `doctype-forbidden`; `document-too-large` (refused before
   * parsing, see `maxDocumentBytes`) or `engine-failure` (the engine crashed, ran out of memory or overran
   * `timeoutMs` on this document; other documents are not affected). */
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
  /** Schema issues not listed because the document has more than `maxIssues`. */
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
  /** Validates one document. */
  validate(xml: string, opts?: ValidateOptions): Promise<XmlValidationResult>;
  /** Validates many documents; results are in input order. */
  validateMany(docs: readonly XmlDocumentInput[]): Promise<XmlValidationResult[]>;
  /** Waits for pending validations. Later calls reject. The compiled schema stays resident for reuse. */
  close(): Promise<void>;
}

export interface XsdValidatorOptions {
  /** Most schema issues listed per document (default 50); the rest are counted (`omittedIssues`). */
  maxIssues?: number;
  /** Largest document accepted, in UTF-8 bytes (default 10 MiB). */
  maxDocumentBytes?: number | undefined;
  /** Time budget per document validated on the engine worker, in ms (default 5000). */
  timeoutMs?: number | undefined;
  /** Documents up to this size (UTF-8 bytes, default 16 KiB) are validated on the caller's thread, which
   * costs microseconds; larger ones go to the engine worker so that the caller's event loop stays free. */
  inlineMaxBytes?: number;
  /** Accepts elements the schema does not list: the document with each of them blanked out, positions kept
   * (`@svc-contracts/xsd-model`'s `unlistedElementsBlanker(loadXsd(xsdPath))`). */
  acceptUnlisted?: (xml: string) => string;
  /** Largest document (UTF-16 units) handed to `acceptUnlisted`, default 1 MiB so that a thread serving
   * requests never scans a large hostile document. */
  acceptUnlistedMaxLength?: number | undefined;
}
