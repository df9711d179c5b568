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

/**
 * Decodes what a document without a DTD may contain: the five predefined entities and numeric character
 * references. Anything else (`&nbsp;`, `&xxe;`, a bare `&`) is a well-formedness error, as it is for a
 * conforming XML parser. It never learns entities from the document, so nothing can expand.
 */
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

function numericReference(name: string): number | undefined {
  const digits = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(name);
  if (digits === null) return undefined;
  const codePoint =
    digits[1] === undefined ? Number.parseInt(digits[2] ?? '', 10) : Number.parseInt(digits[1], 16);
  return isXmlChar(codePoint) ? codePoint : undefined;
}

/** The XML 1.0 `Char` production: references to anything else are not well-formed. */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

function undefinedReference(reference: string): XmlWellFormednessError {
  return new XmlWellFormednessError(
    createIssue({
      rule: 'well-formed',
      text: `'${reference}' is not a predefined entity or a valid character reference (documents may not declare entities).`,
    }),
  );
}
