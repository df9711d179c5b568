import { EXTENSION, readRoles } from '@svc-contracts/contract-model';
import type { Violation } from '@svc-contracts/error-answers';
import { isObject, type JsonObject } from '@svc-contracts/openapi-utils';

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
