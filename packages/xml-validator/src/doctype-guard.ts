import { XmlDoctypeForbiddenError } from './errors.js';
import { createIssue } from './issue.js';
import { LineIndex } from './line-index.js';
import type { XmlIssue } from './types.js';

/**
 * A DOCTYPE is the only door to DTDs, external entities (XXE) and entity expansion bombs (billion laughs),
 * and none of our documents needs one. We look for the declarations anywhere in the text, also inside
 * comments or CDATA and in any letter case: a false alarm on a comment that mentions `<!DOCTYPE` is a
 * price worth paying for a check that a tokenizer quirk cannot bypass.
 */
const FORBIDDEN_DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

/**
 * Returns a `doctype-forbidden` issue (with line and column) when the document carries a DOCTYPE or
 * ENTITY declaration, otherwise undefined. Runs before any parser or engine sees the document.
 */
export function findForbiddenDeclaration(xml: string, fileName?: string): XmlIssue | undefined {
  const match = FORBIDDEN_DECLARATION.exec(xml);
  if (match === null) return undefined;
  const keyword = (match[1] ?? 'DOCTYPE').toUpperCase();
  const { line, column } = new LineIndex(xml).positionOf(match.index);
  return createIssue({
    rule: 'doctype-forbidden',
    text: `${keyword} declarations are forbidden: documents may not declare a DTD or entities (no external entities, no entity expansion).`,
    line,
    column,
    fileName,
  });
}

/** Throws {@link XmlDoctypeForbiddenError} when the document carries a DOCTYPE or ENTITY declaration. */
export function assertNoDoctype(xml: string, fileName?: string): void {
  const issue = findForbiddenDeclaration(xml, fileName);
  if (issue !== undefined) throw new XmlDoctypeForbiddenError(issue);
}
