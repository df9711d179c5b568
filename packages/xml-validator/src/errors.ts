import type { XmlIssue } from './types.js';

/** Thrown by {@link assertNoDoctype} and `parseXml` when a document carries a DOCTYPE or ENTITY declaration. */
export class XmlDoctypeForbiddenError extends Error {
  override readonly name = 'XmlDoctypeForbiddenError';
  constructor(readonly issue: XmlIssue) {
    super(issue.message);
  }
}

/** Thrown by `parseXml` when a document is not well-formed XML. */
export class XmlWellFormednessError extends Error {
  override readonly name = 'XmlWellFormednessError';
  constructor(readonly issue: XmlIssue) {
    super(issue.message);
  }
}

/** Thrown when an XSD cannot be used: missing file, missing include, remote location, DOCTYPE in the schema,
 * or a schema the engine refuses to compile. */
export class XsdLoadError extends Error {
  override readonly name = 'XsdLoadError';
  constructor(
    message: string,
    /** The XSD file the problem is in (as the caller or the including schema wrote it). */
    readonly xsdPath: string,
  ) {
    super(message);
  }
}
