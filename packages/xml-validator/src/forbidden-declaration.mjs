// Finds a DOCTYPE or ENTITY declaration in a document's text: the one rule behind the DOCTYPE guard
// (doctype-guard.ts), run before any parser sees a document, on the caller's thread for small documents and
// on the engine worker for large ones.
import { LineCounter } from './line-counter.mjs';

/** A DOCTYPE is the only door to DTDs, external entities (XXE) and entity expansion bombs (billion laughs),
 * and none of our documents needs one. */
const FORBIDDEN_DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

/** The first DOCTYPE or ENTITY declaration of the text, with its line and column; undefined when there is
 * none. */
export function findDeclaration(xml) {
  const match = FORBIDDEN_DECLARATION.exec(xml);
  if (match === null) return undefined;
  const keyword = (match[1] ?? 'DOCTYPE').toUpperCase() === 'ENTITY' ? 'ENTITY' : 'DOCTYPE';
  const counter = new LineCounter(xml);
  counter.advanceTo(match.index);
  return { keyword, line: counter.line, column: counter.columnOf(match.index) };
}
