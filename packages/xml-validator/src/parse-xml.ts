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
  /** Finer control than `arrayElements`: `jPath` is the dotted path such as `Order.TelephoneNumberList.TelephoneNumber`. */
  isArray?: (elementName: string, jPath: string) => boolean;
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
  const isArray = options.isArray;
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
    isArray: (name, jPath, _isLeaf, isAttribute) =>
      !isAttribute && (arrayElements.has(name) || (isArray?.(name, String(jPath)) ?? false)),
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
