import {
  isSecurityExclusive,
  isServerSideOnly,
  readRequires,
  readValueSchema,
} from '@svc-contracts/contract-model';
import { operationsOf } from '@svc-contracts/openapi-utils';
import type { OpenApiDocument } from '../../lib/specs.ts';
import { generatedHeader } from './header.ts';

interface OperationEntry {
  method: string;
  path: string;
  security: string[][];
  serverSideOnly: boolean;
  requires: Array<{ in: string; name: string; requires: string[] }>;
}

interface SchemeEntry {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
  valuePattern?: string;
}

type JsonObject = Record<string, unknown>;

/**
 * The run-time contract of a service (`ServiceContract` of `@svc-contracts/client-runtime`): for each
 * operation its method, path, security alternatives, `x-server-side-only` and `x-requires`, plus the
 * security schemes and `x-security-exclusive`. Operations are keyed by operationId in spec order.
 * Beside it, `schemaPatterns`: the `pattern` of each component schema that has one, so that a client
 * checks a value with the spec's own pattern rather than a copy of it.
 */
export function renderOperationTable(service: string, spec: OpenApiDocument): string {
  const operations: Record<string, OperationEntry> = {};
  for (const { key: path, method, pathItem, operation } of operationsOf(spec, ['paths'])) {
    const operationId = operation.operationId;
    if (typeof operationId !== 'string')
      throw new Error(`${method.toUpperCase()} ${path} has no operationId.`);
    operations[operationId] = {
      method: method.toUpperCase(),
      path,
      security: securityOf(operation.security ?? spec.security),
      serverSideOnly: isServerSideOnly(operation),
      requires: requirementsOf(spec, [...asArray(pathItem.parameters), ...asArray(operation.parameters)]),
    };
  }
  const contract = {
    operations,
    securitySchemes: schemesOf(spec),
    securityExclusive: isSecurityExclusive(spec),
  };
  return [
    generatedHeader(service),
    '',
    "import type { ServiceContract } from '@svc-contracts/client-runtime';",
    '',
    `export const contract = ${JSON.stringify(contract, null, 2)} as const satisfies ServiceContract;`,
    '',
    'export type OperationId = keyof typeof contract.operations;',
    '',
    '/** The `pattern` of each component schema that has one (ECMA-262 syntax, as JSON Schema reads it). */',
    `export const schemaPatterns = ${JSON.stringify(patternsOf(spec), null, 2)} as const satisfies Record<string, string>;`,
    '',
  ].join('\n');
}

function patternsOf(spec: OpenApiDocument): Record<string, string> {
  const patterns: Record<string, string> = {};
  for (const [name, schema] of Object.entries(spec.components?.schemas ?? {})) {
    const pattern = (schema as JsonObject).pattern;
    if (typeof pattern === 'string') patterns[name] = pattern;
  }
  return patterns;
}

function securityOf(security: unknown): string[][] {
  return asArray(security).map((requirement) => Object.keys(requirement as JsonObject));
}

function requirementsOf(spec: OpenApiDocument, parameters: unknown[]): OperationEntry['requires'] {
  const requirements: OperationEntry['requires'] = [];
  for (const reference of parameters) {
    const parameter = resolve(spec, reference as JsonObject);
    const requires = readRequires(parameter).value;
    if (requires === undefined) continue;
    requirements.push({
      in: String(parameter.in),
      name: String(parameter.name),
      requires: requires.map(String),
    });
  }
  return requirements;
}

function schemesOf(spec: OpenApiDocument): Record<string, SchemeEntry> {
  const schemes: Record<string, SchemeEntry> = {};
  for (const [name, reference] of Object.entries(spec.components?.securitySchemes ?? {})) {
    const scheme = resolve(spec, reference as JsonObject);
    const entry: SchemeEntry = { type: String(scheme.type) };
    if (typeof scheme.scheme === 'string') entry.scheme = scheme.scheme.toLowerCase();
    if (typeof scheme.in === 'string') entry.in = scheme.in;
    if (typeof scheme.name === 'string') entry.name = scheme.name;
    const valueSchema = readValueSchema(scheme).value;
    if (typeof valueSchema === 'object' && typeof valueSchema.pattern === 'string')
      entry.valuePattern = valueSchema.pattern;
    schemes[name] = entry;
  }
  return schemes;
}

/** Follows a local `$ref` (`#/components/...`), the only kind a bundled document holds. */
function resolve(spec: OpenApiDocument, value: JsonObject): JsonObject {
  const reference = value.$ref;
  if (typeof reference !== 'string') return value;
  if (!reference.startsWith('#/'))
    throw new Error(`Unexpected non-local $ref ${reference} in a bundled spec.`);
  let target: unknown = spec;
  for (const segment of reference.slice(2).split('/')) {
    const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    target = (target as JsonObject | undefined)?.[key];
  }
  if (target === undefined || target === null) throw new Error(`Unresolved $ref ${reference}.`);
  return resolve(spec, target as JsonObject);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
