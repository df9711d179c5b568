import type { EntityDecoderOptions } from 'fast-xml-parser';
import { XmlWellFormednessError } from './errors.js';
import { createIssue } from './issue.js';

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  apos: "'",
  quot: '"',
};

const REFERENCE = /&([^;&\s<]*);?/g;

/** Decodes what a document without a DTD may contain: the five predefined entities and numeric character
 * references. */
export function decodeXmlReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (reference: string, name: string) => {
    if (!reference.endsWith(';')) throw undefinedReference(reference);
    const predefined = PREDEFINED_ENTITIES[name];
    if (predefined !== undefined) return predefined;
    const codePoint = numericReference(name);
    if (codePoint === undefined) throw undefinedReference(reference);
    return String.fromCodePoint(codePoint);
  });
}

/** fast-xml-parser's `entityDecoder` hook, backed by {@link decodeXmlReferences}. */
export function strictXmlEntityDecoder(): EntityDecoderOptions {
  return {
    // Entities declared by a DTD would arrive here; documents with a DTD are refused before parsing.
    setExternalEntities: () => undefined,
    addInputEntities: () => undefined,
    reset: () => undefined,
    setXmlVersion: () => undefined,
    decode: decodeXmlReferences,
  };
}

/** What {@link escapeXmlText} writes for each character that it escapes. */
const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  // Only `]]>` requires it; escaped everywhere, so no split of a value can form one.
  '>': '&gt;',
  // A literal carriage return would reach the reader as a line feed (XML normalizes line ends).
  '\r': '&#13;',
};

const NEEDS_ESCAPE = /[&<>\r]/;
const EACH_ESCAPED = /[&<>\r]/g;

/** Text as XML element content, read back by any XML parser as exactly `text`: `&`, `<` and `>` become the
 * predefined entities, a carriage return a character reference. */
export function escapeXmlText(text: string): string {
  // Most values have nothing to escape: they are returned as they are, with no new string.
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(EACH_ESCAPED, (char) => TEXT_ESCAPES[char] as string);
}

/** Outside the XML 1.0 `Char` production (with `u`, a lone surrogate is a code point of its own). */
const ILLEGAL_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const EACH_ILLEGAL_CHARACTER = new RegExp(ILLEGAL_CHARACTER.source, 'gu');

/** The first character of `text` that no XML 1.0 document may contain, not even as a reference (a C0 control
 * other than tab, line feed and carriage return, U+FFFE, U+FFFF, a lone surrogate), as its code point;
 * `undefined` when there is none. */
export function findIllegalXmlCharacter(text: string): number | undefined {
  const found = ILLEGAL_CHARACTER.exec(text);
  return found === null ? undefined : found[0].codePointAt(0);
}

/** `text` with every character XML 1.0 cannot carry replaced by U+FFFD, for text a program writes into a
 * document it must not refuse to write (an error message quoting what a request sent). */
export function replaceIllegalXmlCharacters(text: string): string {
  return ILLEGAL_CHARACTER.test(text) ? text.replace(EACH_ILLEGAL_CHARACTER, '\uFFFD') : text;
}

function numericReference(name: string): number | undefined {
  const digits = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(name);
  if (digits === null) return undefined;
  const codePoint =
    digits[1] === undefined ? Number.parseInt(digits[2] ?? '', 10) : Number.parseInt(digits[1], 16);
  return isXmlChar(codePoint) ? codePoint : undefined;
}

/** The XML 1.0 `Char` production ({@link ILLEGAL_CHARACTER}): references to anything else are not well-formed. */
function isXmlChar(codePoint: number): boolean {
  return codePoint <= 0x10ffff && !ILLEGAL_CHARACTER.test(String.fromCodePoint(codePoint));
}

function undefinedReference(reference: string): XmlWellFormednessError {
  return new XmlWellFormednessError(
    createIssue({
      rule: 'well-formed',
      text: `'${reference}' is not a predefined entity or a valid character reference (documents may not declare entities).`,
    }),
  );
}
