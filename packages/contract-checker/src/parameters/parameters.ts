import {
  derefWithPointer,
  escapePointer,
  isJsonMediaType,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  parseMediaType,
} from '@svc-contracts/openapi-utils';
import { fieldsCoercion, itemsCoercion, scalarCoercion, schemaShape, schemaTypes } from '../bodies/coerce.js';
import { parseTrafficJson, UnparseableJson } from '../bodies/json-text.js';
import type { SchemaValidator } from '../contract/schema-validator.js';
import { lazily } from '../memo.js';
import type { Violation } from '../types.js';
import { headerLines, type PlannedReads, type RequestParts, recordReads } from './request-parts.js';

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ResolvedParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** `schema`, or the schema of the single `content` entry. */
  schema?: unknown;
  /** Set when the parameter is declared with `content`: its text is a document of this media type. */
  contentType?: string;
  /** `contentType` is a JSON media type: the text is parsed before the schema check. */
  contentIsJson?: boolean;
  style: string;
  explode: boolean;
  /** `x-requires`: names (same `in`) that must be present whenever this one is. */
  requires: string[];
  /** Pointer of the parameter in the bundled document (its component when it is a `$ref`). */
  pointer: string;
  /** Pointer of its schema (the component schema when it is a `$ref`). */
  schemaPointer: string;
}

const defaultStyle: Record<ParameterLocation, string> = {
  path: 'simple',
  query: 'form',
  header: 'simple',
  cookie: 'form',
};

/** OpenAPI: header parameters with these names are ignored (the spec describes them elsewhere). */
const ignoredHeaderParameters = new Set(['accept', 'content-type', 'authorization']);

/** Path-item parameters overridden by operation parameters with the same name and location. */
export function resolveParameters(
  doc: OpenApiDocument,
  pathItem: JsonObject,
  operation: JsonObject,
  pathItemPointer: string,
  operationPointer: string,
): ResolvedParameter[] {
  const byKey = new Map<string, ResolvedParameter>();
  const add = (list: unknown, listPointer: string): void => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, index) => {
      const { node, pointer } = derefWithPointer(doc, raw, `${listPointer}/parameters/${index}`);
      if (!isObject(node) || typeof node.name !== 'string' || typeof node.in !== 'string') return;
      const location = node.in as ParameterLocation;
      if (!(location in defaultStyle)) return;
      if (location === 'header' && ignoredHeaderParameters.has(node.name.toLowerCase())) return;
      const style = typeof node.style === 'string' ? node.style : defaultStyle[location];
      const parameter: ResolvedParameter = {
        name: node.name,
        in: location,
        required: node.required === true || location === 'path',
        style,
        explode: typeof node.explode === 'boolean' ? node.explode : style === 'form',
        requires: Array.isArray(node['x-requires'])
          ? node['x-requires'].filter((name) => typeof name === 'string')
          : [],
        pointer,
        schemaPointer: `${pointer}/schema`,
      };
      if (node.schema !== undefined) parameter.schema = node.schema;
      if (isObject(node.content)) {
        const contentType = Object.keys(node.content)[0];
        if (contentType !== undefined) {
          parameter.contentType = contentType;
          const media = parseMediaType(contentType);
          parameter.contentIsJson = media !== undefined && isJsonMediaType(media);
          parameter.schemaPointer = `${pointer}/content/${escapePointer(contentType)}/schema`;
          const declared = node.content[contentType];
          if (isObject(declared) && declared.schema !== undefined) parameter.schema = declared.schema;
        }
      }
      if (parameter.schema !== undefined) {
        parameter.schemaPointer = derefWithPointer(doc, parameter.schema, parameter.schemaPointer).pointer;
      }
      const key = `${location}:${location === 'header' ? node.name.toLowerCase() : node.name}`;
      byKey.set(key, parameter);
    });
  };
  add(pathItem.parameters, pathItemPointer);
  add(operation.parameters, operationPointer);
  return [...byKey.values()];
}

/**
 * What a parameter decodes to: its value, {@link UnparseableJson} for a `content` parameter that does not
 * parse, or this for a parameter not sent.
 */
const notSent: unique symbol = Symbol('not sent');

type Decoded = unknown;

function itemSeparator(style: string): string {
  if (style === 'spaceDelimited') return ' ';
  if (style === 'pipeDelimited') return '|';
  return ',';
}

/** `k1,v1,k2,v2` (explode false) or `k1=v1,k2=v2` (explode true) into fields. */
function pairsToFields(text: string, explode: boolean): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  if (explode) {
    for (const pair of text.split(',')) {
      const at = pair.indexOf('=');
      if (at > 0) fields.set(pair.slice(0, at), [pair.slice(at + 1)]);
    }
  } else {
    const parts = text.split(',');
    for (let i = 0; i + 1 < parts.length; i += 2) fields.set(parts[i] ?? '', [parts[i + 1] ?? '']);
  }
  return fields;
}

type RawReader = (parts: RequestParts) => string[] | Map<string, string[]> | undefined;

/** How the raw text(s) of a parameter are found in the request, before any decoding by schema. */
function rawReader(doc: OpenApiDocument, parameter: ResolvedParameter): RawReader {
  const { name } = parameter;
  switch (parameter.in) {
    case 'path': {
      if (parameter.style === 'label') {
        return (parts) => {
          const text = parts.pathParams[name];
          return text === undefined ? undefined : [text.replace(/^\./, '')];
        };
      }
      if (parameter.style === 'matrix') {
        const prefix = new RegExp(`^;${name}=`);
        return (parts) => {
          const text = parts.pathParams[name];
          return text === undefined ? undefined : [text.replace(prefix, '')];
        };
      }
      return (parts) => {
        const text = parts.pathParams[name];
        return text === undefined ? undefined : [text];
      };
    }
    case 'header': {
      const key = name.toLowerCase();
      return (parts) => headerLines(parts.headers, key);
    }
    case 'cookie':
      return (parts) => {
        const value = parts.cookies.get(name);
        return value === undefined ? undefined : [value];
      };
    case 'query': {
      if (parameter.style === 'deepObject') {
        const prefix = `${name}[`;
        return (parts) => {
          const fields = new Map<string, string[]>();
          for (const [key, values] of parts.query) {
            if (key.startsWith(prefix) && key.endsWith(']')) fields.set(key.slice(prefix.length, -1), values);
          }
          return fields.size > 0 ? fields : undefined;
        };
      }
      const exploded = parameter.explode && parameter.style === 'form' && !parameter.contentType;
      if (exploded && schemaTypes(doc, parameter.schema).includes('object')) {
        // form + explode object: each property is its own query parameter.
        const names = Object.keys(schemaShape(doc, parameter.schema).properties);
        return (parts) => {
          const own = parts.query.get(name);
          if (own !== undefined) return own;
          const fields = new Map<string, string[]>();
          for (const property of names) {
            const values = parts.query.get(property);
            if (values) fields.set(property, values);
          }
          return fields.size > 0 ? fields : undefined;
        };
      }
      return (parts) => parts.query.get(name);
    }
  }
}

/** How a parameter's value is read from a request, worked out once: its raw text, then its schema's type. */
function decoder(doc: OpenApiDocument, parameter: ResolvedParameter): (parts: RequestParts) => Decoded {
  const raw = rawReader(doc, parameter);
  const fields = fieldsCoercion(doc, parameter.schema);
  let fromText: (first: string, texts: string[]) => Decoded;
  if (parameter.contentType !== undefined) {
    fromText = parameter.contentIsJson !== true ? (first) => first : (first) => parseTrafficJson(first);
  } else {
    const types = schemaTypes(doc, parameter.schema);
    if (types.includes('array')) {
      const items = itemsCoercion(doc, parameter.schema);
      const exploded = parameter.in === 'query' && parameter.explode && parameter.style === 'form';
      const separator = itemSeparator(parameter.style);
      fromText = exploded
        ? (_first, texts) => items(texts)
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
      where: lazily(() => specLocation(parameter.pointer)),
      decode: decoder(doc, parameter),
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
        specLocation: `${where()}/x-requires`,
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
