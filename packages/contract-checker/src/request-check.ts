import { derefWithPointer, isObject } from '@svc-contracts/openapi-utils';
import { checkBody } from './body.js';
import type { PreparedOperation } from './compiled.js';
import { checkParameters } from './parameters.js';
import { headerValue, splitRequest } from './request-parts.js';
import { checkSecurity } from './security.js';
import type { OperationMatch, RecordedRequest, Violation } from './types.js';

/** Every way a request breaks its operation's contract: security, parameters, body. */
export async function checkRequestAgainst(
  operation: PreparedOperation,
  request: RecordedRequest,
  match: OperationMatch,
): Promise<Violation[]> {
  const { service, indexed } = operation;
  const { doc, validator } = service;
  const specLocation = service.body.specLocation;
  const parts = splitRequest(request, match.pathParams);
  const violations = [
    ...checkSecurity(
      doc,
      validator,
      service.security,
      indexed.operation,
      indexed.pointer,
      parts,
      specLocation,
    ),
    ...checkParameters(doc, validator, operation.parameters, parts, specLocation),
  ];
  const body = derefWithPointer(doc, indexed.operation.requestBody, `${indexed.pointer}/requestBody`);
  const declared = isObject(body.node)
    ? {
        side: 'request' as const,
        content: body.node.content,
        pointer: body.pointer,
        required: body.node.required === true,
      }
    : { side: 'request' as const, content: undefined, pointer: indexed.pointer, required: false };
  violations.push(
    ...(await checkBody(
      service.body,
      declared,
      headerValue(parts.headers, 'content-type'),
      // HAR leaves out `postData` when nothing was sent: for a request, no body is an empty body.
      request.body ?? '',
    )),
  );
  return violations;
}
