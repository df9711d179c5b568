import { type X2jOptions, XMLParser } from 'fast-xml-parser';
import { assertNoDoctype } from './doctype-guard.js';
import { XmlWellFormednessError } from './errors.js';
import { createIssue } from './issue.js';
import { findWellFormednessViolation } from './well-formed.js';
import { strictXmlEntityDecoder } from './xml-entities.js';

export interface ParseXmlOptions {
  /** Elements that are always returned as arrays, even when they occur once (for example `['TelephoneNumber',
   * 'Parameter']`). */
  arrayElements?: Iterable<string>;
  /** Finer control than `arrayElements`: elements returned as arrays at these dotted paths only, such as
   * `Order.TelephoneNumberList.TelephoneNumber`. */
  arrayPaths?: Iterable<string>;
  /** Drop namespace prefixes from element and attribute names (default false). */
  removeNamespacePrefix?: boolean;
  /** Name used in error messages. */
  fileName?: string;
}

/** Attribute keys are the attribute name with this prefix: `<Order id="1">` gives `{ Order: { '@_id': '1' } }`. */
export const XML_ATTRIBUTE_PREFIX = '@_';

/** Parses XML into plain objects, safely: no DOCTYPE, no entity expanded, every value a string, a document
 * not well-formed refused with line and column (README: `parseXml`). */
export function parseXml<T = Record<string, unknown>>(xml: string, options: ParseXmlOptions = {}): T {
  return createXmlParser<T>(options)(xml, options.fileName);
}

/** {@link parseXml} with its options fixed: the `fileName` (for messages) is given per document. */
export type XmlParse<T> = (xml: string, fileName?: string) => T;

/** {@link parseXml} for many documents read the same way (a client reading its answers): the parser is built
 * once, and each document is still checked for a DOCTYPE and for well-formedness before it is read. */
export function createXmlParser<T = Record<string, unknown>>(
  options: Omit<ParseXmlOptions, 'fileName'> = {},
): XmlParse<T> {
  const parser = new XMLParser(parserOptions(options));
  return (xml, fileName) => {
    assertWellFormedSyntax(xml, fileName);
    return parseChecked(parser, xml, fileName) as T;
  };
}

/** fast-xml-parser's parse of a document the well-formedness check accepted. */
function parseChecked(parser: XMLParser, xml: string, fileName: string | undefined): unknown {
  try {
    return parser.parse(xml);
  } catch (error) {
    if (error instanceof XmlWellFormednessError || !(error instanceof Error)) throw error;
    throw new XmlWellFormednessError(createIssue({ rule: 'well-formed', text: error.message, fileName }));
  }
}

/** The plain parser that {@link assertWellFormedXml} falls back on. */
let strictParser: XMLParser | undefined;

/** `<?xml version="1.x" encoding="..." standalone="..."?>` as XML 1.0 writes it (the `XMLDecl` production),
 * at the very start: a declaration fast-xml-parser reads without refusing it. */
const XML_DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.[0-9]+\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>/;

/** Whether the parse could refuse what the well-formedness check accepted: only a processing instruction
 * other than a standard XML declaration (fast-xml-parser reads their pseudo-attributes). */
function parseMayRefuse(xml: string): boolean {
  const declaration = XML_DECLARATION.exec(xml);
  return xml.includes('<?', declaration === null ? 0 : declaration[0].length);
}

/** Throws as {@link parseXml} does for a document that declares a DTD or is not well-formed, without building
 * the objects of one that is: for a caller that only needs the verdict (the contract checker's XML bodies
 * that have no XSD, a client's raw document before it is sent). */
export function assertWellFormedXml(xml: string, fileName?: string): void {
  assertWellFormedSyntax(xml, fileName);
  if (!parseMayRefuse(xml)) return;
  strictParser ??= new XMLParser(parserOptions({}));
  parseChecked(strictParser, xml, fileName);
}

/** fast-xml-parser read the safe way (see {@link parseXml}), with `options`' array elements. */
function parserOptions(options: Omit<ParseXmlOptions, 'fileName'>): X2jOptions {
  const arrayElements = new Set(options.arrayElements ?? []);
  const arrayPaths = new Set(options.arrayPaths ?? []);
  // The path of an element is built only for a name that ends one of `arrayPaths` (`jPath: false`):
  // writing out every element's path is a cost on every parse.
  const arrayPathEnds = new Set([...arrayPaths].map((path) => path.slice(path.lastIndexOf('.') + 1)));
  return {
    ignoreAttributes: false,
    attributeNamePrefix: XML_ATTRIBUTE_PREFIX,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    ignorePiTags: true,
    removeNSPrefix: options.removeNamespacePrefix ?? false,
    processEntities: true,
    htmlEntities: false,
    entityDecoder: strictXmlEntityDecoder(),
    jPath: false,
    isArray: (name, jPath, _isLeaf, isAttribute) =>
      !isAttribute && (arrayElements.has(name) || (arrayPathEnds.has(name) && arrayPaths.has(String(jPath)))),
  };
}

/** No DTD, then the well-formedness check (well-formed.ts): what every read of a document starts with. */
function assertWellFormedSyntax(xml: string, fileName: string | undefined): void {
  assertNoDoctype(xml, fileName);
  const violation = findWellFormednessViolation(xml);
  if (violation === undefined) return;
  const { text, line, column } = violation;
  throw new XmlWellFormednessError(createIssue({ rule: 'well-formed', text, line, column, fileName }));
}
