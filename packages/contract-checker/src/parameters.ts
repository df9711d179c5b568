import {
  derefWithPointer,
  escapePointer,
  isJsonMediaType,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  parseMediaType,
} from '@svc-contracts/openapi-utils';
import { coerceFields, coerceItems, coerceScalar, schemaShape, schemaTypes } from './coerce.js';
import type { RequestParts } from './request-parts.js';
import type { SchemaValidator } from './schema-validator.js';
import type { Violation } from './types.js';

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

type Decoded =
  | { present: false }
  | { present: true; value: unknown }
  | { present: true; unparseable: string };

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

/** The raw text(s) of a parameter in the request, before any decoding by schema. */
function rawValues(
  parameter: ResolvedParameter,
  parts: RequestParts,
  doc: OpenApiDocument,
): string[] | Map<string, string[]> | undefined {
  switch (parameter.in) {
    case 'path': {
      const text = parts.pathParams[parameter.name];
      if (text === undefined) return undefined;
      if (parameter.style === 'label') return [text.replace(/^\./, '')];
      if (parameter.style === 'matrix') return [text.replace(new RegExp(`^;${parameter.name}=`), '')];
      return [text];
    }
    case 'header': {
      const values = parts.headers.get(parameter.name.toLowerCase());
      return values && [values.join(',')];
    }
    case 'cookie': {
      const value = parts.cookies.get(parameter.name);
      return value === undefined ? undefined : [value];
    }
    case 'query': {
      if (parameter.style === 'deepObject') {
        const fields = new Map<string, string[]>();
        const prefix = `${parameter.name}[`;
        for (const [key, values] of parts.query) {
          if (key.startsWith(prefix) && key.endsWith(']')) fields.set(key.slice(prefix.length, -1), values);
        }
        return fields.size > 0 ? fields : undefined;
      }
      const exploded = parameter.explode && parameter.style === 'form' && !parameter.contentType;
      if (
        exploded &&
        schemaTypes(doc, parameter.schema).includes('object') &&
        !parts.query.has(parameter.name)
      ) {
        // form + explode object: each property is its own query parameter.
        const { properties } = schemaShape(doc, parameter.schema);
        const fields = new Map<string, string[]>();
        for (const name of Object.keys(properties)) {
          const values = parts.query.get(name);
          if (values) fields.set(name, values);
        }
        return fields.size > 0 ? fields : undefined;
      }
      return parts.query.get(parameter.name);
    }
  }
}

function decodeParameter(doc: OpenApiDocument, parameter: ResolvedParameter, parts: RequestParts): Decoded {
  const raw = rawValues(parameter, parts, doc);
  if (raw === undefined) return { present: false };
  if (raw instanceof Map) return { present: true, value: coerceFields(doc, parameter.schema, raw) };
  const first = raw[0] ?? '';
  if (parameter.contentType !== undefined) {
    if (parameter.contentIsJson !== true) return { present: true, value: first };
    try {
      return { present: true, value: JSON.parse(first) as unknown };
    } catch (error) {
      return { present: true, unparseable: error instanceof Error ? error.message : String(error) };
    }
  }
  const types = schemaTypes(doc, parameter.schema);
  if (types.includes('array')) {
    const exploded = parameter.in === 'query' && parameter.explode && parameter.style === 'form';
    const texts = exploded ? raw : first === '' ? [] : first.split(itemSeparator(parameter.style));
    return { present: true, value: coerceItems(doc, parameter.schema, texts) };
  }
  if (types.includes('object') && !types.includes('string')) {
    return {
      present: true,
      value: coerceFields(doc, parameter.schema, pairsToFields(first, parameter.explode)),
    };
  }
  return { present: true, value: coerceScalar(doc, parameter.schema, first) };
}

function describe(parameter: ResolvedParameter): string {
  return `${parameter.in} parameter '${parameter.name}'`;
}

export function checkParameters(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  parameters: ResolvedParameter[],
  parts: RequestParts,
  specLocation: (pointer: string) => string,
): Violation[] {
  const violations: Violation[] = [];
  const presence = new Map<string, boolean>();
  const decoded = parameters.map((parameter) => {
    const result = decodeParameter(doc, parameter, parts);
    presence.set(`${parameter.in}:${parameter.name.toLowerCase()}`, result.present);
    return { parameter, result };
  });
  const isPresent = (location: ParameterLocation, name: string): boolean => {
    const known = presence.get(`${location}:${name.toLowerCase()}`);
    if (known !== undefined) return known;
    if (location === 'query') return parts.query.has(name);
    if (location === 'header') return parts.headers.has(name.toLowerCase());
    if (location === 'cookie') return parts.cookies.has(name);
    return parts.pathParams[name] !== undefined;
  };

  for (const { parameter, result } of decoded) {
    const base = `${parameter.in}:${parameter.name}`;
    const where = (): string => specLocation(parameter.pointer);
    if (!result.present) {
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
    for (const required of parameter.requires) {
      if (isPresent(parameter.in, required)) continue;
      violations.push({
        rule: 'parameter-requires',
        severity: 'error',
        side: 'request',
        message: `${describe(parameter)} is present without ${parameter.in} parameter '${required}' (x-requires)`,
        pointer: base,
        specLocation: `${where()}/x-requires`,
      });
    }
    if ('unparseable' in result) {
      violations.push({
        rule: 'parameter-unparseable',
        severity: 'error',
        side: 'request',
        message: `${describe(parameter)} is not valid ${parameter.contentType ?? 'JSON'}: ${result.unparseable}`,
        pointer: base,
        specLocation: `${where()}/content/${escapePointer(parameter.contentType ?? '')}`,
      });
      continue;
    }
    if (parameter.schema === undefined) continue;
    for (const issue of validator.validateConcise(parameter.schema, result.value)) {
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
  return violations;
}
