import { derefWithPointer, isObject } from '@svc-contracts/openapi-utils';
import { type DeclaredBody, type MaybePromise, planBody } from '../bodies/body.js';
import type { CompiledService, PreparedOperation } from '../contract/compiled.js';
import type { OperationMatch, RecordedRequest, Violation } from '../core/types.js';
import { checkParameters, planParameters } from '../parameters/parameters.js';
import {
  headerNames,
  headerValue,
  type RequestParts,
  type RequestReads,
  splitRequest,
} from '../parameters/request-parts.js';
import { answersFilterQuery } from '../responses/response-check.js';
import {
  checkSecurity,
  planOperationSecurity,
  planServiceSecurity,
  type ServiceSecurity,
} from '../security/security.js';

/** A request taken apart as far as its operation's checks read it, once per entry: the request's check reads
 * these parts, and so does the response's (`x-filters` reads the query the request side decoded). */
export type RequestReader = (request: RecordedRequest, match: OperationMatch) => RequestParts;

/** The check of a request, planned once per operation, on the parts {@link RequestReader} took. */
export type RequestCheck = (request: RecordedRequest, parts: RequestParts) => MaybePromise<Violation[]>;

/** How an operation's requests are read and checked. */
export interface RequestPlan {
  readRequest: RequestReader;
  checkRequest: RequestCheck;
}

/** The operation's request body with its `$ref` followed. */
function declaredRequestBody(operation: PreparedOperation): DeclaredBody {
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
}

/** How each security scheme of a service is read and judged, once per service. */
function serviceSecurity(service: CompiledService): ServiceSecurity {
  let planned = securityByService.get(service);
  if (planned === undefined) {
    planned = planServiceSecurity(service.doc, service.validator, service.security);
    securityByService.set(service, planned);
  }
  return planned;
}
const securityByService = new WeakMap<CompiledService, ServiceSecurity>();

/** Every way a request breaks its operation's contract (security, parameters, body), worked out once: the
 * security requirements with where their credentials travel, the parameters with their decoders and compiled
 * schemas, and the body's check. */
export function planRequest(operation: PreparedOperation): RequestPlan {
  const { service, indexed } = operation;
  const { doc, validator } = service;
  const specLocation = service.body.specLocation;
  const security = serviceSecurity(service);
  const requirements = planOperationSecurity(doc, security, indexed.operation, indexed.pointer);
  const parameters = planParameters(doc, validator, service.body.json, operation.parameters);
  const body = planBody(service.body, declaredRequestBody(operation));
  const reads: RequestReads = {
    headers: headerNames(['content-type', ...security.reads.headers, ...parameters.reads.headers]),
    // The query is decoded once for both sides: an answer's `x-filters` reads it too.
    query: security.reads.query || parameters.reads.query || answersFilterQuery(operation),
    cookies: security.reads.cookies || parameters.reads.cookies,
  };
  const readRequest: RequestReader = (request, match) => splitRequest(request, match.pathParams, reads);
  const checkRequest: RequestCheck = (request, parts) => {
    const violations: Violation[] = request.credentialsNotRecorded
      ? []
      : checkSecurity(security, requirements, parts, specLocation);
    checkParameters(parameters, validator, parts, specLocation, violations);
    // HAR leaves out `postData` when nothing was sent: for a request, no body is an empty body.
    const text = request.bodyNotRecorded ? undefined : (request.body ?? '');
    const fromBody = body(headerValue(parts.headers, 'content-type'), text);
    if (!Array.isArray(fromBody)) {
      return fromBody.then((found) => {
        violations.push(...found);
        return violations;
      });
    }
    if (fromBody.length > 0) violations.push(...fromBody);
    return violations;
  };
  return { readRequest, checkRequest };
}
