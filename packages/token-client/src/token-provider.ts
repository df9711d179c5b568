import { ConfigurationError } from '@svc-contracts/client-runtime';
import { type AccessTokenResponse, TokenClient, type TokenClientOptions } from './token-client.js';

export interface AccessTokenProviderOptions extends TokenClientOptions {
  /**
   * How many seconds before `expires_in` runs out the token is renewed: 10 to 30, as the service asks
   * (default 20). The margin covers clock skew and the time the token takes to reach the gateway. A token
   * that lives less than twice the margin is used for half its lifetime instead.
   */
  renewBeforeExpirySeconds?: number;
}

/** A token with the time it stops being handed out. */
export interface CachedAccessToken extends AccessTokenResponse {
  /** Epoch milliseconds after which the provider fetches a new token. */
  renewAt: number;
  /** Epoch milliseconds at which the token expires (counted from when it was requested). */
  expiresAt: number;
}

const MIN_RENEW_SECONDS = 10;
const MAX_RENEW_SECONDS = 30;
const DEFAULT_RENEW_SECONDS = 20;
/** The share of a short-lived token's lifetime it is used for (see {@link usableFor}). */
const MIN_USED_FRACTION = 0.5;

/**
 * Hands out the in-app calling access token: cached until 10 to 30 seconds before it expires (at least
 * half its lifetime for a short-lived token), then renewed with the same call. However many callers ask at once, one request is made and they all get
 * its answer. A failed request is not cached: the next call tries again.
 *
 * ```ts
 * const tokens = new AccessTokenProvider({ baseUrl, credentials: { clientId, clientSecret } });
 * res.json({ token: await tokens.getToken() });
 * ```
 */
export class AccessTokenProvider {
  private readonly client: TokenClient;
  private readonly renewBeforeMs: number;
  private cached: CachedAccessToken | undefined;
  private inFlight: Promise<CachedAccessToken> | undefined;

  constructor(options: AccessTokenProviderOptions) {
    const renewBefore = options?.renewBeforeExpirySeconds ?? DEFAULT_RENEW_SECONDS;
    if (
      typeof renewBefore !== 'number' ||
      !(renewBefore >= MIN_RENEW_SECONDS && renewBefore <= MAX_RENEW_SECONDS)
    ) {
      throw new ConfigurationError(
        `renewBeforeExpirySeconds must be from ${MIN_RENEW_SECONDS} to ${MAX_RENEW_SECONDS} (the service asks to renew 10 to 30 seconds before expiry), got ${String(renewBefore)}.`,
      );
    }
    this.renewBeforeMs = renewBefore * 1000;
    this.client = new TokenClient(options);
  }

  /** The access token (the JWT to send as `Authorization: Bearer ...` to the calling gateway). */
  readonly getToken = async (options: { signal?: AbortSignal } = {}): Promise<string> =>
    (await this.getAccessToken(options)).access_token;

  /** The token with its metadata (`access_token_id`, `expires_in`, `renewAt`, `expiresAt`). */
  readonly getAccessToken = (options: { signal?: AbortSignal } = {}): Promise<CachedAccessToken> => {
    const cached = this.cached;
    if (cached !== undefined && Date.now() < cached.renewAt) return Promise.resolve(cached);
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    return abortable(this.inFlight, options.signal);
  };

  /** Forgets the cached token (for example after the gateway refused it); the next call fetches a new one. */
  invalidate(): void {
    this.cached = undefined;
  }

  private async fetchToken(): Promise<CachedAccessToken> {
    // Counted from the request, not the answer: the token's lifetime started no later than that.
    const requestedAt = Date.now();
    const token = await this.client.requestToken();
    const lifetimeMs = token.expires_in * 1000;
    const expiresAt = requestedAt + lifetimeMs;
    const cached = { ...token, expiresAt, renewAt: requestedAt + usableFor(lifetimeMs, this.renewBeforeMs) };
    this.cached = cached;
    return cached;
  }
}

/**
 * How long a token is handed out: until the renewal margin before its expiry, but at least half its
 * lifetime. A token that lives less than twice the margin (`expires_in: 5` with a 20 s margin) would
 * otherwise be renewed at once, and every call would fetch a new one.
 */
function usableFor(lifetimeMs: number, renewBeforeMs: number): number {
  return Math.max(lifetimeMs - renewBeforeMs, lifetimeMs * MIN_USED_FRACTION);
}

/**
 * The shared request, or the caller's abort, whichever comes first. Aborting one caller never cancels
 * the request the others are waiting for.
 */
function abortable<T>(pending: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return pending;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
