import { randomUUID } from 'node:crypto';
import { errorSchemaFor, readErrorSchemas } from '@svc-contracts/contract-model';
import {
  deref,
  firstExample,
  isObject,
  isXmlMediaType,
  type JsonObject,
  type OpenApiDocument,
  operationsOf,
} from '@svc-contracts/openapi-utils';
import { escapeXmlText, replaceIllegalXmlCharacters } from '@svc-contracts/xml-validator';
import { locOf, type Violation } from './violations.js';

export interface MockResponse {
  status: number;
  headers: Record<string, string>;
  body: string | undefined;
  /** What a refusal was for (the request log line names each rule and place); absent on other answers. */
  violations?: Violation[];
}

/** The error answer a service documents, carrying the violations: that status's documented example with
 * its message replaced, so it keeps the service's own shape (agents' `detail` list, voice's
 * `{type, description, id}`, mfa's `{error, requestId}`, numbers' XML `ResponseStatus`). */
export function errorResponse(
  spec: OpenApiDocument,
  /** The operation object; `undefined` for a request no operation matches: only `x-error-schemas` applies. */
  operation: JsonObject | undefined,
  status: number,
  violations: Violation[],
  extraHeaders: Record<string, string> = {},
): MockResponse {
  return { ...shapedError(spec, operation, status, violations, extraHeaders), violations };
}

/** Several messages as sentences: each but the last ends with a full stop unless it ends with one (or
 * `?`/`!`) already, so two never run together; one message is kept as it is. */
export function joinMessages(messages: readonly string[]): string {
  const kept = messages.map((message) => message.trim()).filter((message) => message !== '');
  return kept
    .map((message, index) => (index === kept.length - 1 || /[.!?]$/.test(message) ? message : `${message}.`))
    .join(' ');
}

function shapedError(
  spec: OpenApiDocument,
  operation: JsonObject | undefined,
  status: number,
  violations: Violation[],
  extraHeaders: Record<string, string>,
): MockResponse {
  const message = joinMessages(violations.map((violation) => violation.message));
  const documented = operation ? documentedResponse(spec, operation, status) : undefined;
  if (documented === 'no-content') return { status, headers: { ...extraHeaders }, body: undefined };
  const template = documented ?? errorSchemaTemplate(spec, status);
  if (!template) return problemResponse(status, message, violations, extraHeaders);
  const shaped = fromTemplate(spec, status, template, violations, message, extraHeaders);
  if (shaped) return shaped;
  const { example } = template;
  const body = typeof example === 'string' ? message : JSON.stringify(example ?? null);
  return { status, headers: { 'content-type': template.mediaType, ...extraHeaders }, body };
}

/** The template's example with the message put in: XML in its message element, JSON by `shapeJson`. */
function fromTemplate(
  spec: OpenApiDocument,
  status: number,
  template: Template,
  violations: Violation[],
  message: string,
  extraHeaders: Record<string, string> = {},
): MockResponse | undefined {
  const { mediaType, example, schema } = template;
  const answer = { status, headers: { 'content-type': mediaType, ...extraHeaders } };
  if (typeof example === 'string' && isXmlMediaType(mediaType)) {
    return { ...answer, body: replaceXmlMessage(example, message) };
  }
  if (isObject(example)) {
    return { ...answer, body: JSON.stringify(shapeJson(spec, example, schema, violations, message)) };
  }
  return undefined;
}

/** Whether the operation documents this status (exactly, or by a range such as `4XX`). */
export function documentsStatus(operation: JsonObject, status: number): boolean {
  const responses = operation.responses;
  return isObject(responses) && responseKey(responses, status) !== undefined;
}

function responseKey(responses: JsonObject, status: number): string | undefined {
  const exact = String(status);
  const range = `${exact[0]}XX`;
  if (exact in responses) return exact;
  if (range in responses) return range;
  if (range.toLowerCase() in responses) return range.toLowerCase();
  return undefined;
}

interface Template {
  mediaType: string;
  example: unknown;
  schema: unknown;
}

/** The operation's response for the status; `'no-content'` when it is documented without a body. */
function documentedResponse(
  spec: OpenApiDocument,
  operation: JsonObject,
  status: number,
): Template | 'no-content' | undefined {
  const responses = operation.responses;
  if (!isObject(responses)) return undefined;
  const key = responseKey(responses, status);
  if (key === undefined) return undefined;
  const response = deref(spec, responses[key]);
  if (!isObject(response) || !isObject(response.content) || Object.keys(response.content).length === 0) {
    return 'no-content';
  }
  return templateOf(spec, response.content);
}

function templateOf(spec: OpenApiDocument, content: JsonObject): Template | undefined {
  const [mediaType, rawMedia] = Object.entries(content)[0] ?? [];
  const media = deref(spec, rawMedia);
  if (mediaType === undefined || !isObject(media)) return undefined;
  return { mediaType, example: firstExample(spec, media), schema: deref(spec, media.schema) };
}

/** For a status the operation does not document (an invalid XML order on numbers, whose operations do not all
 * list the 400 that `x-validation-status` names): the service's error schema for it from `x-error-schemas`,
 * with the example of a response elsewhere in the spec that uses that schema. */
function errorSchemaTemplate(spec: OpenApiDocument, status: number, anyStatus = false): Template | undefined {
  const errorSchemas = readErrorSchemas(spec).value;
  if (errorSchemas === undefined) return undefined;
  const exact = String(status);
  const pointer =
    errorSchemaFor(errorSchemas, status)?.pointer ??
    (anyStatus
      ? Object.values(errorSchemas).find((entry) => entry.pointer !== undefined)?.pointer
      : undefined);
  if (pointer === undefined) return undefined;
  const schema = deref(spec, { $ref: pointer });
  // An example written for this very status reads best (voice's 404 "Not Found"); any other will do.
  const candidates = [...documentedResponses(spec)].sort(
    (a, b) => Number(b.status === exact) - Number(a.status === exact),
  );
  for (const { response } of candidates) {
    for (const [mediaType, rawMedia] of Object.entries(response.content)) {
      const media = deref(spec, rawMedia);
      if (!isObject(media) || deref(spec, media.schema) !== schema) continue;
      const example = firstExample(spec, media);
      if (example !== undefined) return { mediaType, example, schema };
    }
  }
  return undefined;
}

/** Every response of the spec with content, with the status it is listed under (none for components). */
function* documentedResponses(
  spec: OpenApiDocument,
): Generator<{ status: string | undefined; response: JsonObject & { content: JsonObject } }> {
  const listed: Array<[string | undefined, unknown]> = [];
  for (const { operation } of operationsOf(spec, ['paths']))
    if (isObject(operation.responses)) listed.push(...Object.entries(operation.responses));
  for (const response of Object.values(spec.components?.responses ?? {})) listed.push([undefined, response]);
  for (const [status, raw] of listed) {
    const response = deref(spec, raw);
    if (isObject(response) && isObject(response.content)) {
      yield { status, response: response as JsonObject & { content: JsonObject } };
    }
  }
}

/** Fields that carry the human-readable message, in the order they are preferred. */
const messageFields = ['description', 'message', 'Message', 'msg', 'error', 'detail', 'title', 'Description'];
/** Fields of a list item that say where (`loc`) and what kind (`type`) of violation it is. */
const locationFields = ['loc', 'location', 'path'];
const kindFields = ['type', 'code', 'rule'];

function shapeJson(
  spec: OpenApiDocument,
  example: JsonObject,
  schema: unknown,
  violations: Violation[],
  message: string,
): JsonObject {
  const body = structuredClone(example);
  // A list of violations (FastAPI's `detail: [{loc, msg, type}]`): one item per violation.
  for (const [key, value] of Object.entries(body)) {
    const template = Array.isArray(value) ? value[0] : undefined;
    if (isObject(template) && messageFields.some((field) => typeof template[field] === 'string')) {
      const itemSchema = deref(spec, propertySchema(spec, schema, key)?.items);
      body[key] = violations.map((violation) => listItem(template, itemSchema, violation));
      return body;
    }
  }
  // A single message (`{type, description, id}`, `{error, requestId}`): replace the message only.
  const field = messageFields.find((name) => typeof body[name] === 'string');
  if (field) body[field] = message;
  for (const key of Object.keys(body)) {
    if (/^request[-_]?id$/i.test(key) && typeof body[key] === 'string') body[key] = randomUUID();
  }
  return body;
}

function listItem(template: JsonObject, itemSchema: unknown, violation: Violation): JsonObject {
  const required =
    isObject(itemSchema) && Array.isArray(itemSchema.required) ? itemSchema.required : undefined;
  const item: JsonObject = {};
  for (const [key, value] of Object.entries(template)) {
    if (messageFields.includes(key)) item[key] = violation.message;
    else if (locationFields.includes(key) && Array.isArray(value)) item[key] = locOf(violation.pointer);
    else if (kindFields.includes(key) && typeof value === 'string') item[key] = violation.rule;
    // The example's other values (`input`, `ctx`) describe the example's violation, not this one:
    // keep them only when the schema requires them.
    else if (!required || required.includes(key)) item[key] = value;
  }
  return item;
}

function propertySchema(spec: OpenApiDocument, schema: unknown, name: string): JsonObject | undefined {
  const node = deref(spec, schema);
  if (!isObject(node)) return undefined;
  const direct = isObject(node.properties) ? deref(spec, node.properties[name]) : undefined;
  if (isObject(direct)) return direct;
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[keyword];
    if (!Array.isArray(list)) continue;
    for (const part of list) {
      const found = propertySchema(spec, part, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** Replaces the text of the first message-like element (`<Description>`) of a documented XML error. */
function replaceXmlMessage(xml: string, message: string): string {
  for (const name of ['Description', 'Message', 'ErrorMessage', 'Error', 'Detail']) {
    const pattern = new RegExp(`(<${name}(?:\\s[^>]*)?>)[\\s\\S]*?(</${name}>)`);
    if (pattern.test(xml))
      return xml.replace(
        pattern,
        (_all, open: string, close: string) =>
          `${open}${escapeXmlText(replaceIllegalXmlCharacters(message))}${close}`,
      );
  }
  return xml;
}

/** The answer to a request refused before it can be checked (a body over the mock's size limit, two
 * `Authorization` headers): the status is the mock's choice, not the source's, so the message says so, in the
 * body shape the service uses for its errors (its `x-error-schemas`), problem+json only for a service that
 * documents none. */
export function mockRefusal(
  spec: OpenApiDocument,
  status: number,
  rule: string,
  reason: string,
): MockResponse {
  const message = `${reason} (${status} is the mock's answer: the source documents no status for this)`;
  const violation: Violation = { rule, message, side: 'request' };
  const template = errorSchemaTemplate(spec, status, true);
  const shaped = template && fromTemplate(spec, status, template, [violation], message);
  return shaped ? { ...shaped, violations: [violation] } : problemResponse(status, message, [violation]);
}

/** Prism's own answer when the spec documents nothing for the status: RFC 9457 problem details. */
export function problemResponse(
  status: number,
  detail: string,
  violations: Violation[] = [],
  extraHeaders: Record<string, string> = {},
): MockResponse {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    401: 'Invalid security scheme used',
    403: 'Forbidden',
    404: 'Route not resolved, no path matched',
    405: 'Route resolved, but no method matched',
    413: 'Payload Too Large',
    415: 'Unsupported Media Type',
    422: 'Invalid request',
    500: 'Internal Server Error',
  };
  const body: JsonObject = { type: 'about:blank', title: titles[status] ?? 'Error', status, detail };
  if (violations.length > 0) body.validation = violations;
  return {
    status,
    headers: { 'content-type': 'application/problem+json', ...extraHeaders },
    body: JSON.stringify(body),
    ...(violations.length > 0 && { violations }),
  };
}
