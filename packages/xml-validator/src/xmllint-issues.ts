import { ElementLocator } from './element-locator.js';
import { XmlEngineError } from './errors.js';
import { createIssue } from './issue.js';
import { LineIndex } from './line-index.js';
import type { XmlIssue, XmlValidationResult } from './types.js';
import type { XmllintDiagnostic, XmllintDocumentReport } from './xmllint-output.js';

// `Element 'Order', attribute 'foo': ...` or `Element '{urn:x}Order': ...`
const SUBJECT = /^Element '([^']+)'(?:, attribute '([^']+)')?:/;
const FACET_VIOLATION = /\[facet '[^']+'\]/;
const ATOMIC_TYPE_FOLLOW_UP = /is not a valid value of the (?:local )?(?:atomic|union|list) type/;

/**
 * Turns xmllint's report on one document into issues with the caller's file name, a line, and where it can
 * be derived a column and an element path. Engine temp file names never reach the caller.
 */
export function toValidationResult(
  report: XmllintDocumentReport,
  xml: string,
  fileName: string | undefined,
): XmlValidationResult {
  if (report.status === 'internal-error') {
    throw new XmlEngineError(`The XSD engine failed internally on ${fileName ?? 'the document'}.`);
  }
  const diagnostics = report.diagnostics.filter((diagnostic) => diagnostic.kind !== 'warning');
  const firstWellFormednessError = diagnostics.find((diagnostic) => diagnostic.kind === 'well-formed');
  if (firstWellFormednessError !== undefined) {
    // A parser error ends well-formedness; what the parser says after it is mostly a consequence of the first.
    return { valid: false, issues: [wellFormednessIssue(firstWellFormednessError, xml, fileName)] };
  }
  if (report.status === 'valid' && diagnostics.length === 0) return { valid: true, issues: [] };
  if (diagnostics.length === 0) {
    throw new XmlEngineError(`The XSD engine gave no verdict on ${fileName ?? 'the document'}.`);
  }
  const locator = new ElementLocator(xml);
  const issues = dropRedundantFollowUps(diagnostics).map((diagnostic) =>
    diagnostic.kind === 'xsd' || report.status === 'invalid'
      ? schemaIssue(diagnostic, locator, fileName)
      : createIssue({
          rule: 'well-formed',
          text: readable(diagnostic.text),
          line: diagnostic.line,
          fileName,
        }),
  );
  return { valid: false, issues };
}

function schemaIssue(
  diagnostic: XmllintDiagnostic,
  locator: ElementLocator,
  fileName: string | undefined,
): XmlIssue {
  const subject = SUBJECT.exec(diagnostic.text);
  const located =
    subject?.[1] === undefined || diagnostic.line === undefined
      ? undefined
      : locator.locate(subject[1], diagnostic.line);
  const attribute = subject?.[2];
  return createIssue({
    rule: 'xsd',
    text: readable(diagnostic.text),
    line: diagnostic.line,
    column: located?.column,
    path:
      located === undefined
        ? undefined
        : attribute === undefined
          ? located.path
          : `${located.path}/@${attribute}`,
    fileName,
  });
}

function wellFormednessIssue(
  diagnostic: XmllintDiagnostic,
  xml: string,
  fileName: string | undefined,
): XmlIssue {
  return createIssue({
    rule: 'well-formed',
    text: readable(diagnostic.text),
    line: diagnostic.line,
    column: columnFromExcerpt(diagnostic, xml),
    fileName,
  });
}

/**
 * xmllint prints no column, but under a parser error it prints an excerpt of the line and a caret under the
 * error. Finding the excerpt in our copy of the line gives the column.
 */
function columnFromExcerpt(diagnostic: XmllintDiagnostic, xml: string): number | undefined {
  const { excerpt, caret, line } = diagnostic;
  if (excerpt === undefined || caret === undefined || line === undefined) return undefined;
  const caretOffset = caret.indexOf('^');
  const sourceLine = new LineIndex(xml).lineText(line);
  if (caretOffset === -1 || sourceLine === undefined) return undefined;
  const excerptStart = excerpt === '' ? 0 : sourceLine.indexOf(excerpt);
  if (excerptStart === -1) return undefined;
  // libxml2 pads the caret line with one space per UTF-8 byte, not per character.
  const charactersBeforeCaret = Buffer.from(excerpt, 'utf8').subarray(0, caretOffset).toString('utf8').length;
  return Math.min(excerptStart + charactersBeforeCaret, sourceLine.length) + 1;
}

/**
 * A facet violation (`[facet 'pattern'] The value '4155550100' is not accepted ...`) is followed by a second
 * message that the value is not valid for the type. The first one says why; the second adds nothing.
 */
function dropRedundantFollowUps(diagnostics: XmllintDiagnostic[]): XmllintDiagnostic[] {
  return diagnostics.filter((diagnostic, index) => {
    const previous = diagnostics[index - 1];
    return !(
      previous !== undefined &&
      previous.line === diagnostic.line &&
      FACET_VIOLATION.test(previous.text) &&
      ATOMIC_TYPE_FOLLOW_UP.test(diagnostic.text) &&
      SUBJECT.exec(previous.text)?.[0] === SUBJECT.exec(diagnostic.text)?.[0]
    );
  });
}

/** `Element 'X': ...` reads better after `line 4: ` as `element 'X': ...`; other messages keep their words. */
function readable(text: string): string {
  return text.replace(/^Element '/, "element '");
}
