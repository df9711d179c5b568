import { SdkError } from '@svc-contracts/client-runtime';
import type { XmlIssue } from '@svc-contracts/xml-validator';

/**
 * An XML document that cannot be used: invalid against its XSD, not well-formed, carrying a DOCTYPE
 * (refused: no DTD, no entities), or with a value of the wrong type. `issues` lists what is wrong, with
 * line and element path where known.
 */
export class XmlDocumentError extends SdkError {
  override name = 'XmlDocumentError';
  constructor(
    message: string,
    readonly issues: readonly XmlIssue[] = [],
  ) {
    super(
      issues.length === 0
        ? message
        : `${message}\n${issues.map((issue) => `  - ${issue.message}`).join('\n')}`,
    );
  }
}
