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
  /** Which check failed: `xsd`, `well-formed` or `doctype-forbidden`. */
  rule: XmlIssueRule;
  /** The caller's name for the document (never an engine temp file name), when one was given. */
  fileName?: string;
}

export type XmlIssueRule = 'xsd' | 'well-formed' | 'doctype-forbidden';

export interface XmlValidationResult {
  valid: boolean;
  issues: XmlIssue[];
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
   * Validates one document. Calls made while the engine is busy are validated together in one engine run,
   * so `Promise.all(docs.map((d) => validator.validate(d)))` is as fast as {@link validateMany}.
   */
  validate(xml: string, opts?: ValidateOptions): Promise<XmlValidationResult>;
  /** Validates many documents in few engine runs; results are in input order. */
  validateMany(docs: readonly XmlDocumentInput[]): Promise<XmlValidationResult[]>;
  /** Waits for pending validations and releases the shared engine. Later calls reject. */
  close(): Promise<void>;
}

export interface XsdValidatorOptions {
  /** Most documents sent to the engine in one run (default 200). Larger runs need more engine memory. */
  maxBatchSize?: number;
}
