import {
  createXmlParser,
  XmlDoctypeForbiddenError,
  type XmlParse,
  XmlWellFormednessError,
} from '@svc-contracts/xml-validator';
import {
  isRepeated,
  type XmlComplexContent,
  type XmlDocumentDescriptor,
  type XmlSimpleContent,
} from './descriptor.js';
import { XmlDocumentError } from './errors.js';

/**
 * Parses a document with the safe parser of `@svc-contracts/xml-validator` (no DTD, no entity expansion,
 * every value read as text) and types it by its descriptor: repeated elements are arrays (empty when
 * absent), booleans and integers become `boolean` and `number`, everything else stays a string.
 * Elements the schema does not know are kept as parsed.
 */
export function parseDocument<T>(descriptor: XmlDocumentDescriptor, xml: string, fileName?: string): T {
  let parsed: Record<string, unknown>;
  try {
    parsed = parserFor(descriptor)(xml, fileName);
  } catch (error) {
    if (error instanceof XmlDoctypeForbiddenError || error instanceof XmlWellFormednessError) {
      throw new XmlDocumentError(`The ${descriptor.root} document was refused.`, [error.issue]);
    }
    throw error;
  }
  if (!(descriptor.root in parsed)) {
    const found = Object.keys(parsed).join(', ') || 'none';
    throw new XmlDocumentError(`Expected a ${descriptor.root} document, found root element ${found}.`);
  }
  return typed(descriptor.content, parsed[descriptor.root], descriptor.root) as T;
}

/** One parser per document kind, reading its repeated elements as arrays: built once, not per answer. */
const parserByDescriptor = new WeakMap<XmlDocumentDescriptor, XmlParse<Record<string, unknown>>>();

function parserFor(descriptor: XmlDocumentDescriptor): XmlParse<Record<string, unknown>> {
  let parse = parserByDescriptor.get(descriptor);
  if (parse === undefined) {
    const repeated = new Set<string>();
    collectRepeated(descriptor.content, descriptor.root, repeated);
    parse = createXmlParser({ arrayPaths: repeated });
    parserByDescriptor.set(descriptor, parse);
  }
  return parse;
}

function collectRepeated(content: XmlComplexContent, path: string, into: Set<string>): void {
  for (const child of content.children) {
    const childPath = `${path}.${child.name}`;
    if (isRepeated(child)) into.add(childPath);
    if (child.content.kind === 'complex') collectRepeated(child.content, childPath, into);
  }
}

function typed(content: XmlComplexContent, value: unknown, path: string): Record<string, unknown> {
  // An empty element (`<CompletedTelephoneNumbers/>`) parses as ''.
  const object = value === '' ? {} : value;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new XmlDocumentError(`${path} must contain elements, not text.`);
  }
  const out: Record<string, unknown> = { ...(object as Record<string, unknown>) };
  for (const child of content.children) {
    const childPath = `${path}/${child.name}`;
    const raw = out[child.name];
    const convert = (one: unknown, at: string): unknown =>
      child.content.kind === 'complex' ? typed(child.content, one, at) : scalar(child.content, one, at);
    if (isRepeated(child)) {
      out[child.name] = ((raw as unknown[] | undefined) ?? []).map((one, index) =>
        convert(one, `${childPath}[${index + 1}]`),
      );
    } else if (raw !== undefined) {
      out[child.name] = convert(raw, childPath);
    }
  }
  return out;
}

function scalar(content: XmlSimpleContent, value: unknown, path: string): string | boolean | number {
  // An element with attributes parses as { '#text', '@_…' }: the schema types only its text.
  const text =
    typeof value === 'object' && value !== null ? ((value as { '#text'?: unknown })['#text'] ?? '') : value;
  if (typeof text !== 'string') throw new XmlDocumentError(`${path} must be text.`);
  if (content.type === 'boolean') {
    if (text === 'true' || text === '1') return true;
    if (text === 'false' || text === '0') return false;
    throw new XmlDocumentError(
      `${path} must be a boolean (true, false, 1 or 0), got ${JSON.stringify(text)}.`,
    );
  }
  if (content.type === 'integer') {
    const number = /^[+-]?\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(number))
      throw new XmlDocumentError(`${path} must be an integer, got ${JSON.stringify(text)}.`);
    return number;
  }
  return text;
}
