import { securitySchemes } from '@svc-contracts/error-answers';
import {
  deref,
  firstExample,
  type HttpMethod,
  isObject,
  type JsonObject,
  type OpenApiDocument,
  operationsOf,
} from '@svc-contracts/openapi-utils';
import { fitAnswer } from '../src/fitted-answer.js';
import { basic, type Call } from './support.ts';

/** One operation of a spec, with the parameters of its path item and its own (its own winning). */
export interface Operation {
  method: HttpMethod;
  path: string;
  node: JsonObject;
  parameters: JsonObject[];
}

export function specOperations(spec: OpenApiDocument): Operation[] {
  const parametersOf = (list: unknown): JsonObject[] =>
    Array.isArray(list) ? list.map((raw) => deref(spec, raw)).filter(isObject) : [];
  return [...operationsOf(spec, ['paths'])].map(({ key, method, pathItem, operation }) => {
    const own = parametersOf(operation.parameters);
    const shared = parametersOf(pathItem.parameters).filter(
      (p) => !own.some((o) => o.name === p.name && o.in === p.in),
    );
    return { method, path: key, node: operation, parameters: [...shared, ...own] };
  });
}

/**
 * A request the spec says is valid, built from the spec alone (its parameter, credential and body
 * examples), so the tests follow the specs as they are written and changed.
 */
export interface SpecRequest extends Call {
  path: string;
}

export function validRequest(spec: OpenApiDocument, operation: Operation): SpecRequest {
  let path = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...credentialHeaders(spec, operation) };
  for (const parameter of operation.parameters) {
    const value = parameterValue(spec, parameter);
    const name = String(parameter.name);
    if (value === undefined) {
      if (parameter.required === true) throw new Error(`${operation.path}: no example for required ${name}`);
      continue;
    }
    if (parameter.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query') query.set(name, value);
    else if (parameter.in === 'header') headers[name] = value;
  }
  const request: SpecRequest = {
    method: operation.method.toUpperCase(),
    path: query.size > 0 ? `${path}?${query}` : path,
    headers,
  };
  const body = deref(spec, operation.node.requestBody);
  if (isObject(body) && isObject(body.content)) {
    for (const [mediaType, rawMedia] of Object.entries(body.content)) {
      const media = deref(spec, rawMedia);
      const example = isObject(media) ? firstExample(spec, media) : undefined;
      if (example === undefined) continue;
      headers['content-type'] = mediaType;
      request.body = encodeBody(mediaType, example);
      break;
    }
  }
  return request;
}

/** The documented error statuses of an operation (4xx/5xx written as codes, not ranges). */
export function errorStatuses(operation: Operation): number[] {
  const responses = isObject(operation.node.responses) ? operation.node.responses : {};
  return Object.keys(responses)
    .filter((key) => /^[45][0-9]{2}$/.test(key))
    .map(Number);
}

/** The documented success statuses, as written (`200`, `2XX`). */
export function successStatuses(operation: Operation): string[] {
  const responses = isObject(operation.node.responses) ? operation.node.responses : {};
  return Object.keys(responses).filter((key) => /^2([0-9]{2}|XX)$/i.test(key));
}

/** The named examples of a status's first media type (`Prefer: example=<name>` picks one). */
export function exampleNames(spec: OpenApiDocument, operation: Operation, status: number | string): string[] {
  const responses = isObject(operation.node.responses) ? operation.node.responses : {};
  const response = deref(spec, responses[String(status)]);
  if (!isObject(response) || !isObject(response.content)) return [];
  const media = deref(spec, Object.values(response.content)[0]);
  return isObject(media) && isObject(media.examples) ? Object.keys(media.examples) : [];
}

export function exampleValue(
  spec: OpenApiDocument,
  operation: Operation,
  status: number | string,
  name: string,
): unknown {
  const responses = isObject(operation.node.responses) ? operation.node.responses : {};
  const response = deref(spec, responses[String(status)]);
  if (!isObject(response) || !isObject(response.content)) return undefined;
  const media = deref(spec, Object.values(response.content)[0]);
  const example = isObject(media) && isObject(media.examples) ? deref(spec, media.examples[name]) : undefined;
  return isObject(example) ? example.value : undefined;
}

/**
 * The success example as the mock serves it for `request`: what its response's `x-echoes` says the answer
 * carries of the request's JSON body (the group message's `tag` and `owner`) taken from the request, and,
 * under `x-filters`, only the items of its list that the request's query allows.
 */
export function servedExample(
  spec: OpenApiDocument,
  operation: Operation,
  status: number | string,
  name: string,
  request: SpecRequest,
): unknown {
  const example = exampleValue(spec, operation, status, name);
  const responses = isObject(operation.node.responses) ? operation.node.responses : {};
  const response = deref(spec, responses[String(status)]);
  if (!isObject(response)) return example;
  return fitAnswer(response, jsonOrText(request.body), request.path, example);
}

/** A request body as the mock hands it on: parsed when it is JSON, else the text (which echoes nothing). */
function jsonOrText(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function encodeBody(mediaType: string, example: unknown): string {
  if (typeof example === 'string') return example;
  if (mediaType.startsWith('application/x-www-form-urlencoded') && isObject(example)) {
    const fields = Object.entries(example).map(([key, value]): [string, string] => [key, String(value)]);
    return new URLSearchParams(fields).toString();
  }
  return JSON.stringify(example);
}

function parameterValue(spec: OpenApiDocument, parameter: JsonObject): string | undefined {
  if (isObject(parameter.content)) {
    const media = deref(spec, Object.values(parameter.content)[0]);
    const example = isObject(media) ? firstExample(spec, media) : undefined;
    return example === undefined ? undefined : JSON.stringify(example);
  }
  const schema = deref(spec, parameter.schema);
  const candidates: unknown[] = [firstExample(spec, parameter)];
  if (isObject(schema)) {
    candidates.push(
      schema.example,
      Array.isArray(schema.examples) ? schema.examples[0] : undefined,
      schema.default,
    );
    if (Array.isArray(schema.enum)) candidates.push(schema.enum[0]);
  }
  const value = candidates.find((candidate) => candidate !== undefined);
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : String(value);
}

/** Credentials for the operation's first security alternative, with values their `x-value-schema` accepts. */
export function credentialHeaders(spec: OpenApiDocument, operation: Operation): Record<string, string> {
  const schemes = securitySchemes(spec);
  const security = (operation.node.security ?? spec.security) as unknown;
  const first = Array.isArray(security) ? security.find((alternative) => isObject(alternative)) : undefined;
  const headers: Record<string, string> = {};
  for (const name of isObject(first) ? Object.keys(first) : []) {
    const scheme = schemes[name];
    if (!scheme) continue;
    if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic')
      headers.authorization = basic();
    else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      headers.authorization = 'Bearer test-access-token';
    } else if (scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string') {
      const valueSchema = scheme['x-value-schema'];
      const pattern =
        isObject(valueSchema) && typeof valueSchema.pattern === 'string' ? valueSchema.pattern : undefined;
      headers[scheme.name] = pattern && new RegExp(pattern).test('42') ? '42' : 'test-api-key';
    }
  }
  return headers;
}
