import { forbiddenDeclarationIssue } from './doctype-guard.js';
import type { EngineLimits, EngineVerdict } from './engine-core.js';
import { createIssue } from './issue.js';
import type { XmlIssue, XmlValidationResult } from './types.js';
import type { EngineFailure } from './worker-engine.js';

/** Turns the engine's verdict on one document into issues with the caller's file name, a line, and where the
 * engine found it a column and an element path. */
export function toValidationResult(
  outcome: EngineVerdict | EngineFailure,
  fileName: string | undefined,
  limits: EngineLimits,
): XmlValidationResult {
  switch (outcome.kind) {
    case 'valid':
      return { valid: true, issues: [] };
    case 'too-large':
      return { valid: false, issues: [tooLargeIssue(outcome.bytes, limits.maxDocumentBytes, fileName)] };
    case 'forbidden':
      return { valid: false, issues: [forbiddenDeclarationIssue(outcome, fileName)] };
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
      return schemaResult(outcome, fileName, limits.maxIssues);
  }
}

export function engineFailureIssue(reason: string, fileName: string | undefined): XmlIssue {
  return createIssue({
    rule: 'engine-failure',
    text: `the document could not be validated: ${reason}. Other documents are not affected.`,
    fileName,
  });
}

export function tooLargeIssue(bytes: number, limit: number, fileName: string | undefined): XmlIssue {
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

function schemaResult(
  verdict: Extract<EngineVerdict, { kind: 'invalid' }>,
  fileName: string | undefined,
  maxIssues: number,
): XmlValidationResult {
  const listed = verdict.issues.slice(0, maxIssues);
  // Located by the engine's thread (see element-locator.mjs): nothing here reads the document.
  const issues = listed.map((issue) =>
    createIssue({
      rule: 'xsd',
      text: readable(issue.message),
      line: issue.line,
      column: issue.column,
      path: issue.path,
      fileName,
    }),
  );
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
