import { derefWithPointer, isObject } from '@svc-contracts/openapi-utils';
import { checkBody, type DeclaredBody, type MaybePromise } from './body.js';
import type { PreparedOperation } from './compiled.js';
import { onceFor } from './memo.js';
import { checkParameters } from './parameters.js';
import { headerValue, splitRequest } from './request-parts.js';
import { checkSecurity } from './security.js';
import type { OperationMatch, RecordedRequest, Violation } from './types.js';

/** The operation's request body with its `$ref` followed, once per operation. */
const declaredRequestBody = onceFor((operation: PreparedOperation): DeclaredBody => {
  const { service, indexed } = operation;
  const body = derefWithPointer(service.doc, indexed.operation.requestBody, `${indexed.pointer}/requestBody`);
  return isObject(body.node)
    ? {
        side: 'request',
        content: body.node.content,
        pointer: body.pointer,
        required: body.node.required === true,
      }
    : { side: 'request', content: undefined, pointer: indexed.pointer, required: false };
});

/** Every way a request breaks its operation's contract: security, parameters, body. */
export function checkRequestAgainst(
  operation: PreparedOperation,
  request: RecordedRequest,
  match: OperationMatch,
): MaybePromise<Violation[]> {
  const { service, indexed } = operation;
  const { doc, validator } = service;
  const specLocation = service.body.specLocation;
  const parts = splitRequest(request, match.pathParams);
  const violations = checkSecurity(
    doc,
    validator,
    service.security,
    indexed.operation,
    indexed.pointer,
    parts,
    specLocation,
  );
  const fromParameters = checkParameters(doc, validator, operation.parameters, parts, specLocation);
  if (fromParameters.length > 0) violations.push(...fromParameters);
  const fromBody = checkBody(
    service.body,
    declaredRequestBody(operation),
    headerValue(parts.headers, 'content-type'),
    // HAR leaves out `postData` when nothing was sent: for a request, no body is an empty body.
    request.body ?? '',
  );
  if (fromBody instanceof Promise) {
    return fromBody.then((found) => {
      violations.push(...found);
      return violations;
    });
  }
  if (fromBody.length > 0) violations.push(...fromBody);
  return violations;
}
