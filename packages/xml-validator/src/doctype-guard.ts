import { XmlDoctypeForbiddenError } from './errors.js';
import { type ForbiddenDeclaration, findDeclaration } from './forbidden-declaration.mjs';
import { createIssue } from './issue.js';
import type { XmlIssue } from './types.js';

/** Returns a `doctype-forbidden` issue (with line and column) when the document carries a DOCTYPE or ENTITY
 * declaration, otherwise undefined. */
export function findForbiddenDeclaration(xml: string, fileName?: string): XmlIssue | undefined {
  const found = findDeclaration(xml);
  return found === undefined ? undefined : forbiddenDeclarationIssue(found, fileName);
}

/** The issue for a declaration found here or by the engine worker. */
export function forbiddenDeclarationIssue(found: ForbiddenDeclaration, fileName?: string): XmlIssue {
  return createIssue({
    rule: 'doctype-forbidden',
    text: `${found.keyword} declarations are forbidden: documents may not declare a DTD or entities (no external entities, no entity expansion).`,
    line: found.line,
    column: found.column,
    fileName,
  });
}

/** Throws {@link XmlDoctypeForbiddenError} when the document carries a DOCTYPE or ENTITY declaration. */
export function assertNoDoctype(xml: string, fileName?: string): void {
  const issue = findForbiddenDeclaration(xml, fileName);
  if (issue !== undefined) throw new XmlDoctypeForbiddenError(issue);
}
