import {
  basicAuth,
  type CallOptions,
  type ClientOptions,
  ConfigurationError,
  errorInit,
  type FailedResponse,
  isBrowserLike,
  SdkError,
  ServiceClient,
} from '@svc-contracts/client-runtime';
import { SERVER_ONLY_MESSAGE, ServerOnlyError, TokenApiError, tokenErrorDetail } from './errors.js';
import { contract } from './generated/operations.js';
import type { components, paths } from './generated/schema.js';

/**
 * The access token response as this client hands it out. The contract leaves every field optional (the
 * source does not say each is always present); the client needs `access_token`, `token_type` and
 * `expires_in` to work, checks them at run time (`checkToken`) and refuses an answer without them.
 */
export type AccessTokenResponse = components['schemas']['AccessTokenResponse'] &
  Required<Pick<components['schemas']['AccessTokenResponse'], 'access_token' | 'token_type' | 'expires_in'>>;

/** The client id and secret issued for web calling: HTTP Basic on the token request. */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface TokenClientOptions extends ClientOptions {
  credentials: ClientCredentials;
}

/**
 * The in-app calling token endpoint (`POST /api/v1/oauth2/token`), one request per call. Most code wants
 * {@link AccessTokenProvider}, which caches and renews. Server side only: it refuses to run where a
 * `window` or `document` exists, and the package's `browser` export throws. A redirect to another origin
 * is refused with a `RedirectError` (`crossOriginRedirects` is always `'refuse'` here).
 */
export class TokenClient extends ServiceClient<paths> {
  constructor(options: TokenClientOptions) {
    if (contract.operations.getAccessToken.serverSideOnly && isBrowserLike())
      throw new ServerOnlyError(SERVER_ONLY_MESSAGE);
    const credentials = options?.credentials;
    if (typeof credentials !== 'object' || credentials === null) {
      throw new ConfigurationError('credentials are required: { clientId, clientSecret }.');
    }
    super({
      // The request carries the client secret, and a token from another origin is not the service's:
      // a redirect that leaves the origin is refused whatever the options say.
      options: { ...options, crossOriginRedirects: 'refuse' },
      auth: basicAuth({ username: credentials.clientId, password: credentials.clientSecret }),
      service: 'Token',
      contract,
    });
  }

  /**
   * Asks for a new token with the client-credentials grant (`scope=voice.webrtc`). Retried on 429 and
   * 503 although it is a POST: asking twice for a token is harmless.
   */
  async requestToken(call?: CallOptions): Promise<AccessTokenResponse> {
    const token = await this.send(
      'POST',
      this.api.POST('/api/v1/oauth2/token', {
        body: { grant_type: 'client_credentials', scope: 'voice.webrtc' },
        bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        ...this.init({ repeatable: true, ...call }),
      }),
    );
    return checkToken(token);
  }

  protected createError(failure: FailedResponse): TokenApiError {
    return new TokenApiError({ ...errorInit('Token', failure), detail: tokenErrorDetail(failure.body) });
  }
}

/** A 200 without a usable token is refused; the message never repeats the body (it may hold a token). */
function checkToken(token: unknown): AccessTokenResponse {
  const candidate = token as components['schemas']['AccessTokenResponse'] | undefined;
  const problems: string[] = [];
  if (typeof candidate?.access_token !== 'string' || candidate.access_token === '')
    problems.push('access_token');
  if (
    typeof candidate?.expires_in !== 'number' ||
    !Number.isInteger(candidate.expires_in) ||
    candidate.expires_in <= 0
  ) {
    problems.push('expires_in (a positive integer)');
  }
  if (typeof candidate?.token_type !== 'string' || candidate.token_type.toLowerCase() !== 'bearer') {
    problems.push('token_type Bearer');
  }
  if (problems.length > 0) {
    throw new SdkError(
      `The token endpoint answered 200 without a usable token: missing or invalid ${problems.join(', ')}.`,
    );
  }
  return candidate as AccessTokenResponse;
}
