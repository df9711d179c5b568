import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { assertNoDoctype } from './doctype-guard.js';
import { XmlWellFormednessError } from './errors.js';
import { createIssue } from './issue.js';
import { strictXmlEntityDecoder } from './xml-entities.js';

export interface ParseXmlOptions {
  /**
   * Elements that are always returned as arrays, even when they occur once (for example
   * `['TelephoneNumber', 'Parameter']`). Matched on the element name as written.
   */
  arrayElements?: Iterable<string>;
  /**
   * Finer control than `arrayElements`: elements returned as arrays at these dotted paths only, such as
   * `Order.TelephoneNumberList.TelephoneNumber`.
   */
  arrayPaths?: Iterable<string>;
  /** Drop namespace prefixes from element and attribute names (default false). */
  removeNamespacePrefix?: boolean;
  /** Name used in error messages. */
  fileName?: string;
}

/** Attribute keys are the attribute name with this prefix: `<Order id="1">` gives `{ Order: { '@_id': '1' } }`. */
export const XML_ATTRIBUTE_PREFIX = '@_';

/**
 * Parses XML into plain objects, safely and without guessing types:
 * - a DOCTYPE or ENTITY declaration is refused (`XmlDoctypeForbiddenError`) before parsing;
 * - only the five predefined entities and character references are decoded, nothing is expanded;
 * - every value stays a string (`+14155550100` stays `'+14155550100'`, `007` stays `'007'`);
 * - a document that is not well-formed throws `XmlWellFormednessError` with line and column.
 * Elements with text and attributes become `{ '#text': ..., '@_name': ... }`; empty elements become `''`.
 */
export function parseXml<T = Record<string, unknown>>(xml: string, options: ParseXmlOptions = {}): T {
  return createXmlParser<T>(options)(xml, options.fileName);
}

/** {@link parseXml} with its options fixed: the `fileName` (for messages) is given per document. */
export type XmlParse<T> = (xml: string, fileName?: string) => T;

/**
 * {@link parseXml} for many documents read the same way (a client reading its answers): the parser is
 * built once, and each document is still checked for a DOCTYPE and for well-formedness before it is read.
 */
export function createXmlParser<T = Record<string, unknown>>(
  options: Omit<ParseXmlOptions, 'fileName'> = {},
): XmlParse<T> {
  const arrayElements = new Set(options.arrayElements ?? []);
  const arrayPaths = new Set(options.arrayPaths ?? []);
  // The path of an element is built only for a name that ends one of `arrayPaths`: fast-xml-parser
  // hands over its path matcher (`jPath: false`), and writing out every element's path was a tenth of
  // the parse of a small document.
  const arrayPathEnds = new Set([...arrayPaths].map((path) => path.slice(path.lastIndexOf('.') + 1)));
  const parser = new XMLParser({
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
  });
  return (xml, fileName) => {
    assertNoDoctype(xml, fileName);
    assertWellFormed(xml, fileName);
    return parser.parse(xml) as T;
  };
}

function assertWellFormed(xml: string, fileName: string | undefined): void {
  const verdict = XMLValidator.validate(xml);
  if (verdict === true) return;
  const { msg, line, col } = verdict.err;
  throw new XmlWellFormednessError(
    createIssue({ rule: 'well-formed', text: msg, line, column: col, fileName }),
  );
}
