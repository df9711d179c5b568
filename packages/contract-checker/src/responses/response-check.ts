import {
  EXTENSION,
  isBodyOpen,
  readEchoes,
  readOperationRefusals,
  readResponseFilters,
} from '@svc-contracts/contract-model';
import {
  derefWithPointer,
  escapePointer,
  isObject,
  type JsonObject,
  responseKeyOf,
} from '@svc-contracts/openapi-utils';
import { after, type BodyCheck, type MaybePromise, planBody } from '../bodies/body.js';
import { scalarCoercion } from '../bodies/coerce.js';
import { UnparseableJson } from '../bodies/json-text.js';
import { violation } from '../bodies/violation.js';
import type { CompiledService, PreparedOperation } from '../contract/compiled.js';
import type { HeaderField, RecordedRequest, RecordedResponse, Violation } from '../core/types.js';
import { echoMismatches } from '../extensions/echoes.js';
import { filterMismatches, filterQuery } from '../extensions/filters.js';
import { refusalViolations } from '../extensions/refusals.js';
import {
  contentTypeOf,
  headerLines,
  headerNames,
  headerValue,
  pickHeaders,
  type RequestParts,
} from '../parameters/request-parts.js';

/** The response key a status falls under: exact code, then `4XX`-style range, then `default`. */
export function responseKeyFor(responses: unknown, status: number): string | undefined {
  return isObject(responses) ? responseKeyOf(responses, status) : undefined;
}

/** The check of a response; `parts`, the request as its own check took it apart, gives `x-filters` its query. */
export type ResponseCheck = (
  request: RecordedRequest,
  response: RecordedResponse,
  parts?: RequestParts,
) => MaybePromise<Violation[]>;

/** What is checked of a response under one response key. */
interface PlannedResponse {
  /** Adds what the documented headers break to `violations`; answers the Content-Type. */
  headers: (fields: HeaderField[], violations: Violation[]) => string | undefined;
  body: BodyCheck;
  /** The rules that read the request too (`x-echoes`, `x-filters`), when the response has any. */
  across: ResponseCheckInto | undefined;
}

type ResponseCheckInto = (
  request: RecordedRequest,
  response: RecordedResponse,
  parts: RequestParts | undefined,
  violations: Violation[],
) => void;

/** The response key a status falls under (undefined: not declared), with its plan. */
type StatusPlan = { key: string | undefined; planned: PlannedResponse | undefined };

/** The response object declared under a key, its `$ref` followed, with its pointer. */
function declaredResponse({ service, indexed }: PreparedOperation, key: string) {
  const pointer = `${indexed.pointer}/responses/${escapePointer(key)}`;
  return derefWithPointer(service.doc, (indexed.operation.responses as JsonObject)[key], pointer);
}

/** Whether a response of the operation declares `x-filters`, which read the request's query. */
export function answersFilterQuery(operation: PreparedOperation): boolean {
  const { responses } = operation.indexed.operation;
  if (!isObject(responses)) return false;
  return Object.keys(responses).some((key) => {
    const { node } = declaredResponse(operation, key);
    return isObject(node) && readResponseFilters(node).value !== undefined;
  });
}

/** The documented response headers, compiled once: a required one missing, a value off its schema. */
function planHeaders(
  service: CompiledService,
  declared: unknown,
  pointer: string,
): PlannedResponse['headers'] {
  const { doc, validator } = service;
  const planned = Object.entries(isObject(declared) ? declared : {}).flatMap(([name, raw]) => {
    const header = derefWithPointer(doc, raw, `${pointer}/headers/${escapePointer(name)}`);
    if (name.toLowerCase() === 'content-type' || !isObject(header.node)) return [];
    const { schema } = header.node;
    return {
      name,
      lowerName: name.toLowerCase(),
      required: header.node.required === true,
      schema,
      pointer: header.pointer,
      conforms: schema === undefined ? undefined : validator.tester(schema),
      coerce: scalarCoercion(doc, schema),
      schemaPointer: derefWithPointer(doc, schema, `${header.pointer}/schema`).pointer,
    };
  });
  // Most responses document no header: their Content-Type is read without picking headers into a map.
  if (planned.length === 0) return contentTypeOf;
  const reads = headerNames(['content-type', ...planned.map((header) => header.name)]);
  const fail = (rule: Violation['rule'], message: string, name: string, at: string) =>
    violation('response', rule, message, `header:${name}`, service.body.specLocation(at));
  return (fields, violations) => {
    const headers = pickHeaders(fields, reads);
    for (const header of planned) {
      const lines = headerLines(headers, header.lowerName);
      if (lines === undefined && header.required) {
        const message = `required response header ${header.name} is missing`;
        violations.push(fail('response-header-missing', message, header.name, header.pointer));
      }
      if (lines === undefined || header.conforms === undefined) continue;
      for (const value of lines) {
        const coerced = header.coerce(value);
        if (header.conforms(coerced)) continue;
        for (const issue of validator.validateConcise(header.schema, coerced)) {
          const message = `response header ${header.name} ${issue.message}`;
          violations.push(fail('response-header-invalid', message, header.name, header.schemaPointer));
        }
      }
    }
    return headerValue(headers, 'content-type');
  };
}

/** What an answer breaks of the rules that read the request too (`x-echoes`, `x-filters`). */
function planAcross(
  service: CompiledService,
  node: JsonObject,
  pointer: string,
): ResponseCheckInto | undefined {
  // Malformed entries are left out (the linter reports them).
  const echoes = readEchoes(node).value ?? [];
  const filters = readResponseFilters(node).value;
  if (echoes.length === 0 && filters === undefined) return undefined;
  const { json, specLocation } = service.body;
  return (request, response, parts, violations) => {
    for (const found of echoMismatches(json, echoes, request.body, response.body)) {
      const at = specLocation(`${pointer}/${EXTENSION.echoes}`);
      violations.push(violation('response', 'response-body-schema', found.message, found.pointer, at));
    }
    if (filters === undefined) return;
    // Decoded here only for a response checked on its own.
    const query = parts === undefined ? filterQuery(filters, request.url) : parts.query;
    for (const found of filterMismatches(json, filters, query, response.body)) {
      const at = specLocation(`${pointer}/${EXTENSION.filters}`);
      violations.push(violation('response', 'response-filter', found.message, found.pointer, at));
    }
  };
}

function planDeclaredResponse(operation: PreparedOperation, key: string): PlannedResponse | undefined {
  const { service } = operation;
  const { node, pointer } = declaredResponse(operation, key);
  if (!isObject(node)) return undefined;
  const open = isBodyOpen(node);
  return {
    headers: planHeaders(service, node.headers, pointer),
    body: planBody(service.body, { side: 'response', content: node.content, pointer, required: true, open }),
    across: planAcross(service, node, pointer),
  };
}

/** An operation's response check, planned per response key on the first response that falls under it. */
export function planResponse(operation: PreparedOperation): ResponseCheck {
  const { service, indexed } = operation;
  // One plan per response key (the keys come from the spec): statuses under `2XX` or `default` share it.
  const byKey = new Map<string, PlannedResponse | undefined>();
  const planStatus = (status: number): StatusPlan => {
    const key = responseKeyFor(indexed.operation.responses, status);
    if (key !== undefined && !byKey.has(key)) byKey.set(key, planDeclaredResponse(operation, key));
    return { key, planned: key === undefined ? undefined : byKey.get(key) };
  };
  // HTTP statuses (100 to 599) by index; anything else a library caller passes is looked up each time.
  const byHttpStatus: Array<StatusPlan | undefined> = [];
  const statusPlan = (status: number): StatusPlan => {
    if (!(Number.isInteger(status) && status >= 100 && status <= 599)) return planStatus(status);
    byHttpStatus[status] ??= planStatus(status);
    return byHttpStatus[status];
  };
  const check: ResponseCheck = (request, response, parts) => {
    const { key, planned } = statusPlan(response.status);
    if (key === undefined) return undeclaredStatus(operation, response);
    if (!planned) return [];
    const violations: Violation[] = [];
    const contentType = planned.headers(response.headers, violations);
    // HEAD answers and 204/304 carry no body whatever the contract declares for the status.
    const { status } = response;
    if (status === 204 || status === 304 || request.method.toUpperCase() === 'HEAD') return violations;
    const fromBody = planned.body(contentType, response.body);
    planned.across?.(request, response, parts, violations);
    return after(fromBody, (found) => concat(violations, found));
  };
  const refusals = readOperationRefusals(indexed.operation).value;
  if (refusals === undefined) return check;
  // `x-refusals`: a request the source says is refused, judged by its answer's status and body.
  const refusalLocation = () => service.body.specLocation(`${indexed.pointer}/${EXTENSION.refusals}`);
  return (request, response, parts) => {
    const found = refusalViolations(refusals, request, response, refusalLocation);
    const rest = check(request, response, parts);
    if (found.length === 0) return rest;
    return after(rest, (more) => concat(found, more));
  };
}

/** A status the operation does not declare; the service-wide error schema may still say what its body is. */
function undeclaredStatus(operation: PreparedOperation, response: RecordedResponse): Violation[] {
  const { service, indexed } = operation;
  const { specLocation, json } = service.body;
  const declared = isObject(indexed.operation.responses) ? Object.keys(indexed.operation.responses) : [];
  const message = `status ${response.status} is not declared for ${indexed.operationId}; declared: ${declared.join(', ') || 'none'}`;
  const at = specLocation(`${indexed.pointer}/responses`);
  const violations = [violation('response', 'undeclared-status', message, undefined, at)];
  const errorKey = responseKeyFor(service.errorSchemas, response.status);
  const errorSchema = errorKey === undefined ? undefined : service.errorSchemas[errorKey];
  if (errorSchema === undefined || !response.body) return violations;
  const value = json.parse(response.body);
  // Not JSON: the undeclared status already fails the entry.
  if (value instanceof UnparseableJson) return violations;
  const schemaAt = specLocation(`#/${EXTENSION.errorSchemas}/${escapePointer(errorKey ?? '')}`);
  for (const { instancePath, message } of service.validator.validateConcise(errorSchema, value)) {
    const text = `${instancePath === '/' ? 'body' : instancePath} ${message} (x-error-schemas ${errorKey})`;
    violations.push(violation('response', 'response-body-schema', text, instancePath, schemaAt));
  }
  return violations;
}

function concat(first: Violation[], second: Violation[]): Violation[] {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  return [...first, ...second];
}
