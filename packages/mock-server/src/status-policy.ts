import { isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import { documentsStatus } from './error-response.js';
import type { Violation } from './violations.js';

/** The checker's rules about credentials: answered 401 or 403. */
const credentialRules = new Set([
  'security-missing',
  'security-malformed',
  'security-exclusive',
  'unsupported-credential',
]);

/**
 * Which status a refused request gets, read from the contract checker's violations. The spec says it
 * for validation (`x-validation-status`); for credentials the sources only name 401 and 403, so the
 * mapping is this module's decision:
 *
 * - only a credential of a kind the operation does not take (an API key on a bearer-only campaign
 *   operation: `security-missing` with `security-exclusive` of reason `scheme-not-allowed`, nothing
 *   else) → 403 when the operation documents it: the caller is identified but this kind of credential
 *   is "rejected" there, as the agents spec's 403 description has it.
 * - any other credential violation (none, incomplete, malformed, `X-API-Key`, two at once) → 401: the
 *   request does not authenticate as exactly one caller.
 * - a Content-Type the operation does not take → 415 when documented (voice), else the validation status.
 * - anything else → `x-validation-status`, else 422 as Prism does.
 */
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
    documentsStatus(operation, 415)
  ) {
    return 415;
  }
  return validationStatus(spec);
}

export function validationStatus(spec: OpenApiDocument): number {
  const declared = Number(spec['x-validation-status']);
  return Number.isInteger(declared) && declared >= 400 && declared <= 499 ? declared : 422;
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
