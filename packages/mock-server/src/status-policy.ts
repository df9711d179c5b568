import { EXTENSION, readRoles, readValidationStatus } from '@svc-contracts/contract-model';
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
export function declaredValidationStatus(spec: OpenApiDocument): number | undefined {
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

/** Workspace access names the source ranks: "Editor or higher", "Admin or Owner". */
const workspaceAccessRank = ['Editor', 'Admin', 'Owner'];

/** What the mock knows of a bearer caller: the claims of a JWT-shaped token, when it has them. */
export interface CallerClaims {
  roles?: string[];
  workspaceAccess?: string;
}

/** The caller's roles as the mock reads them (a mock-only convention, not the source's: the source says
 * neither how roles are assigned nor what a token holds): a bearer token shaped as a JWT whose payload has
 * `role` (a string) or `roles` (an array of strings), and `workspace_access` (a string). */
export function callerClaims(bearerToken: string): CallerClaims {
  const payload = bearerToken.split('.')[1];
  if (bearerToken.split('.').length !== 3 || !payload) return {};
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return {};
  }
  if (!isObject(claims)) return {};
  const roles = Array.isArray(claims.roles)
    ? claims.roles.filter((role): role is string => typeof role === 'string')
    : typeof claims.role === 'string'
      ? [claims.role]
      : undefined;
  const access = typeof claims.workspace_access === 'string' ? claims.workspace_access : undefined;
  return { ...(roles && { roles }), ...(access !== undefined && { workspaceAccess: access }) };
}

/** `x-roles` of the operation against the caller's claims: the reason for a 403, or `undefined`. */
export function rolesProblem(operation: JsonObject, claims: CallerClaims): string | undefined {
  const required = readRoles(operation).value;
  if (required === undefined) return undefined;
  const { roles } = required;
  if (claims.roles !== undefined) {
    const missing = roles.filter((role) => !claims.roles?.includes(role));
    if (missing.length > 0) return `the caller lacks role ${missing.join(', ')} (x-roles)`;
  }
  const access = required.workspaceAccess;
  if (access !== undefined && claims.workspaceAccess !== undefined) {
    const needed = workspaceAccessRank.indexOf(access);
    const has = workspaceAccessRank.indexOf(claims.workspaceAccess);
    if (needed >= 0 && has < needed) {
      return `the caller's workspace access ${claims.workspaceAccess} is below ${access} (x-roles)`;
    }
  }
  return undefined;
}

/** The message a mock-chosen refusal carries: the status and body are the mock's, not the source's. */
export function notFromSource(message: string, status: number): string {
  return `${message} (${status} and this body are the mock's answer: the source does not show them)`;
}

/** What the mock checks beyond the contract checker, per request with a bearer token: a bearer token whose
 * claims name too low a role for `x-roles` is refused 403. */
export class CallerPolicy {
  /** `headers` with lower-case names. */
  check(
    operation: JsonObject,
    headers: Record<string, string>,
  ): { status: number; violation: Violation } | undefined {
    const authorization = headers.authorization ?? '';
    const match = /^bearer\s+(.+)$/i.exec(authorization.trim());
    const token = match?.[1]?.trim();
    if (!token) return undefined;
    const problem = rolesProblem(operation, callerClaims(token));
    if (problem === undefined) return undefined;
    return {
      status: 403,
      violation: {
        rule: EXTENSION.roles,
        side: 'request',
        pointer: 'header:Authorization',
        message: notFromSource(`Not enough permissions: ${problem}.`, 403),
      },
    };
  }
}
