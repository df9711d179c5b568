import {
  derefWithPointer,
  escapePointer,
  isObject,
  type JsonObject,
  type OpenApiDocument,
} from '@svc-contracts/openapi-utils';
import { checkBody, type MaybePromise } from './body.js';
import { coerceScalar } from './coerce.js';
import type { PreparedOperation } from './compiled.js';
import { objectMemo } from './memo.js';
import { headerMap, headerValue } from './request-parts.js';
import type { RecordedRequest, RecordedResponse, Violation } from './types.js';

const responseKeys = objectMemo<number, string | undefined>();

/** The response key a status falls under: exact code, then `4XX`-style range, then `default`. */
export function responseKeyFor(responses: unknown, status: number): string | undefined {
  if (!isObject(responses)) return undefined;
  return responseKeys.get(responses, status, () => readResponseKey(responses, status));
}

function readResponseKey(responses: JsonObject, status: number): string | undefined {
  const keys = Object.keys(responses);
  const exact = keys.find((key) => key === String(status));
  if (exact) return exact;
  const range = keys.find((key) => key.toUpperCase() === `${Math.floor(status / 100)}XX`);
  if (range) return range;
  return keys.includes('default') ? 'default' : undefined;
}

/** A documented response header, resolved once. */
interface DeclaredHeader {
  name: string;
  required: boolean;
  schema: unknown;
  pointer: string;
}

/** A documented response of an operation with its `$ref`s followed, for one response key. */
interface DeclaredResponse {
  node: JsonObject;
  pointer: string;
  headers: DeclaredHeader[];
  /** `x-body-open: true`: the source leaves this response's body and media type open. */
  open: boolean;
}

const declaredResponses = objectMemo<string, DeclaredResponse | undefined>();

function declaredResponse(
  doc: OpenApiDocument,
  operation: PreparedOperation,
  key: string,
): DeclaredResponse | undefined {
  const { indexed } = operation;
  return declaredResponses.get(indexed.operation, key, () => {
    const declared = derefWithPointer(
      doc,
      (indexed.operation.responses as JsonObject)[key],
      `${indexed.pointer}/responses/${escapePointer(key)}`,
    );
    if (!isObject(declared.node)) return undefined;
    const headers: DeclaredHeader[] = [];
    if (isObject(declared.node.headers)) {
      for (const [name, rawHeader] of Object.entries(declared.node.headers)) {
        if (name.toLowerCase() === 'content-type') continue;
        const header = derefWithPointer(doc, rawHeader, `${declared.pointer}/headers/${escapePointer(name)}`);
        if (!isObject(header.node)) continue;
        headers.push({
          name,
          required: header.node.required === true,
          schema: header.node.schema,
          pointer: header.pointer,
        });
      }
    }
    return {
      node: declared.node,
      pointer: declared.pointer,
      headers,
      open: declared.node['x-body-open'] === true,
    };
  });
}

/** Every way a response breaks the contract for its status: status, headers, content type, body. */
export function checkResponseAgainst(
  operation: PreparedOperation,
  request: RecordedRequest,
  response: RecordedResponse,
): MaybePromise<Violation[]> {
  const { service, indexed } = operation;
  const { doc, validator } = service;
  const specLocation = service.body.specLocation;
  const headers = headerMap(response.headers);
  const key = responseKeyFor(indexed.operation.responses, response.status);
  if (key === undefined) {
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
    if (errorSchema !== undefined && response.body) {
      try {
        const value = JSON.parse(response.body) as unknown;
        for (const issue of validator.validateConcise(errorSchema, value)) {
          violations.push({
            rule: 'response-body-schema',
            severity: 'error',
            side: 'response',
            message: `${issue.instancePath === '/' ? 'body' : issue.instancePath} ${issue.message} (x-error-schemas ${errorKey})`,
            pointer: issue.instancePath,
            specLocation: specLocation(`#/x-error-schemas/${escapePointer(errorKey ?? '')}`),
          });
        }
      } catch {
        // Not JSON: the undeclared status already fails the entry.
      }
    }
    return violations;
  }
  const declared = declaredResponse(doc, operation, key);
  if (!declared) return [];
  const violations: Violation[] = [];
  for (const header of declared.headers) {
    const value = headerValue(headers, header.name);
    if (value === undefined) {
      if (header.required) {
        violations.push({
          rule: 'response-header-missing',
          severity: 'error',
          side: 'response',
          message: `required response header ${header.name} is missing`,
          pointer: `header:${header.name}`,
          specLocation: specLocation(header.pointer),
        });
      }
      continue;
    }
    if (header.schema === undefined) continue;
    for (const issue of validator.validateConcise(header.schema, coerceScalar(doc, header.schema, value))) {
      violations.push({
        rule: 'response-header-invalid',
        severity: 'error',
        side: 'response',
        message: `response header ${header.name} ${issue.message}`,
        pointer: `header:${header.name}`,
        specLocation: specLocation(derefWithPointer(doc, header.schema, `${header.pointer}/schema`).pointer),
      });
    }
  }
  // HEAD answers and 204/304 carry no body whatever the contract declares for the status.
  const bodyless =
    request.method.toUpperCase() === 'HEAD' || response.status === 204 || response.status === 304;
  if (bodyless) return violations;
  const fromBody = checkBody(
    service.body,
    {
      side: 'response',
      content: declared.node.content,
      pointer: declared.pointer,
      required: true,
      open: declared.open,
    },
    headerValue(headers, 'content-type'),
    response.body,
  );
  if (fromBody instanceof Promise) return fromBody.then((found) => concat(violations, found));
  return concat(violations, fromBody);
}

function concat(first: Violation[], second: Violation[]): Violation[] {
  if (second.length === 0) return first;
  if (first.length === 0) return second;
  return [...first, ...second];
}
