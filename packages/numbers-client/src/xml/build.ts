import { InvalidRequestError } from '@svc-contracts/client-runtime';
import { escapeXmlText, findIllegalXmlCharacter } from '@svc-contracts/xml-validator';
import {
  isRepeated,
  type XmlComplexContent,
  type XmlDocumentDescriptor,
  type XmlSimpleContent,
} from './descriptor.js';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const INDENT = '  ';

/**
 * The XML text of a document: children in schema order whatever the object's key order, repeated
 * elements from arrays, booleans as `true`/`false`, integers in decimal, strings escaped and otherwise
 * untouched (so an E.164 number keeps its `+`), one element per line indented by two spaces. An unknown
 * property, a value of the wrong type or a character XML 1.0 cannot carry is refused; whether required
 * elements are present is left to the XSD validation that follows.
 *
 * Written straight from the descriptor, which already fixes the order, the repetition and the type of
 * every element: a general-purpose builder (fast-xml-parser's, used before) took an ordered copy of the
 * document and walked it again for the same text, 5.6 µs an order against 0.6 µs, and 17 µs more per
 * client call measured in pairs.
 */
export function buildXml(descriptor: XmlDocumentDescriptor, document: unknown): string {
  return `${DECLARATION}${element(descriptor.root, descriptor.content, document, descriptor.root, '')}`;
}

/** `<name>…</name>` and a line end, at `indent`: complex content on lines of its own, if it has any. */
function element(
  name: string,
  content: XmlComplexContent,
  value: unknown,
  path: string,
  indent: string,
): string {
  const children = childElements(content, value, path, indent + INDENT);
  return children === ''
    ? `${indent}<${name}></${name}>\n`
    : `${indent}<${name}>\n${children}${indent}</${name}>\n`;
}

function childElements(content: XmlComplexContent, value: unknown, path: string, indent: string): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidRequestError(`${path} must be an object.`);
  }
  const object = value as Record<string, unknown>;
  refuseUnknown(content, object, path);
  let out = '';
  for (const child of content.children) {
    const item = object[child.name];
    if (item === undefined) continue;
    const childPath = `${path}/${child.name}`;
    if (!isRepeated(child)) {
      out += write(child.name, child.content, item, childPath, indent);
      continue;
    }
    if (!Array.isArray(item)) throw new InvalidRequestError(`${childPath} is repeated: give an array.`);
    for (let index = 0; index < item.length; index++) {
      out += write(child.name, child.content, item[index], `${childPath}[${index + 1}]`, indent);
    }
  }
  return out;
}

function write(
  name: string,
  content: XmlComplexContent | XmlSimpleContent,
  value: unknown,
  path: string,
  indent: string,
): string {
  return content.kind === 'complex'
    ? element(name, content, value, path, indent)
    : `${indent}<${name}>${text(content, value, path)}</${name}>\n`;
}

function refuseUnknown(content: XmlComplexContent, object: Record<string, unknown>, path: string): void {
  const unknown = Object.keys(object).filter(
    (key) => object[key] !== undefined && !content.children.some((child) => child.name === key),
  );
  if (unknown.length === 0) return;
  const known = content.children.map((child) => child.name);
  throw new InvalidRequestError(
    `${path} has no element ${unknown.join(', ')} (expected ${known.join(', ')}).`,
  );
}

/** The escaped text of a simple value. */
function text(content: XmlSimpleContent, value: unknown, path: string): string {
  switch (content.type) {
    case 'boolean':
      if (typeof value !== 'boolean') throw new InvalidRequestError(`${path} must be a boolean.`);
      return String(value);
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new InvalidRequestError(`${path} must be an integer.`);
      return String(value);
    default: {
      if (typeof value !== 'string') throw new InvalidRequestError(`${path} must be a string.`);
      const illegal = findIllegalXmlCharacter(value);
      if (illegal !== undefined) {
        const codePoint = `U+${illegal.toString(16).toUpperCase().padStart(4, '0')}`;
        throw new InvalidRequestError(`${path} contains ${codePoint}, a character XML 1.0 cannot carry.`);
      }
      return escapeXmlText(value);
    }
  }
}
