// Finds a DOCTYPE or ENTITY declaration in a document's text: the one rule behind the DOCTYPE guard
// (doctype-guard.ts), run before any parser sees a document, on the caller's thread for small documents
// and on the engine worker for large ones.
//
// Plain JavaScript for the same reason as libxml2-core.mjs: the worker loads it by URL from src/ and dist/.
import { LineCounter } from './line-counter.mjs';

/**
 * A DOCTYPE is the only door to DTDs, external entities (XXE) and entity expansion bombs (billion laughs),
 * and none of our documents needs one. We look for the declarations anywhere in the text, also inside
 * comments or CDATA and in any letter case: a false alarm on a comment that mentions `<!DOCTYPE` is a
 * price worth paying for a check that a tokenizer quirk cannot bypass.
 */
const FORBIDDEN_DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

/**
 * The first DOCTYPE or ENTITY declaration of the text, with its line and column; undefined when there is
 * none. Lines are counted only up to the declaration.
 * @param {string} xml
 * @returns {{ keyword: 'DOCTYPE' | 'ENTITY', line: number, column: number } | undefined}
 */
export function findDeclaration(xml) {
  const match = FORBIDDEN_DECLARATION.exec(xml);
  if (match === null) return undefined;
  const keyword = (match[1] ?? 'DOCTYPE').toUpperCase() === 'ENTITY' ? 'ENTITY' : 'DOCTYPE';
  const counter = new LineCounter(xml);
  counter.advanceTo(match.index);
  return { keyword, line: counter.line, column: counter.columnOf(match.index) };
}
