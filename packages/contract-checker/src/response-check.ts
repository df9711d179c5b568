import { derefWithPointer, escapePointer, isObject, type JsonObject } from '@svc-contracts/openapi-utils';
import { checkBody } from './body.js';
import { coerceScalar } from './coerce.js';
import type { PreparedOperation } from './compiled.js';
import { headerMap, headerValue } from './request-parts.js';
import type { RecordedRequest, RecordedResponse, Violation } from './types.js';

/** The response key a status falls under: exact code, then `4XX`-style range, then `default`. */
export function responseKeyFor(responses: unknown, status: number): string | undefined {
  if (!isObject(responses)) return undefined;
  const keys = Object.keys(responses);
  const exact = keys.find((key) => key === String(status));
  if (exact) return exact;
  const range = keys.find((key) => key.toUpperCase() === `${Math.floor(status / 100)}XX`);
  if (range) return range;
  return keys.includes('default') ? 'default' : undefined;
}

/** Every way a response breaks the contract for its status: status, headers, content type, body. */
export async function checkResponseAgainst(
  operation: PreparedOperation,
  request: RecordedRequest,
  response: RecordedResponse,
): Promise<Violation[]> {
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
  const declaredResponse = derefWithPointer(
    doc,
    (indexed.operation.responses as JsonObject)[key],
    `${indexed.pointer}/responses/${escapePointer(key)}`,
  );
  if (!isObject(declaredResponse.node)) return [];
  const violations: Violation[] = [];
  if (isObject(declaredResponse.node.headers)) {
    for (const [name, rawHeader] of Object.entries(declaredResponse.node.headers)) {
      if (name.toLowerCase() === 'content-type') continue;
      const header = derefWithPointer(
        doc,
        rawHeader,
        `${declaredResponse.pointer}/headers/${escapePointer(name)}`,
      );
      if (!isObject(header.node)) continue;
      const value = headerValue(headers, name);
      if (value === undefined) {
        if (header.node.required === true) {
          violations.push({
            rule: 'response-header-missing',
            severity: 'error',
            side: 'response',
            message: `required response header ${name} is missing`,
            pointer: `header:${name}`,
            specLocation: specLocation(header.pointer),
          });
        }
        continue;
      }
      if (header.node.schema === undefined) continue;
      for (const issue of validator.validateConcise(
        header.node.schema,
        coerceScalar(doc, header.node.schema, value),
      )) {
        violations.push({
          rule: 'response-header-invalid',
          severity: 'error',
          side: 'response',
          message: `response header ${name} ${issue.message}`,
          pointer: `header:${name}`,
          specLocation: specLocation(
            derefWithPointer(doc, header.node.schema, `${header.pointer}/schema`).pointer,
          ),
        });
      }
    }
  }
  // HEAD answers and 204/304 carry no body whatever the contract declares for the status.
  const bodyless =
    request.method.toUpperCase() === 'HEAD' || response.status === 204 || response.status === 304;
  if (!bodyless) {
    violations.push(
      ...(await checkBody(
        service.body,
        {
          side: 'response',
          content: declaredResponse.node.content,
          pointer: declaredResponse.pointer,
          required: true,
        },
        headerValue(headers, 'content-type'),
        response.body,
      )),
    );
  }
  return violations;
}
