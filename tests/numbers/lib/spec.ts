/**
 * Loads an OpenAPI document bundled in memory (Redocly, like `scripts/lib/specs.ts` is meant to) and
 * lists its XML media types with their `x-xsd`, schema and examples.
 */
import { bundle, createConfig } from '@redocly/openapi-core';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface XsdRef {
  schema: string;
  element: string;
  legacySchema?: string;
}

export interface XmlMediaType {
  /** For messages: `POST /api/v2/... request`, `webhook orderNotification 200 response`, ... */
  where: string;
  contentType: string;
  /** The `x-xsd` value: a reference, `false` (document not shown by the source) or undefined. */
  xsd: XsdRef | false | undefined;
  /** The media type's schema, references left in place (resolve with `resolveNode`). */
  schema: Json | undefined;
  examples: { name: string; value: string }[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Bundles the document (external references become `#/components/...`). */
export async function loadBundledSpec(rootPath: string): Promise<JsonObject> {
  const config = await createConfig({});
  const result = await bundle({ ref: rootPath, config });
  const parsed = result.bundle.parsed as Json;
  if (!isObject(parsed)) throw new Error(`${rootPath} did not bundle to an object`);
  return parsed;
}

/** Follows local `$ref`s; keys next to a `$ref` override those of its target (OpenAPI 3.1). */
export function resolveNode(doc: JsonObject, node: Json | undefined, seen: string[] = []): Json | undefined {
  if (!isObject(node) || typeof node.$ref !== 'string') return node;
  const ref = node.$ref;
  if (!ref.startsWith('#/')) throw new Error(`Only local references are resolved, got ${ref}`);
  if (seen.includes(ref)) throw new Error(`Reference cycle: ${[...seen, ref].join(' -> ')}`);
  let target: Json | undefined = doc;
  for (const part of ref.slice(2).split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    target = isObject(target) ? target[key] : Array.isArray(target) ? target[Number(key)] : undefined;
  }
  if (target === undefined) throw new Error(`Unresolved reference ${ref}`);
  const resolved = resolveNode(doc, target, [...seen, ref]);
  const { $ref: _ref, ...siblings } = node;
  return isObject(resolved) ? { ...resolved, ...siblings } : resolved;
}

function examplesOf(doc: JsonObject, mediaType: JsonObject): { name: string; value: string }[] {
  const list: { name: string; value: string }[] = [];
  if (typeof mediaType.example === 'string') list.push({ name: 'example', value: mediaType.example });
  const examples = mediaType.examples;
  if (isObject(examples)) {
    for (const [name, raw] of Object.entries(examples)) {
      const example = resolveNode(doc, raw);
      if (isObject(example) && typeof example.value === 'string') list.push({ name, value: example.value });
    }
  }
  return list;
}

function xsdOf(value: Json | undefined): XsdRef | false | undefined {
  if (value === false) return false;
  if (!isObject(value)) return undefined;
  const { schema, element, legacySchema } = value;
  if (typeof schema !== 'string' || typeof element !== 'string') return undefined;
  return typeof legacySchema === 'string' ? { schema, element, legacySchema } : { schema, element };
}

/** Every media type whose name contains `xml`, in request bodies and responses of paths and webhooks. */
export function xmlMediaTypes(doc: JsonObject): XmlMediaType[] {
  const found: XmlMediaType[] = [];
  const collect = (where: string, content: Json | undefined): void => {
    if (!isObject(content)) return;
    for (const [contentType, raw] of Object.entries(content)) {
      if (!/xml/i.test(contentType) || !isObject(raw)) continue;
      found.push({
        where,
        contentType,
        xsd: xsdOf(raw['x-xsd']),
        schema: raw.schema,
        examples: examplesOf(doc, raw),
      });
    }
  };
  const groups: [string, Json | undefined][] = [
    ['', doc.paths],
    ['webhook ', doc.webhooks],
  ];
  for (const [prefix, items] of groups) {
    if (!isObject(items)) continue;
    for (const [name, rawItem] of Object.entries(items)) {
      const item = resolveNode(doc, rawItem);
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const label = `${prefix}${method.toUpperCase()} ${name}`;
        const body = resolveNode(doc, operation.requestBody);
        if (isObject(body)) collect(`${label} request`, body.content);
        const responses = operation.responses;
        if (!isObject(responses)) continue;
        for (const [status, rawResponse] of Object.entries(responses)) {
          const response = resolveNode(doc, rawResponse);
          if (isObject(response)) collect(`${label} ${status} response`, response.content);
        }
      }
    }
  }
  return found;
}
