import {
  type Echo,
  EXTENSION,
  type FilterRules,
  isBodyOpen,
  readEchoes,
  readOperationRefusals,
  readResponseFilters,
} from '@svc-contracts/contract-model';
import { derefWithPointer, escapePointer, isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import { type BodyCheck, type MaybePromise, planBody } from '../bodies/body.js';
import { scalarCoercion } from '../bodies/coerce.js';
import { type TrafficJson, UnparseableJson } from '../bodies/json-text.js';
import type { CompiledService, PreparedOperation } from '../contract/compiled.js';
import type { RecordedRequest, RecordedResponse, Violation } from '../core/types.js';
import { echoMismatches } from '../extensions/echoes.js';
import { filterMismatches, filterQuery } from '../extensions/filters.js';
import { refusalViolations } from '../extensions/refusals.js';
import {
  contentTypeOf,
  type HeaderNames,
  headerLines,
  headerNames,
  headerValue,
  pickHeaders,
  type RequestParts,
} from '../parameters/request-parts.js';

/** `compute()` on the first call, then its value: a location worked out only for a header that fails. */
function onFirstCall(compute: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= compute());
}

const responseKeys = new WeakMap<object, Map<number, string | undefined>>();

/** The response key a status falls under: exact code, then `4XX`-style range, then `default`. */
export function responseKeyFor(responses: unknown, status: number): string | undefined {
  if (!isObject(responses)) return undefined;
  // Asked for every entry (its verdict, the error schemas): kept per responses object and status.
  let byStatus = responseKeys.get(responses);
  if (byStatus === undefined) {
    byStatus = new Map();
    responseKeys.set(responses, byStatus);
  }
  if (byStatus.has(status)) return byStatus.get(status);
  const key = readResponseKey(responses, status);
  // Statuses come from traffic: past a bound the map of this object starts again.
  if (byStatus.size >= 1000) byStatus.clear();
  byStatus.set(status, key);
  return key;
}

function readResponseKey(responses: JsonObject, status: number): string | undefined {
  const keys = Object.keys(responses);
  const exact = keys.find((key) => key === String(status));
  if (exact) return exact;
  const range = keys.find((key) => key.toUpperCase() === `${Math.floor(status / 100)}XX`);
  if (range) return range;
  return keys.includes('default') ? 'default' : undefined;
}

/** The check of a response, planned once per operation. `parts`: the request as its own check took it apart
 * (see `RequestReader`), when it was; its decoded query is what `x-filters` reads. */
export type ResponseCheck = (
  request: RecordedRequest,
  response: RecordedResponse,
  parts?: RequestParts,
) => MaybePromise<Violation[]>;

/** A documented response header, resolved and compiled once. */
interface PlannedHeader {
  name: string;
  lowerName: string;
  required: boolean;
  schema: unknown;
  pointer: string;
  conforms?: (value: unknown) => boolean;
  coerce: (text: string) => unknown;
  schemaLocation: () => string;
}

/** What is checked of a response under one response key: its headers and its body. */
interface PlannedResponse {
  headers: PlannedHeader[];
  /** The headers read: the documented ones and Content-Type. */
  reads: HeaderNames;
  body: BodyCheck;
  /** The contract set's JSON reader, for the rules that read both bodies. */
  json: TrafficJson;
  /** `x-echoes`: what the answer carries of the request's body. */
  echoes: readonly Echo[];
  echoLocation: () => string;
  /** `x-filters`: what the request's query says of the items of the answer's list. */
  filters: FilterRules | undefined;
  filterLocation: () => string;
}

/** The response key a status falls under (undefined: the status is not declared), with its plan (undefined
 * also when the key has no response object). */
interface StatusPlan {
  key: string | undefined;
  planned: PlannedResponse | undefined;
}

/** The response object declared under a key, its `$ref` followed, with its pointer. */
function declaredResponse(operation: PreparedOperation, key: string): { node: unknown; pointer: string } {
  const { indexed } = operation;
  return derefWithPointer(
    operation.service.doc,
    (indexed.operation.responses as JsonObject)[key],
    `${indexed.pointer}/responses/${escapePointer(key)}`,
  );
}

/** Whether a response of the operation declares `x-filters`, which read the request's query: the request side
 * then decodes the query for both sides (its plan asks this once). */
export function answersFilterQuery(operation: PreparedOperation): boolean {
  const { responses } = operation.indexed.operation;
  if (!isObject(responses)) return false;
  return Object.keys(responses).some((key) => {
    const declared = declaredResponse(operation, key);
    return isObject(declared.node) && readResponseFilters(declared.node).value !== undefined;
  });
}

function planDeclaredResponse(
  service: CompiledService,
  operation: PreparedOperation,
  key: string,
): PlannedResponse | undefined {
  const { doc, validator } = service;
  const declared = declaredResponse(operation, key);
  if (!isObject(declared.node)) return undefined;
  const headers: PlannedHeader[] = [];
  if (isObject(declared.node.headers)) {
    for (const [name, rawHeader] of Object.entries(declared.node.headers)) {
      if (name.toLowerCase() === 'content-type') continue;
      const header = derefWithPointer(doc, rawHeader, `${declared.pointer}/headers/${escapePointer(name)}`);
      if (!isObject(header.node)) continue;
      const schema = header.node.schema;
      headers.push({
        name,
        lowerName: name.toLowerCase(),
        required: header.node.required === true,
        schema,
        pointer: header.pointer,
        ...(schema === undefined ? {} : { conforms: validator.tester(schema) }),
        coerce: scalarCoercion(doc, schema),
        schemaLocation: onFirstCall(() =>
          service.body.specLocation(derefWithPointer(doc, schema, `${header.pointer}/schema`).pointer),
        ),
      });
    }
  }
  return {
    headers,
    reads: headerNames(['content-type', ...headers.map((header) => header.name)]),
    body: planBody(service.body, {
      side: 'response',
      content: declared.node.content,
      pointer: declared.pointer,
      required: true,
      open: isBodyOpen(declared.node),
    }),
    json: service.body.json,
    // Malformed entries are left out (the linter reports them).
    echoes: readEchoes(declared.node).value ?? [],
    echoLocation: () => service.body.specLocation(`${declared.pointer}/${EXTENSION.echoes}`),
    filters: readResponseFilters(declared.node).value,
    filterLocation: () => service.body.specLocation(`${declared.pointer}/${EXTENSION.filters}`),
  };
}

/** An operation's response check, worked out per response key on the first response that falls under it: the
 * documented headers with their compiled schemas, and the body's check. */
export function planResponse(operation: PreparedOperation): ResponseCheck {
  const { service, indexed } = operation;
  // HTTP statuses (100 to 599, all a HAR entry can have) by index; anything else a library caller passes is
  // looked up each time.
  const byHttpStatus: Array<StatusPlan | undefined> = [];
  // One plan per response key (the keys come from the spec): statuses under `2XX` or `default` share it.
  const byKey = new Map<string, PlannedResponse | undefined>();
  const planKey = (key: string): PlannedResponse | undefined => {
    if (!byKey.has(key)) byKey.set(key, planDeclaredResponse(service, operation, key));
    return byKey.get(key);
  };
  const planStatus = (status: number): StatusPlan => {
    const key = responseKeyFor(indexed.operation.responses, status);
    return { key, planned: key === undefined ? undefined : planKey(key) };
  };
  const statusPlan = (status: number): StatusPlan => {
    if (!(Number.isInteger(status) && status >= 100 && status <= 599)) return planStatus(status);
    let plan = byHttpStatus[status];
    if (plan === undefined) {
      plan = planStatus(status);
      byHttpStatus[status] = plan;
    }
    return plan;
  };
  const refusals = readOperationRefusals(indexed.operation).value;
  if (refusals !== undefined) {
    // `x-refusals`: a request the source says is refused, judged by its answer's status and body.
    const refusalLocation = () => service.body.specLocation(`${indexed.pointer}/${EXTENSION.refusals}`);
    const check = checkResponse(statusPlan, operation);
    return (request, response, parts) => {
      const found = refusalViolations(refusals, request, response, refusalLocation);
      const rest = check(request, response, parts);
      if (found.length === 0) return rest;
      return Array.isArray(rest) ? concat(found, rest) : rest.then((more) => concat(found, more));
    };
  }
  return checkResponse(statusPlan, operation);
}

function checkResponse(
  statusPlan: (status: number) => StatusPlan,
  operation: PreparedOperation,
): ResponseCheck {
  const { service } = operation;
  return (request, response, parts) => {
    const plan = statusPlan(response.status);
    if (plan.key === undefined) return undeclaredStatus(operation, response);
    const { planned } = plan;
    if (!planned) return [];
    const violations: Violation[] = [];
    // Most responses document no header: their Content-Type is read without picking headers into a map.
    let contentType: string | undefined;
    if (planned.headers.length === 0) {
      contentType = contentTypeOf(response.headers);
    } else {
      const headers = pickHeaders(response.headers, planned.reads);
      headerViolations(service, planned.headers, headers, violations);
      contentType = headerValue(headers, 'content-type');
    }
    // HEAD answers and 204/304 carry no body whatever the contract declares for the status.
    const bodyless = response.status === 204 || response.status === 304 || isHead(request.method);
    if (bodyless) return violations;
    const fromBody = planned.body(contentType, response.body);
    if (planned.echoes.length > 0 || planned.filters !== undefined) {
      acrossExchange(planned, request, response, parts, violations);
    }
    if (!Array.isArray(fromBody)) return fromBody.then((found) => concat(violations, found));
    return concat(violations, fromBody);
  };
}

/** Adds to `violations` what the documented response headers break: a required one missing, a value off its schema. */
function headerViolations(
  service: CompiledService,
  planned: readonly PlannedHeader[],
  headers: ReadonlyMap<string, string[]>,
  violations: Violation[],
): void {
  for (const header of planned) {
    const lines = headerLines(headers, header.lowerName);
    if (lines === undefined) {
      if (header.required) {
        violations.push({
          rule: 'response-header-missing',
          severity: 'error',
          side: 'response',
          message: `required response header ${header.name} is missing`,
          pointer: `header:${header.name}`,
          specLocation: service.body.specLocation(header.pointer),
        });
      }
      continue;
    }
    if (header.conforms === undefined) continue;
    for (const value of lines) {
      const coerced = header.coerce(value);
      if (header.conforms(coerced)) continue;
      for (const issue of service.validator.validateConcise(header.schema, coerced)) {
        violations.push({
          rule: 'response-header-invalid',
          severity: 'error',
          side: 'response',
          message: `response header ${header.name} ${issue.message}`,
          pointer: `header:${header.name}`,
          specLocation: header.schemaLocation(),
        });
      }
    }
  }
}

/** What an answer breaks of the rules that read the request too (`x-echoes`, `x-filters`), added to
 * `violations`. */
function acrossExchange(
  planned: PlannedResponse,
  request: RecordedRequest,
  response: RecordedResponse,
  parts: RequestParts | undefined,
  violations: Violation[],
): void {
  if (planned.echoes.length > 0) {
    for (const { pointer, message } of echoMismatches(
      planned.json,
      planned.echoes,
      request.body,
      response.body,
    )) {
      violations.push({
        rule: 'response-body-schema',
        severity: 'error',
        side: 'response',
        message,
        pointer,
        specLocation: planned.echoLocation(),
      });
    }
  }
  if (planned.filters !== undefined) {
    // The query as the request side decoded it (its plan reads the query of an operation with `x-filters`);
    // decoded here only for a response checked on its own.
    const query = parts === undefined ? filterQuery(planned.filters, request.url) : parts.query;
    for (const { pointer, message } of filterMismatches(
      planned.json,
      planned.filters,
      query,
      response.body,
    )) {
      violations.push({
        rule: 'response-filter',
        severity: 'error',
        side: 'response',
        message,
        pointer,
        specLocation: planned.filterLocation(),
      });
    }
  }
}

/** `method.toUpperCase() === 'HEAD'`, upper-casing only a method that starts with an h: no other character
 * upper-cases to an H followed by anything else. */
function isHead(method: string): boolean {
  const first = method.charCodeAt(0);
  return (first === 72 || first === 104) && method.toUpperCase() === 'HEAD';
}

/** A status the operation does not declare; the service-wide error schema may still say what its body is. */
function undeclaredStatus(operation: PreparedOperation, response: RecordedResponse): Violation[] {
  const { service, indexed } = operation;
  const { validator } = service;
  const specLocation = service.body.specLocation;
  const declared = isObject(indexed.operation.responses) ? Object.keys(indexed.operation.responses) : [];
  const violations: Violation[] = [
    {
      rule: 'undeclared-status',
      severity: 'error',
      side: 'response',
      message: `status ${response.status} is not declared for ${indexed.operationId}; declared: ${declared.join(', ') || 'none'}`,
      specLocation: specLocation(`${indexed.pointer}/responses`),
    },
  ];
  // The service-wide error schema still says what such a body must look like.
  const errorKey = responseKeyFor(service.errorSchemas, response.status);
  const errorSchema = errorKey === undefined ? undefined : service.errorSchemas[errorKey];
  if (errorSchema === undefined || !response.body) return violations;
  const value = service.body.json.parse(response.body);
  // Not JSON: the undeclared status already fails the entry.
  if (value instanceof UnparseableJson) return violations;
  for (const issue of validator.validateConcise(errorSchema, value)) {
    violations.push({
      rule: 'response-body-schema',
      severity: 'error',
      side: 'response',
      message: `${issue.instancePath === '/' ? 'body' : issue.instancePath} ${issue.message} (x-error-schemas ${errorKey})`,
      pointer: issue.instancePath,
      specLocation: specLocation(`#/${EXTENSION.errorSchemas}/${escapePointer(errorKey ?? '')}`),
    });
  }
  return violations;
}

function concat(first: Violation[], second: Violation[]): Violation[] {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  return [...first, ...second];
}
