import { ConfigurationError } from './errors.js';

export interface ApplyAuthContext {
  /** True on the one retry after a 401: a token provider should return a fresh token, not a cached one. */
  forceRefresh: boolean;
}

/** Puts credentials on a request. */
export interface Authenticator {
  /** Names of the headers this authenticator sets: stripped on cross-origin redirects, redacted in logs. */
  readonly headerNames: readonly string[];
  /** Whether a 401 may be answered by asking for fresh credentials and retrying once. */
  readonly refreshable: boolean;
  /** Sets the credential headers. */
  apply(headers: Headers, context: ApplyAuthContext): Promise<string>;
  /** The credential values in use, for redaction of error messages. */
  secrets(): string[];
  /** The headers `apply` sets, when they never change (Basic, a fixed API key): the transport then sets them
   * itself on each attempt instead of awaiting `apply`, a promise less per call. */
  readonly fixedHeaders?: Readonly<Record<string, string>>;
}

export interface BasicCredentials {
  username: string;
  password: string;
}

/** HTTP Basic (`Authorization: Basic base64(username:password)`). */
export function basicAuth(credentials: BasicCredentials): Authenticator {
  const { username, password } = credentials ?? {};
  if (typeof username !== 'string' || username === '' || typeof password !== 'string' || password === '') {
    throw new ConfigurationError('Basic credentials need a non-empty username and password.');
  }
  if (username.includes(':')) throw new ConfigurationError('A Basic username cannot contain ":".');
  assertHeaderSafe(username, 'The username');
  assertHeaderSafe(password, 'The password');
  const encoded = base64Utf8(`${username}:${password}`);
  const value = `Basic ${encoded}`;
  return {
    headerNames: ['authorization'],
    refreshable: false,
    fixedHeaders: Object.freeze({ authorization: value }),
    async apply(headers) {
      headers.set('authorization', value);
      return value;
    },
    // The user name too: for a client id or an account it is half the credential, and services echo it.
    secrets: () => [username, password, encoded],
  };
}

/** Supplies a bearer token; `forceRefresh` is true when the last one was refused (401). */
export type TokenProvider = (context: { forceRefresh: boolean }) => string | Promise<string>;

/** `Authorization: Bearer <token>`, the token asked from the provider before every attempt (the provider
 * caches; short-lived tokens stay fresh), and once more with `forceRefresh` after a 401. */
export function bearerAuth(provider: TokenProvider): Authenticator {
  if (typeof provider !== 'function')
    throw new ConfigurationError('bearerToken must be a function returning the token.');
  let current: string | undefined;
  return {
    headerNames: ['authorization'],
    refreshable: true,
    async apply(headers, context) {
      const token = await provider({ forceRefresh: context.forceRefresh });
      if (typeof token !== 'string' || token.trim() === '') {
        throw new ConfigurationError('The bearer token provider returned an empty token.');
      }
      assertHeaderSafe(token, 'The bearer token');
      current = token;
      headers.set('authorization', `Bearer ${token}`);
      return token;
    },
    secrets: () => (current === undefined ? [] : [current]),
  };
}

/** Fixed credential headers (for example an API key and the workspace it acts in). */
export function headerAuth(
  values: Readonly<Record<string, string>>,
  secretNames: readonly string[],
): Authenticator {
  const entries = Object.entries(values);
  for (const [name, value] of entries) assertHeaderSafe(value, `The ${name} header`);
  const secretValues = entries.filter(([name]) => secretNames.includes(name)).map(([, value]) => value);
  return {
    headerNames: entries.map(([name]) => name.toLowerCase()),
    refreshable: false,
    fixedHeaders: Object.freeze(Object.fromEntries(entries)),
    async apply(headers) {
      for (const [name, value] of entries) headers.set(name, value);
      return secretValues.join('\n');
    },
    secrets: () => secretValues,
  };
}

/** A value with a line break would split the header (header injection); the message never shows it. */
function assertHeaderSafe(value: string, what: string): void {
  if (/[\r\n\0]/.test(value)) throw new ConfigurationError(`${what} contains a line break or NUL character.`);
}

/** Base64 of the UTF-8 bytes, with `btoa` so the code runs in any runtime (no Node `Buffer`). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
