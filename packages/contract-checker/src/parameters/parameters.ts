import { EXTENSION } from '@svc-contracts/contract-model';
import { escapePointer, type OpenApiDocument, schemaShape, schemaTypes } from '@svc-contracts/openapi-utils';
import { fieldsCoercion, itemsCoercion, scalarCoercion } from '../bodies/coerce.js';
import { type TrafficJson, UnparseableJson } from '../bodies/json-text.js';
import { violation } from '../bodies/violation.js';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { Violation } from '../core/types.js';
import { headerLines, type RequestParts, recordReads, valuesAt } from './request-parts.js';
import type { ParameterLocation, ResolvedParameter } from './resolve.js';

/** What a parameter not sent decodes to (a `content` parameter that does not parse gives {@link UnparseableJson}). */
const notSent: unique symbol = Symbol('not sent');

/** A parameter's text (path, cookie), its texts (query, header lines), or its fields by name. */
type RawReader = (parts: RequestParts) => string | string[] | Map<string, string[]> | undefined;

/** How the raw text(s) of a parameter are found in the request by its location and style. */
function rawReader(doc: OpenApiDocument, parameter: ResolvedParameter): RawReader {
  const { name, style } = parameter;
  const lower = name.toLowerCase();
  switch (parameter.in) {
    case 'path': {
      // `label` (`.v`), `matrix` (`;name=v`), else `simple` (`v`).
      const prefix = style === 'label' ? /^\./ : style === 'matrix' ? new RegExp(`^;${name}=`) : undefined;
      if (prefix === undefined) return (parts) => parts.pathParams[name];
      return (parts) => parts.pathParams[name]?.replace(prefix, '');
    }
    case 'header':
      return (parts) => headerLines(parts.headers, lower);
    case 'cookie':
      return (parts) => parts.cookies.get(name);
    case 'query':
      return queryReader(doc, parameter);
  }
}

/** A query parameter's texts: `deepObject` (`name[key]=v`), `form` + `explode` of an object (a field per
 * property), else the fields named as the parameter. */
function queryReader(doc: OpenApiDocument, parameter: ResolvedParameter): RawReader {
  const { name } = parameter;
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
  if (!exploded || !schemaTypes(doc, parameter.schema).includes('object'))
    return (parts) => parts.query.get(name);
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

/** An object parameter (simple or form style): `k1,v1,k2,v2` (explode false) or `k1=v1,k2=v2` (explode true). */
function pairsToFields(text: string, explode: boolean): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const parts = text.split(',');
  if (explode) {
    for (const pair of parts) {
      const at = pair.indexOf('=');
      if (at > 0) fields.set(pair.slice(0, at), [pair.slice(at + 1)]);
    }
  } else {
    for (let i = 0; i + 1 < parts.length; i += 2) fields.set(parts[i] ?? '', [parts[i + 1] ?? '']);
  }
  return fields;
}

/** How a parameter's value is read from a request, worked out once: its raw text, then its schema's type. */
function decoder(doc: OpenApiDocument, json: TrafficJson, parameter: ResolvedParameter) {
  const raw = rawReader(doc, parameter);
  const fields = fieldsCoercion(doc, parameter.schema);
  const types = schemaTypes(doc, parameter.schema);
  // `texts`: every text of a parameter that has several (a query's repeated name), else undefined.
  let fromText: (first: string, texts: string[] | undefined) => unknown;
  if (parameter.contentType !== undefined) {
    fromText = parameter.contentIsJson !== true ? (first) => first : (first) => json.parse(first);
  } else if (types.includes('array')) {
    const items = itemsCoercion(doc, parameter.schema);
    const { style } = parameter;
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    // A header list allows whitespace around its commas (RFC 9110 §5.6.1): lines joined have it.
    const item = parameter.in === 'header' ? (text: string) => text.trim() : (text: string) => text;
    fromText =
      parameter.in === 'query' && parameter.explode && style === 'form'
        ? (first, texts) => items(texts ?? [first])
        : (first) => items(first === '' ? [] : first.split(separator).map(item));
  } else if (types.includes('object') && !types.includes('string')) {
    fromText = (first) => fields(pairsToFields(first, parameter.explode));
  } else {
    fromText = scalarCoercion(doc, parameter.schema);
  }
  return (parts: RequestParts): unknown => {
    const found = raw(parts);
    if (found === undefined) return notSent;
    if (typeof found === 'string') return fromText(found, undefined);
    if (found instanceof Map) return fields(found);
    return fromText(found[0] ?? '', found);
  };
}

/** An operation's parameters made ready to check, with what of the request they read. */
export function planParameters(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  json: TrafficJson,
  parameters: ResolvedParameter[],
) {
  const { reads, readsAt } = recordReads();
  // The last parameter with a location and name (case-insensitive) answers whether that name was sent.
  const indexOf = (location: ParameterLocation, name: string): number =>
    parameters.findLastIndex(
      (other) => other.in === location && other.name.toLowerCase() === name.toLowerCase(),
    );
  const planned = parameters.map((parameter) => {
    readsAt(parameter.in, parameter.name);
    const requires = parameter.requires.map((name) => {
      readsAt(parameter.in, name);
      return { name, index: indexOf(parameter.in, name), read: valuesAt(parameter.in, name) };
    });
    return {
      parameter,
      label: `${parameter.in} parameter '${parameter.name}'`,
      base: `${parameter.in}:${parameter.name}`,
      decode: decoder(doc, json, parameter),
      conforms: parameter.schema === undefined ? undefined : validator.tester(parameter.schema),
      requires,
    };
  });
  return { planned, reads };
}

/** Adds to `violations` every way the request's parameters break the contract. */
export function checkParameters(
  plan: ReturnType<typeof planParameters>,
  validator: SchemaValidator,
  parts: RequestParts,
  specLocation: (pointer: string) => string,
  violations: Violation[],
): void {
  const values = plan.planned.map((planned) => planned.decode(parts));
  plan.planned.forEach(({ parameter, label, conforms, requires, base }, at) => {
    const value = values[at];
    const fail = (rule: Violation['rule'], message: string, location: string, pointer = base) =>
      violations.push(violation('request', rule, message, pointer, location));
    if (value === notSent) {
      if (parameter.required)
        fail('parameter-missing', `required ${label} is missing`, specLocation(parameter.pointer));
      return;
    }
    for (const required of requires) {
      if (required.index >= 0 ? values[required.index] !== notSent : required.read(parts) !== undefined)
        continue;
      const message = `${label} is present without ${parameter.in} parameter '${required.name}' (x-requires)`;
      fail('parameter-requires', message, `${specLocation(parameter.pointer)}/${EXTENSION.requires}`);
    }
    if (value instanceof UnparseableJson) {
      const message = `${label} is not valid ${parameter.contentType ?? 'JSON'}: ${value.message}`;
      const where = `${specLocation(parameter.pointer)}/content/${escapePointer(parameter.contentType ?? '')}`;
      fail('parameter-unparseable', message, where);
      return;
    }
    if (conforms === undefined || conforms(value)) return;
    for (const { instancePath, message } of validator.validateConcise(parameter.schema, value)) {
      const text = `${label}${instancePath === '/' ? '' : ` at ${instancePath}`} ${message}`;
      fail(
        'parameter-invalid',
        text,
        specLocation(parameter.schemaPointer),
        instancePath === '/' ? base : `${base}${instancePath}`,
      );
    }
  });
}
