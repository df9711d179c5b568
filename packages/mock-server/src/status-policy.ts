import type { CredentialAnalysis } from './credentials.js';
import { documentsStatus } from './error-response.js';
import type { OpenApiDocument } from './openapi.js';
import type { Operation } from './router.js';
import { contentTypeRule, credentialRules, type Violation } from './violations.js';

/**
 * Which status a refused request gets. The spec says it for validation (`x-validation-status`); for
 * credentials the sources only name 401 and 403, so the mapping is this module's decision:
 *
 * - no credential, an incomplete one, a malformed one, an unsupported one (`X-API-Key`), or two
 *   credentials at once → 401: the request does not authenticate as exactly one caller.
 * - only a credential of a kind the operation does not take (an API key on a bearer-only campaign
 *   operation) → 403 when the operation documents it: the caller is identified but this kind of
 *   credential is "rejected" there, as the agents spec's 403 description has it. Else 401.
 * - a Content-Type the operation does not take → 415 when documented (voice), else the validation status.
 * - anything else → `x-validation-status`, else 422 as Prism does.
 */
export function failureStatus(
  spec: OpenApiDocument,
  operation: Operation,
  violations: Violation[],
  credentials: CredentialAnalysis,
): number {
  if (violations.some((violation) => credentialRules.has(violation.rule))) {
    const wrongKindOnly =
      credentials.satisfied === undefined &&
      credentials.foreign.length > 0 &&
      credentials.unsupported.length === 0 &&
      !violations.some((violation) => violation.rule === 'security-malformed');
    return wrongKindOnly && documentsStatus(operation, 403) ? 403 : 401;
  }
  if (violations.some((violation) => violation.rule === contentTypeRule) && documentsStatus(operation, 415)) {
    return 415;
  }
  return validationStatus(spec);
}

export function validationStatus(spec: OpenApiDocument): number {
  const declared = Number(spec['x-validation-status']);
  return Number.isInteger(declared) && declared >= 400 && declared <= 499 ? declared : 422;
}
