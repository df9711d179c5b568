import { ElementLocator } from './element-locator.js';
import type { EngineVerdict } from './engine-core.js';
import { createIssue } from './issue.js';
import type { XmlIssue, XmlValidationResult } from './types.js';
import type { EngineFailure } from './worker-engine.js';

// `Element 'Order', attribute 'foo': ...` or `Element '{urn:x}Order': ...`
const SUBJECT = /^Element '([^']+)'(?:, attribute '([^']+)')?:/;

/**
 * Turns the engine's verdict on one document into issues with the caller's file name, a line, and where
 * it can be derived a column and an element path. At most `maxIssues` schema issues are listed; one more
 * issue then says how many were left out. Linear in the document: one pass locates every listed issue.
 */
export function toValidationResult(
  outcome: EngineVerdict | EngineFailure,
  xml: string,
  fileName: string | undefined,
  maxIssues: number,
): XmlValidationResult {
  switch (outcome.kind) {
    case 'valid':
      return { valid: true, issues: [] };
    case 'engine-failure':
      return { valid: false, issues: [engineFailureIssue(outcome.reason, fileName)] };
    case 'not-well-formed':
      return {
        valid: false,
        issues: [
          createIssue({
            rule: 'well-formed',
            text: outcome.message,
            line: outcome.line ?? 1,
            column: outcome.column,
            fileName,
          }),
        ],
      };
    case 'invalid':
      return schemaResult(outcome, xml, fileName, maxIssues);
  }
}

export function engineFailureIssue(reason: string, fileName: string | undefined): XmlIssue {
  return createIssue({
    rule: 'engine-failure',
    text: `the document could not be validated: ${reason}. Other documents are not affected.`,
    fileName,
  });
}

function schemaResult(
  verdict: Extract<EngineVerdict, { kind: 'invalid' }>,
  xml: string,
  fileName: string | undefined,
  maxIssues: number,
): XmlValidationResult {
  const listed = verdict.issues.slice(0, maxIssues);
  const locator = new ElementLocator(
    xml,
    listed.flatMap((issue) => (issue.line === undefined ? [] : [issue.line])),
  );
  const issues = listed.map((issue) => {
    const subject = SUBJECT.exec(issue.message);
    const located =
      subject?.[1] === undefined || issue.line === undefined
        ? undefined
        : locator.locate(subject[1], issue.line);
    const attribute = subject?.[2];
    return createIssue({
      rule: 'xsd',
      text: readable(issue.message),
      line: issue.line,
      column: located?.column,
      path:
        located === undefined
          ? undefined
          : attribute === undefined
            ? located.path
            : `${located.path}/@${attribute}`,
      fileName,
    });
  });
  if (issues.length === 0) {
    issues.push(
      createIssue({ rule: 'xsd', text: 'the document is not valid against the schema.', fileName }),
    );
  }
  const omitted = verdict.total - listed.length;
  if (omitted > 0) {
    issues.push(
      createIssue({
        rule: 'xsd',
        text: `and ${omitted} more schema ${omitted === 1 ? 'issue' : 'issues'} (${verdict.total} in all; at most ${maxIssues} are listed per document, see maxIssues).`,
        fileName,
      }),
    );
    return { valid: false, issues, omittedIssues: omitted };
  }
  return { valid: false, issues };
}

/** `Element 'X': ...` reads better after `line 4: ` as `element 'X': ...`; other messages keep their words. */
function readable(text: string): string {
  return text.replace(/^Element '/, "element '");
}
