/**
 * Loads an OpenAPI document bundled in memory (Redocly, like `scripts/lib/specs.ts` is meant to) and
 * lists its XML media types with their `x-xsd`, schema and examples.
 */
import { bundle, createConfig } from '@redocly/openapi-core';
import {
  isObject,
  isXmlMediaType,
  examplesOf as namedExamplesOf,
  operationsOf,
  resolveStrict,
} from '@svc-contracts/openapi-utils';

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

/** openapi-utils' `isObject`, narrowed to this file's JSON type. */
export function isJsonObject(value: Json | undefined): value is JsonObject {
  return isObject(value);
}

const bundled = new Map<string, Promise<JsonObject>>();

/**
 * Bundles the document (external references become `#/components/...`), once per process: the suite's
 * files share a process (`isolate: false`), and the tests that change it change a structuredClone.
 */
export function loadBundledSpec(rootPath: string): Promise<JsonObject> {
  const known = bundled.get(rootPath);
  if (known) return known;
  const loading = bundleSpec(rootPath);
  bundled.set(rootPath, loading);
  return loading;
}

async function bundleSpec(rootPath: string): Promise<JsonObject> {
  // No argument: typing `{}` against Redocly's config type costs tsc seconds (see contract-model's bundle.ts).
  const config = await createConfig();
  const result = await bundle({ ref: rootPath, config });
  const parsed = result.bundle.parsed as Json;
  if (!isJsonObject(parsed)) throw new Error(`${rootPath} did not bundle to an object`);
  return parsed;
}

/**
 * Follows local `$ref`s; keys next to a `$ref` override those of its target (OpenAPI 3.1); a dangling,
 * non-local or cyclic reference throws. Typed for the JSON of a bundled document.
 */
export function resolveNode(doc: JsonObject, node: Json | undefined): Json | undefined {
  return resolveStrict(doc, node) as Json | undefined;
}

function examplesOf(doc: JsonObject, mediaType: JsonObject): { name: string; value: string }[] {
  return namedExamplesOf(doc, mediaType).flatMap(({ name, value }) =>
    typeof value === 'string' ? [{ name, value }] : [],
  );
}

function xsdOf(value: Json | undefined): XsdRef | false | undefined {
  if (value === false) return false;
  if (!isJsonObject(value)) return undefined;
  const { schema, element, legacySchema } = value;
  if (typeof schema !== 'string' || typeof element !== 'string') return undefined;
  return typeof legacySchema === 'string' ? { schema, element, legacySchema } : { schema, element };
}

/** Every XML media type, in request bodies and responses of paths and webhooks. */
export function xmlMediaTypes(doc: JsonObject): XmlMediaType[] {
  const found: XmlMediaType[] = [];
  const collect = (where: string, content: Json | undefined): void => {
    if (!isJsonObject(content)) return;
    for (const [contentType, raw] of Object.entries(content)) {
      if (!isXmlMediaType(contentType) || !isJsonObject(raw)) continue;
      found.push({
        where,
        contentType,
        xsd: xsdOf(raw['x-xsd']),
        schema: raw.schema,
        examples: examplesOf(doc, raw),
      });
    }
  };
  for (const { section, key, method, operation } of operationsOf(doc)) {
    const label = `${section === 'webhooks' ? 'webhook ' : ''}${method.toUpperCase()} ${key}`;
    const body = resolveNode(doc, operation.requestBody as Json | undefined);
    if (isJsonObject(body)) collect(`${label} request`, body.content);
    const responses = operation.responses as Json | undefined;
    if (!isJsonObject(responses)) continue;
    for (const [status, rawResponse] of Object.entries(responses)) {
      const response = resolveNode(doc, rawResponse);
      if (isJsonObject(response)) collect(`${label} ${status} response`, response.content);
    }
  }
  return found;
}
