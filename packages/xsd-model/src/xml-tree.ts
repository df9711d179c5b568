import { findForbiddenDeclaration, findWellFormednessViolation } from '@svc-contracts/xml-validator';
import { XMLParser } from 'fast-xml-parser';
import { XsdModelError } from './errors.js';

/** An XML element with its qualified name as written, its attributes, child elements and text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The text of the element and its descendants, in document order, each piece trimmed, joined by spaces. */
  textContent: string;
}

type OrderedNode = Record<string, unknown>;

// Character references are refused: the parser would leave them undecoded in attribute values, which would
// silently change a pattern.
const characterReference = /&#/;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
});

/** ` at line L, column C`, or as much of it as is known. */
function at(line: number | undefined, column: number | undefined): string {
  return line === undefined ? '' : ` at line ${line}${column === undefined ? '' : `, column ${column}`}`;
}

/** Parses the text of an XML file into its root element, or throws an error naming the file. */
export function readXml(text: string, file: string): XmlElement {
  const declaration = findForbiddenDeclaration(text);
  if (declaration !== undefined) {
    throw new XsdModelError(
      file,
      `a DOCTYPE or ENTITY declaration is not allowed (no DTD, no entities)${at(declaration.line, declaration.column)}`,
    );
  }
  if (characterReference.test(text)) {
    throw new XsdModelError(
      file,
      'character references (&#...;) are not supported; write the character itself',
    );
  }
  // The verdict every XML reader of this repository uses (xml-validator's): XML 1.0 with namespaces.
  const violation = findWellFormednessViolation(text);
  if (violation !== undefined) {
    throw new XsdModelError(
      file,
      `not well-formed XML${at(violation.line, violation.column)}: ${violation.text}`,
    );
  }
  const [root] = elementsOf(parser.parse(text) as OrderedNode[]);
  if (root === undefined) throw new XsdModelError(file, 'no root element');
  return root;
}

function elementsOf(nodes: OrderedNode[]): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const name = Object.keys(node).find((key) => key !== ':@' && !key.startsWith('#'));
    if (name === undefined) continue;
    const content = node[name] as OrderedNode[];
    elements.push({
      name,
      attributes: (node[':@'] as Record<string, string> | undefined) ?? {},
      children: elementsOf(content),
      textContent: textsOf(content).join(' '),
    });
  }
  return elements;
}

function textsOf(nodes: OrderedNode[]): string[] {
  return nodes.flatMap((node) => {
    if (typeof node['#text'] === 'string') return [node['#text']];
    return Object.entries(node).flatMap(([key, value]) =>
      key !== ':@' && Array.isArray(value) ? textsOf(value as OrderedNode[]) : [],
    );
  });
}
