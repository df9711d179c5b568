import { InvalidRequestError } from '@svc-contracts/client-runtime';
import { XMLBuilder } from 'fast-xml-parser';
import {
  isRepeated,
  type XmlComplexContent,
  type XmlDocumentDescriptor,
  type XmlSimpleContent,
} from './descriptor.js';

const builder = new XMLBuilder({
  ignoreAttributes: true,
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
  // Escapes &, <, >, ' and " in text, so a value can never open markup.
  processEntities: true,
});

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * The XML text of a document: children in schema order whatever the object's key order, repeated
 * elements from arrays, booleans as `true`/`false`, integers in decimal, strings untouched (so an E.164
 * number keeps its `+`). An unknown property or a value of the wrong type is refused; whether required
 * elements are present is left to the XSD validation that follows.
 */
export function buildXml(descriptor: XmlDocumentDescriptor, document: unknown): string {
  const content = ordered(descriptor.content, document, descriptor.root);
  return `${DECLARATION}${builder.build({ [descriptor.root]: content })}`;
}

function ordered(content: XmlComplexContent, value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidRequestError(`${path} must be an object.`);
  }
  const object = value as Record<string, unknown>;
  const known = new Set(content.children.map((child) => child.name));
  const unknown = Object.keys(object).filter((key) => !known.has(key) && object[key] !== undefined);
  if (unknown.length > 0) {
    throw new InvalidRequestError(
      `${path} has no element ${unknown.join(', ')} (expected ${[...known].join(', ')}).`,
    );
  }
  const out: Record<string, unknown> = {};
  for (const child of content.children) {
    const item = object[child.name];
    if (item === undefined) continue;
    const childPath = `${path}/${child.name}`;
    const convert = (one: unknown, at: string): unknown =>
      child.content.kind === 'complex' ? ordered(child.content, one, at) : text(child.content, one, at);
    if (isRepeated(child)) {
      if (!Array.isArray(item)) throw new InvalidRequestError(`${childPath} is repeated: give an array.`);
      out[child.name] = item.map((one, index) => convert(one, `${childPath}[${index + 1}]`));
    } else {
      out[child.name] = convert(item, childPath);
    }
  }
  return out;
}

function text(content: XmlSimpleContent, value: unknown, path: string): string {
  switch (content.type) {
    case 'boolean':
      if (typeof value !== 'boolean') throw new InvalidRequestError(`${path} must be a boolean.`);
      return String(value);
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new InvalidRequestError(`${path} must be an integer.`);
      return String(value);
    default:
      if (typeof value !== 'string') throw new InvalidRequestError(`${path} must be a string.`);
      return value;
  }
}
