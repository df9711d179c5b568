import { ConfigurationError, type ErrorResponses, TypedApiError } from '@svc-contracts/client-runtime';
import type { operations } from './generated/schema.js';

export type TokenErrorResponses = ErrorResponses<operations['getAccessToken']>;

/**
 * A non-2xx answer of the token endpoint. The contract leaves the error body open; OAuth 2.0 servers
 * send `{ error, error_description }`, which the message shows when present.
 */
export class TokenApiError extends TypedApiError<TokenErrorResponses> {
  override name = 'TokenApiError';
}

/** Thrown when the token code is asked to run in a browser, where the client secret must never be. */
export class ServerOnlyError extends ConfigurationError {
  override name = 'ServerOnlyError';
}

export const SERVER_ONLY_MESSAGE =
  '@svc-contracts/token-client runs only on a server: the token request needs the client secret, which must never be in client-side code (x-server-side-only). Get the token on your server and give the browser only the access token.';

/** `error_description` or `error` of an OAuth 2.0 error body. */
export function tokenErrorDetail(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  const parts = [error, description].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length > 0 ? parts.join(': ') : undefined;
}
