import { EXTENSION } from '@svc-contracts/contract-model';
import { escapePointer, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import { fieldsCoercion, itemsCoercion, scalarCoercion, schemaTypes } from '../bodies/coerce.js';
import { type TrafficJson, UnparseableJson } from '../bodies/json-text.js';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { Violation } from '../core/types.js';
import { itemSeparator, pairsToFields } from './delimiters.js';
import { pathReader } from './path-style.js';
import { queryReader } from './query-style.js';
import { headerLines, type PlannedReads, type RequestParts, recordReads } from './request-parts.js';
import type { ParameterLocation, ResolvedParameter } from './resolve.js';

/**
 * What a parameter decodes to: its value, {@link UnparseableJson} for a `content` parameter that does not
 * parse, or this for a parameter not sent.
 */
const notSent: unique symbol = Symbol('not sent');

type Decoded = unknown;

/** A parameter's text (path, cookie), its texts (query, header lines), or its fields by name. */
type RawReader = (parts: RequestParts) => string | string[] | Map<string, string[]> | undefined;

/** How the raw text(s) of a parameter are found in the request, before any decoding by schema. */
function rawReader(doc: OpenApiDocument, parameter: ResolvedParameter): RawReader {
  const { name } = parameter;
  switch (parameter.in) {
    case 'path':
      return pathReader(parameter);
    case 'header': {
      const key = name.toLowerCase();
      return (parts) => headerLines(parts.headers, key);
    }
    case 'cookie':
      return (parts) => parts.cookies.get(name);
    case 'query':
      return queryReader(doc, parameter);
  }
}

/** How a parameter's value is read from a request, worked out once: its raw text, then its schema's type. */
function decoder(
  doc: OpenApiDocument,
  json: TrafficJson,
  parameter: ResolvedParameter,
): (parts: RequestParts) => Decoded {
  const raw = rawReader(doc, parameter);
  const fields = fieldsCoercion(doc, parameter.schema);
  // `texts`: every text of a parameter that has several (a query's repeated name), else undefined.
  let fromText: (first: string, texts: string[] | undefined) => Decoded;
  if (parameter.contentType !== undefined) {
    fromText = parameter.contentIsJson !== true ? (first) => first : (first) => json.parse(first);
  } else {
    const types = schemaTypes(doc, parameter.schema);
    if (types.includes('array')) {
      const items = itemsCoercion(doc, parameter.schema);
      const exploded = parameter.in === 'query' && parameter.explode && parameter.style === 'form';
      const separator = itemSeparator(parameter.style);
      fromText = exploded
        ? (first, texts) => items(texts ?? [first])
        : parameter.in === 'header'
          ? // A header list allows whitespace around its commas (RFC 9110 §5.6.1): lines joined have it.
            (first) => items(first === '' ? [] : first.split(separator).map((item) => item.trim()))
          : (first) => items(first === '' ? [] : first.split(separator));
    } else if (types.includes('object') && !types.includes('string')) {
      fromText = (first) => fields(pairsToFields(first, parameter.explode));
    } else {
      const scalar = scalarCoercion(doc, parameter.schema);
      fromText = (first) => scalar(first);
    }
  }
  return (parts) => {
    const found = raw(parts);
    if (found === undefined) return notSent;
    if (typeof found === 'string') return fromText(found, undefined);
    if (found instanceof Map) return fields(found);
    return fromText(found[0] ?? '', found);
  };
}

function describe(parameter: ResolvedParameter): string {
  return `${parameter.in} parameter '${parameter.name}'`;
}

/** One parameter made ready to check: how it is decoded, and its schema compiled. */
interface PlannedParameter {
  parameter: ResolvedParameter;
  /** `query:limit`: the pointer of the parameter in the recording. */
  base: string;
  /** Its spec location, worked out on its first failure. */
  where: () => string;
  decode: (parts: RequestParts) => Decoded;
  conforms?: (value: unknown) => boolean;
  /** `x-requires`: for each name, the parameter list's index of it, or how to see it in the request. */
  requires: Array<{ name: string; index: number; sent: (parts: RequestParts) => boolean }>;
}

/** An operation's parameters made ready to check, with what of the request they read. */
export interface ParameterPlan {
  planned: PlannedParameter[];
  reads: PlannedReads;
  /** The decoded value of each parameter of the request being checked (checks run one at a time). */
  values: Decoded[];
}

function sentIn(location: ParameterLocation, name: string): (parts: RequestParts) => boolean {
  if (location === 'query') return (parts) => parts.query.has(name);
  if (location === 'header') {
    const key = name.toLowerCase();
    return (parts) => parts.headers.has(key);
  }
  if (location === 'cookie') return (parts) => parts.cookies.has(name);
  return (parts) => parts.pathParams[name] !== undefined;
}

export function planParameters(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  json: TrafficJson,
  parameters: ResolvedParameter[],
  specLocation: (pointer: string) => string,
): ParameterPlan {
  const { reads, readsAt } = recordReads();
  // The last parameter with a location and name (case-insensitive) answers whether that name was sent.
  const indexOf = (location: ParameterLocation, name: string): number => {
    for (let at = parameters.length - 1; at >= 0; at--) {
      const other = parameters[at] as ResolvedParameter;
      if (other.in === location && other.name.toLowerCase() === name.toLowerCase()) return at;
    }
    return -1;
  };
  const planned = parameters.map((parameter): PlannedParameter => {
    readsAt(parameter.in, parameter.name);
    const requires = parameter.requires.map((name) => {
      readsAt(parameter.in, name);
      return { name, index: indexOf(parameter.in, name), sent: sentIn(parameter.in, name) };
    });
    return {
      parameter,
      base: `${parameter.in}:${parameter.name}`,
      where: () => specLocation(parameter.pointer),
      decode: decoder(doc, json, parameter),
      ...(parameter.schema === undefined ? {} : { conforms: validator.tester(parameter.schema) }),
      requires,
    };
  });
  return { planned, reads, values: planned.map(() => notSent) };
}

/** Adds to `violations` every way the request's parameters break the contract. */
export function checkParameters(
  plan: ParameterPlan,
  validator: SchemaValidator,
  parts: RequestParts,
  specLocation: (pointer: string) => string,
  violations: Violation[],
): void {
  const { planned, values } = plan;
  for (let at = 0; at < planned.length; at++) values[at] = (planned[at] as PlannedParameter).decode(parts);

  for (let at = 0; at < planned.length; at++) {
    const { parameter, conforms, requires, base, where } = planned[at] as PlannedParameter;
    const value = values[at];
    if (value === notSent) {
      if (parameter.required) {
        violations.push({
          rule: 'parameter-missing',
          severity: 'error',
          side: 'request',
          message: `required ${describe(parameter)} is missing`,
          pointer: base,
          specLocation: where(),
        });
      }
      continue;
    }
    for (const required of requires) {
      const sent = required.index >= 0 ? values[required.index] !== notSent : required.sent(parts);
      if (sent) continue;
      violations.push({
        rule: 'parameter-requires',
        severity: 'error',
        side: 'request',
        message: `${describe(parameter)} is present without ${parameter.in} parameter '${required.name}' (x-requires)`,
        pointer: base,
        specLocation: `${where()}/${EXTENSION.requires}`,
      });
    }
    if (value instanceof UnparseableJson) {
      violations.push({
        rule: 'parameter-unparseable',
        severity: 'error',
        side: 'request',
        message: `${describe(parameter)} is not valid ${parameter.contentType ?? 'JSON'}: ${value.message}`,
        pointer: base,
        specLocation: `${where()}/content/${escapePointer(parameter.contentType ?? '')}`,
      });
      continue;
    }
    if (conforms === undefined || conforms(value)) continue;
    for (const issue of validator.validateConcise(parameter.schema, value)) {
      violations.push({
        rule: 'parameter-invalid',
        severity: 'error',
        side: 'request',
        message: `${describe(parameter)}${issue.instancePath === '/' ? '' : ` at ${issue.instancePath}`} ${issue.message}`,
        pointer: issue.instancePath === '/' ? base : `${base}${issue.instancePath}`,
        specLocation: specLocation(parameter.schemaPointer),
      });
    }
  }
}
