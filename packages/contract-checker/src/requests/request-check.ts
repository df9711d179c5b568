import { derefWithPointer, isObject } from '@svc-contracts/openapi-utils';
import { after, type MaybePromise, planBody } from '../bodies/body.js';
import type { PreparedOperation } from '../contract/compiled.js';
import type { OperationMatch, RecordedRequest, Violation } from '../core/types.js';
import { checkParameters, planParameters } from '../parameters/parameters.js';
import { headerNames, headerValue, type RequestParts, splitRequest } from '../parameters/request-parts.js';
import { answersFilterQuery } from '../responses/response-check.js';
import { checkSecurity, planOperationSecurity, planServiceSecurity } from '../security/security.js';

/** How an operation's requests are read (once per entry, for both sides' checks) and checked. */
export type RequestPlan = ReturnType<typeof planRequest>;

/** Every way a request breaks its operation's contract (security, parameters, body), worked out once. */
export function planRequest(operation: PreparedOperation) {
  const { service, indexed } = operation;
  const { doc, validator } = service;
  const specLocation = service.body.specLocation;
  const security = planServiceSecurity(doc, validator, service.security);
  const requirements = planOperationSecurity(doc, indexed.operation, indexed.pointer);
  const parameters = planParameters(doc, validator, service.body.json, operation.parameters);
  const declared = derefWithPointer(doc, indexed.operation.requestBody, `${indexed.pointer}/requestBody`);
  const { node } = declared;
  const body = planBody(service.body, {
    side: 'request',
    content: isObject(node) ? node.content : undefined,
    pointer: isObject(node) ? declared.pointer : indexed.pointer,
    required: isObject(node) && node.required === true,
  });
  const reads = {
    headers: headerNames(['content-type', ...security.reads.headers, ...parameters.reads.headers]),
    // The query is decoded once for both sides: an answer's `x-filters` reads it too.
    query: security.reads.query || parameters.reads.query || answersFilterQuery(operation),
    cookies: security.reads.cookies || parameters.reads.cookies,
  };
  return {
    readRequest: (request: RecordedRequest, match: OperationMatch) =>
      splitRequest(request, match.pathParams, reads),
    checkRequest: (request: RecordedRequest, parts: RequestParts): MaybePromise<Violation[]> => {
      const violations = request.credentialsNotRecorded
        ? []
        : checkSecurity(security, requirements, parts, specLocation);
      checkParameters(parameters, validator, parts, specLocation, violations);
      // HAR leaves out `postData` when nothing was sent: for a request, no body is an empty body.
      const text = request.bodyNotRecorded ? undefined : (request.body ?? '');
      const fromBody = body(headerValue(parts.headers, 'content-type'), text);
      return after(fromBody, (found) => {
        if (found.length > 0) violations.push(...found);
        return violations;
      });
    },
  };
}
