import { readValidationStatus } from '@svc-contracts/contract-model';
import { deref, isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import { documentsStatus, errorResponse, type MockResponse } from './error-response.js';
import type { Violation } from './violations.js';

/** The checker's rules about credentials: answered 401 or 403. */
const credentialRules = new Set([
  'security-missing',
  'security-malformed',
  'security-exclusive',
  'unsupported-credential',
]);

/** Which status a refused request gets, read from the contract checker's violations. */
export function failureStatus(spec: OpenApiDocument, operation: JsonObject, violations: Violation[]): number {
  const credentials = violations.filter((violation) => credentialRules.has(violation.rule));
  if (credentials.length > 0) {
    const notAllowed = (violation: Violation) => violation.reason === 'scheme-not-allowed';
    const wrongKindOnly =
      credentials.some(notAllowed) &&
      credentials.some((violation) => violation.rule === 'security-missing') &&
      credentials.every((violation) => violation.rule === 'security-missing' || notAllowed(violation));
    return wrongKindOnly && documentsStatus(operation, 403) ? 403 : 401;
  }
  if (
    violations.some((violation) => violation.rule === 'request-content-type') &&
    // Exactly 415 (voice), not a `4XX` range that merely allows it.
    isObject(operation.responses) &&
    '415' in operation.responses
  ) {
    return 415;
  }
  return validationStatus(spec, operation);
}

/** The violations of a refusal whose status {@link failureStatus} took from the mock's default because the
 * source states no validation status (no `x-validation-status`), with that said once in the first message;
 * any other refusal's violations unchanged. */
export function noteChosenStatus(
  spec: OpenApiDocument,
  operation: JsonObject,
  status: number,
  violations: Violation[],
): Violation[] {
  const [first, ...rest] = violations;
  if (
    !first ||
    declaredValidationStatus(spec) !== undefined ||
    violations.some((violation) => credentialRules.has(violation.rule)) ||
    status !== validationStatus(spec, operation)
  ) {
    return violations;
  }
  const note = `${status} is the mock's answer: the source states no status for a request that fails validation`;
  return [{ ...first, message: `${first.message} (${note})` }, ...rest];
}

/** The service's `x-validation-status` when it states one (a 4xx), else `undefined`. */
function declaredValidationStatus(spec: OpenApiDocument): number | undefined {
  const declared = readValidationStatus(spec).value;
  return declared !== undefined && declared >= 400 && declared <= 499 ? declared : undefined;
}

/** The status for a request that fails validation: `x-validation-status` where the source states one. */
export function validationStatus(spec: OpenApiDocument, operation?: JsonObject): number {
  const declared = declaredValidationStatus(spec);
  if (declared !== undefined) return declared;
  if (operation && !documentsStatus(operation, 400) && documentsStatus(operation, 422)) return 422;
  return 400;
}

/** The schemes of `components.securitySchemes`, by name. */
export function securitySchemes(spec: OpenApiDocument): Record<string, JsonObject> {
  const schemes = spec.components?.securitySchemes ?? {};
  return Object.fromEntries(
    Object.entries(schemes).filter((entry): entry is [string, JsonObject] => isObject(entry[1])),
  );
}

/** The operation's security alternatives, each a list of scheme names that go together. */
export function requirementsOf(spec: OpenApiDocument, operation: JsonObject): string[][] {
  const security = operation.security ?? spec.security;
  return Array.isArray(security)
    ? security.filter(isObject).map((requirement) => Object.keys(requirement))
    : [];
}

/** `WWW-Authenticate` for a 401, naming the schemes the operation accepts, as Prism does. */
export function challenge(
  spec: OpenApiDocument,
  service: string,
  operation: JsonObject,
): Record<string, string> {
  const schemes = securitySchemes(spec);
  const challenges = requirementsOf(spec, operation)
    .flat()
    .map((name) => schemes[name])
    .filter((scheme) => scheme?.type === 'http')
    .map((scheme) => {
      const word = String(scheme?.scheme);
      return `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()} realm="${service}"`;
    });
  return challenges.length > 0 ? { 'www-authenticate': [...new Set(challenges)].join(', ') } : {};
}

/** The operation object of a matched operation (`pathTemplate`, `method`) in a bundled spec. */
export function operationOf(
  spec: OpenApiDocument,
  match: { pathTemplate: string; method: string },
): JsonObject {
  const item = deref(spec, spec.paths?.[match.pathTemplate]);
  const operation = isObject(item) ? deref(spec, item[match.method.toLowerCase()]) : undefined;
  return isObject(operation) ? operation : {};
}

/** The service's answer to a request its contract refuses (the checker's request violations): the status
 * (401/403 for credentials, 415 where documented, else the validation status) and the documented error body
 * carrying the violations. What the mocks answer, and `contract-record --errors`. */
export function refusalAnswer(
  spec: OpenApiDocument,
  service: string,
  operation: JsonObject,
  violations: Violation[],
): MockResponse {
  const status = failureStatus(spec, operation, violations);
  const headers = status === 401 ? challenge(spec, service, operation) : {};
  return errorResponse(
    spec,
    operation,
    status,
    noteChosenStatus(spec, operation, status, violations),
    headers,
  );
}
