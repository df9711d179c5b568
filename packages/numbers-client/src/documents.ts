import { type XmlDocumentName, type XmlDocumentTypes, xmlDocuments } from './generated/xml-documents.js';
import { buildXml } from './xml/build.js';
import { parseDocument } from './xml/parse.js';
import { assertValid } from './xml/validate.js';

/**
 * The XML text of a typed document (`toXml('Order', order)`), in schema order. Validate it with
 * {@link validateDocument} before sending; the client does both.
 */
export function toXml<Name extends XmlDocumentName>(name: Name, document: XmlDocumentTypes[Name]): string {
  return buildXml(xmlDocuments[name], document);
}

/** A typed document from XML text, read safely (no DTD, no entities); not validated. */
export function fromXml<Name extends XmlDocumentName>(name: Name, xml: string): XmlDocumentTypes[Name] {
  return parseDocument<XmlDocumentTypes[Name]>(xmlDocuments[name], xml);
}

/** Validates XML text against the document's XSD; throws `XmlDocumentError` with every issue. */
export function validateDocument(name: XmlDocumentName, xml: string, fileName: string = name): Promise<void> {
  return assertValid(xmlDocuments[name], xml, fileName);
}
