import {
  type Authenticator,
  bearerAuth,
  ConfigurationError,
  headerAuth,
} from '@svc-contracts/client-runtime';
import { contract } from './generated/operations.js';

/** Returns the current user access token; `forceRefresh` is true after the service refused the last one. */
export type BearerTokenProvider = (context: { forceRefresh: boolean }) => string | Promise<string>;

/**
 * Exactly one credential type (`x-security-exclusive`): an API key with the workspace it acts in, or a
 * provider of user access tokens (they live at most 15 minutes, so the client asks before every request).
 */
export type AgentsCredentials =
  | { apiKey: string; organizationId: number | string; bearerToken?: never }
  | { bearerToken: BearerTokenProvider; apiKey?: never; organizationId?: never };

export interface ResolvedCredentials {
  kind: 'apiKey' | 'bearer';
  auth: Authenticator;
  /** The security schemes the requests carry, to check against each operation's alternatives. */
  schemes: readonly string[];
}

const apiKeyScheme = contract.securitySchemes.agentsApiKey;
const organizationScheme = contract.securitySchemes.organizationId;
const organizationIdPattern = new RegExp(organizationScheme.valuePattern);

/** Checks the credentials (messages never include the key or a token) and builds their authenticator. */
export function resolveCredentials(credentials: AgentsCredentials | undefined): ResolvedCredentials {
  if (typeof credentials !== 'object' || credentials === null) {
    throw new ConfigurationError('credentials are required: { apiKey, organizationId } or { bearerToken }.');
  }
  const given = credentials as { apiKey?: unknown; organizationId?: unknown; bearerToken?: unknown };
  const hasKey = given.apiKey !== undefined || given.organizationId !== undefined;
  const hasBearer = given.bearerToken !== undefined;
  if (hasKey && hasBearer) {
    throw new ConfigurationError(
      'Pass either { apiKey, organizationId } or { bearerToken }, never both: the service refuses a request that carries both.',
    );
  }
  if (hasBearer) {
    if (typeof given.bearerToken !== 'function') {
      throw new ConfigurationError(
        'bearerToken must be a function returning the current user access token (tokens live at most 15 minutes).',
      );
    }
    return {
      kind: 'bearer',
      auth: bearerAuth(given.bearerToken as BearerTokenProvider),
      schemes: ['bearerAuth'],
    };
  }
  if (typeof given.apiKey !== 'string' || given.apiKey.trim() === '') {
    throw new ConfigurationError('apiKey must be a non-empty string (sent with organizationId).');
  }
  const organizationId = checkOrganizationId(given.organizationId);
  const auth = headerAuth({ [apiKeyScheme.name]: given.apiKey, [organizationScheme.name]: organizationId }, [
    apiKeyScheme.name,
  ]);
  return { kind: 'apiKey', auth, schemes: ['agentsApiKey', 'organizationId'] };
}

/** The workspace id: a positive integer, written in decimal in its header (`x-value-schema`). */
function checkOrganizationId(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !organizationIdPattern.test(text)) {
    throw new ConfigurationError(
      `organizationId must be a positive integer (the workspace id), got ${typeof value === 'number' || typeof value === 'string' ? JSON.stringify(value) : typeof value}.`,
    );
  }
  return text;
}

const SCHEME_LABELS: Readonly<Record<string, string>> = {
  bearerAuth: 'a user access token ({ bearerToken })',
  'agentsApiKey+organizationId': 'an API key with its organization id ({ apiKey, organizationId })',
};

/** Says which credentials an operation takes, for the error of a refused call. */
export function describeAlternatives(security: readonly (readonly string[])[]): string {
  return security
    .map((alternative) => SCHEME_LABELS[alternative.join('+')] ?? alternative.join(' + '))
    .join(' or ');
}
