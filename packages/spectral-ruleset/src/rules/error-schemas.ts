import {
  createRulesetFunction,
  type RulesetFunctionContext as FunctionContext,
  type IFunctionResult,
  type RuleDefinition,
} from '@stoplight/spectral-core';
import { oas3 } from '@stoplight/spectral-formats';
import { EXTENSION, readErrorSchemas as readErrorSchemaMap } from '@svc-contracts/contract-model';
import { isObject, operationsOf, resolvePointer } from '@svc-contracts/openapi-utils';
import { isNonEmptyString, type JsonPath } from '../lib/json.js';

interface ErrorSchema {
  /** The `x-error-schemas` key the schema is declared under (`422`, `4XX`, `default`). */
  key: string;
  /** How the spec names it, for messages: `#/components/schemas/ValidationError`. */
  label: string;
  /** Matched by identity in the resolved document, or (a split spec without `components.schemas`) by the file a `$ref` leads to. */
  match: { schema: Record<string, unknown> } | { fileName: string };
}

const COMPONENT_SCHEMA_POINTER = /^#\/components\/schemas\/([^/]+)$/;

/** A split spec: the root refers to other files (`paths: {/x: {$ref: paths/x.yaml}}`). */
function hasExternalRef(node: unknown, depth = 0): boolean {
  if (depth > 6) return false;
  if (Array.isArray(node)) return node.some((item) => hasExternalRef(item, depth + 1));
  if (!isObject(node)) return false;
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return true;
  return Object.values(node).some((value) => hasExternalRef(value, depth + 1));
}

/** `x-error-schemas` values are a JSON pointer string or a Reference Object; both name the schema. */
function labelOf(raw: unknown): string | undefined {
  if (isNonEmptyString(raw)) return raw;
  if (isObject(raw) && isNonEmptyString(raw.$ref)) return raw.$ref;
  return undefined;
}

/** The declared schemas: the label from the unresolved root, the object to compare from the resolved one. */
function readErrorSchemas(
  resolvedRoot: Record<string, unknown>,
  context: FunctionContext,
): { schemas: Map<string, ErrorSchema>; problems: IFunctionResult[] } {
  const schemas = new Map<string, ErrorSchema>();
  const problems: IFunctionResult[] = [];
  const unresolvedRoot = context.document.data;
  const isSplit = hasExternalRef(unresolvedRoot);
  const written = readErrorSchemaMap(unresolvedRoot).value;
  const resolvedMap = readErrorSchemaMap(resolvedRoot).value;
  if (written === undefined || resolvedMap === undefined) return { schemas, problems };
  for (const [key, entry] of Object.entries(written)) {
    const raw = entry.pointer ?? entry.schema;
    const label = labelOf(raw);
    if (label === undefined) continue; // the shape is reported by svc-root-extensions
    // Only a local reference (`#/components/...`) names a schema of this document.
    const resolved =
      typeof raw === 'string'
        ? raw.startsWith('#')
          ? resolvePointer(resolvedRoot, raw)
          : undefined
        : resolvedMap[key]?.schema;
    const componentName = typeof raw === 'string' ? COMPONENT_SCHEMA_POINTER.exec(raw)?.[1] : undefined;
    if (!isObject(resolved) && isSplit && componentName !== undefined) {
      schemas.set(key.toUpperCase(), { key, label, match: { fileName: decodeURIComponent(componentName) } });
      continue;
    }
    if (!isObject(resolved) || '$ref' in resolved) {
      problems.push({
        message: `x-error-schemas['${key}'] points to ${label}, which does not resolve to a schema: point it to the error schema in components.schemas.`,
        path: [EXTENSION.errorSchemas, key],
      });
      continue;
    }
    schemas.set(key.toUpperCase(), { key, label, match: { schema: resolved } });
  }
  return { schemas, problems };
}

/** The declared schema for a response status: the exact status first, then its `4XX`-style range. */
function errorSchemaFor(status: string, schemas: Map<string, ErrorSchema>): ErrorSchema | undefined {
  const normalized = status.toUpperCase();
  const exact = schemas.get(normalized);
  if (exact !== undefined) return exact;
  return /^[1-5][0-9]{2}$/.test(normalized) ? schemas.get(`${normalized[0]}XX`) : undefined;
}

/** The file and location a `$ref` chain at `path` ends in (Spectral maps resolved paths back to files). */
function locate(path: JsonPath, context: FunctionContext): { file: string; atRoot: boolean } | undefined {
  const item = context.documentInventory.findAssociatedItemForPath(path, true);
  if (item === null || item.document.source === null) return undefined;
  const file = item.document.source.split(/[\\/]/).at(-1) ?? '';
  return { file, atRoot: item.path.length === 0 };
}

function matches(
  expected: ErrorSchema,
  schema: unknown,
  schemaPath: JsonPath,
  context: FunctionContext,
): boolean {
  if ('schema' in expected.match) return schema === expected.match.schema;
  const { fileName } = expected.match;
  const found = locate(schemaPath, context);
  return (
    found?.atRoot === true && [`${fileName}.yaml`, `${fileName}.yml`, `${fileName}.json`].includes(found.file)
  );
}

/** Names what was found instead, so the message says what to change. */
function describeFound(
  schema: unknown,
  schemaPath: JsonPath,
  context: FunctionContext,
  resolvedRoot: Record<string, unknown>,
): string {
  const components = isObject(resolvedRoot.components) ? resolvedRoot.components.schemas : undefined;
  if (isObject(components)) {
    for (const [name, candidate] of Object.entries(components)) {
      if (candidate === schema) return `#/components/schemas/${name}`;
    }
  }
  const found = locate(schemaPath, context);
  if (found?.atRoot) return `a $ref to ${found.file}`;
  return 'an inline schema or a schema outside components.schemas';
}

/** What to write: the pointer as declared, plus the file form when the root does not define it yet. */
function wanted(expected: ErrorSchema): string {
  const ref = `\`schema: {$ref: '${expected.label}'}\``;
  return 'fileName' in expected.match
    ? `${ref} (in the split spec, a $ref to ${expected.match.fileName}.yaml)`
    : ref;
}

function checkResponse(
  status: string,
  response: Record<string, unknown>,
  responsePath: JsonPath,
  expected: ErrorSchema,
  resolvedRoot: Record<string, unknown>,
  context: FunctionContext,
): IFunctionResult[] {
  const where = `x-error-schemas['${expected.key}']`;
  const { content } = response;
  if (!isObject(content) || Object.keys(content).length === 0) {
    return [
      {
        message: `The ${status} response has no content, but ${where} says ${status} responses carry ${expected.label}: add content with ${wanted(expected)}.`,
        path: responsePath,
      },
    ];
  }
  const results: IFunctionResult[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    if (!isObject(media)) continue;
    // On the media type object: a path ending in `schema` would be mapped into the referenced file.
    const path = [...responsePath, 'content', mediaType];
    if (media.schema === undefined) {
      results.push({
        message: `The ${status} response (${mediaType}) has no schema: set ${wanted(expected)} (${where}).`,
        path,
      });
    } else if (!matches(expected, media.schema, [...path, 'schema'], context)) {
      results.push({
        message: `The ${status} response (${mediaType}) must use the service's error schema: set ${wanted(expected)} (${where}); it has ${describeFound(media.schema, [...path, 'schema'], context, resolvedRoot)}.`,
        path,
      });
    }
  }
  return results;
}

const errorSchemas = createRulesetFunction<Record<string, unknown>, null>(
  { input: { type: 'object' }, options: null },
  (resolvedRoot, _options, context): IFunctionResult[] => {
    const { schemas, problems } = readErrorSchemas(resolvedRoot, context);
    if (schemas.size === 0) return problems;
    const results = [...problems];
    for (const entry of operationsOf(resolvedRoot)) {
      // Webhook responses are what the subscriber answers; the service's error schemas do not apply.
      if (entry.section !== 'paths') continue;
      const { responses } = entry.operation;
      if (!isObject(responses)) continue;
      for (const [status, response] of Object.entries(responses)) {
        const expected = errorSchemaFor(status, schemas);
        if (expected === undefined || !isObject(response)) continue;
        const path = [...entry.location, 'responses', status];
        results.push(...checkResponse(status, response, path, expected, resolvedRoot, context));
      }
    }
    return results;
  },
);

export const errorSchemaRules: Record<string, RuleDefinition> = {
  'svc-error-schema': {
    description:
      'Every response whose status is listed in the root `x-error-schemas` (exactly, or by its `4XX` range) references exactly that schema on each media type.',
    message: '{{error}}',
    severity: 'error',
    formats: [oas3],
    given: '$',
    then: { function: errorSchemas },
  },
};
