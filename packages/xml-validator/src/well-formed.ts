import { SaxesParser, type SaxesStartTagNS, type SaxesTagNS } from 'saxes';

/** The first well-formedness error of a document, where saxes stopped. */
export interface WellFormednessViolation {
  /** saxes' message without its position, for example `documents may contain only one root.` */
  text: string;
  line: number | undefined;
  column: number | undefined;
}

/** Deepest nesting of elements accepted: libxml2, the XSD engine, refuses a 257th level (without its
 * `XML_PARSE_HUGE` option), so a document this check accepts is one the engine can read. */
export const MAX_ELEMENT_DEPTH = 256;

/** The prefixes bound in every document (Namespaces in XML 1.0, section 3). */
const PREDEFINED_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['xml', 'http://www.w3.org/XML/1998/namespace'],
  ['xmlns', 'http://www.w3.org/2000/xmlns/'],
]);

/** saxes prefixes its messages with `line:column: `. */
const POSITIONED = /^(\d+):(\d+): ([\s\S]*)$/;

/** A saxes parser with what this module follows of the document it reads. */
interface Checker {
  parser: SaxesParser<{ xmlns: true }>;
  /** The element whose start tag is being read (its namespace declarations are read first). */
  opening: SaxesStartTagNS | undefined;
  /** The element saxes closed last: at a mismatched end tag, the one that is still open. */
  closed: SaxesTagNS | undefined;
}

/** One checker for every document of this thread: a check is synchronous, and saxes resets itself at the end
 * of a document it accepted (a parser per document costs more than checking a small one). */
let idle: Checker | undefined;

/** The XML 1.0 well-formedness verdict of a document by saxes (namespaces on, as libxml2 requires), at most
 * {@link MAX_ELEMENT_DEPTH} levels deep; one pass, the first error ends it (README: what it checks). */
export function findWellFormednessViolation(xml: string): WellFormednessViolation | undefined {
  const checker = idle ?? newChecker();
  idle = undefined;
  try {
    // With no `error` handler, saxes throws its first error.
    checker.parser.write(xml).close();
    idle = checker;
    return undefined;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const positioned = POSITIONED.exec(message);
    if (positioned === null) return { text: message, line: undefined, column: undefined };
    const line = Number(positioned[1]);
    const column = Number(positioned[2]);
    return {
      text: explained(positioned[3] as string, checker, xml, line, column),
      line: line > 0 ? line : undefined,
      // Column 0 is saxes' "before the first character" (an empty document).
      column: column > 0 ? column : undefined,
    };
  }
}

function newChecker(): Checker {
  const parser = new SaxesParser({ xmlns: true });
  const checker: Checker = { parser, opening: undefined, closed: undefined };
  // Open elements; back to 0 at the end of every accepted document (a self-closing one closes too).
  let depth = 0;
  // Each prefix declared by an open element, innermost binding last; empty again after a document.
  const inScope = new Map<string, string[]>();
  parser.on('opentagstart', (tag) => {
    checker.opening = tag;
    if (++depth > MAX_ELEMENT_DEPTH) {
      parser.fail(`elements nested deeper than ${MAX_ELEMENT_DEPTH} levels (the XSD engine's limit).`);
    }
  });
  parser.on('opentag', (tag) => {
    for (const prefix in tag.ns) {
      const bindings = inScope.get(prefix);
      if (bindings === undefined) inScope.set(prefix, [tag.ns[prefix] as string]);
      else bindings.push(tag.ns[prefix] as string);
    }
  });
  parser.on('closetag', (tag) => {
    depth--;
    checker.closed = tag;
    for (const prefix in tag.ns) {
      const bindings = inScope.get(prefix);
      bindings?.pop();
      // A prefix no open element binds goes: documents may use any number of distinct prefixes.
      if (bindings?.length === 0) inScope.delete(prefix);
    }
  });
  // saxes resolves a prefix by looking through the declarations of every open element, for every element:
  // quadratic in the depth without this map.
  parser.resolve = (prefix) => {
    const own = checker.opening?.ns[prefix];
    if (own !== undefined) return own;
    const bindings = inScope.get(prefix);
    // A Map, not an object: a prefix named `constructor` or `__proto__` must not find Object's members.
    return bindings === undefined ? PREDEFINED_PREFIXES.get(prefix) : bindings[bindings.length - 1];
  };
  return checker;
}

/** saxes' message, with the name it leaves out where this module still knows it. */
function explained(text: string, checker: Checker, xml: string, line: number, column: number): string {
  if (text === 'unexpected close tag.' && checker.closed !== undefined) {
    return `unexpected close tag: <${checker.closed.name}> is still open.`;
  }
  return text.includes('entity') ? namingReference(text, xml, line, column) : text;
}

/** saxes says `undefined entity.` without naming it: the message gets the reference it stopped at (the last
 * `&` on that line before the error column), as `undefined entity: &nbsp;`. */
function namingReference(text: string, xml: string, line: number, column: number): string {
  let start = 0;
  for (let at = 1; at < line && start !== -1; at++) {
    const newline = xml.indexOf('\n', start);
    start = newline === -1 ? -1 : newline + 1;
  }
  if (start === -1) return text;
  const before = xml.slice(start, start + column);
  const ampersand = before.lastIndexOf('&');
  if (ampersand === -1) return text;
  const reference = /^&[^;&\s<]{0,40};?/.exec(before.slice(ampersand))?.[0];
  return reference === undefined ? text : `${text.replace(/\.$/, '')}: ${reference}`;
}
