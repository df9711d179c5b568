import type { RequestParts } from '../parameters/request-parts.js';
import { absent, authorizationWithScheme, type Presence, present } from './credentials.js';

/** RFC 6750's token68: what a Bearer token is. */
export const token68 = /^[A-Za-z0-9\-._~+/]+=*$/;

export const malformedBearer: Presence = {
  state: 'malformed',
  reason: 'the Bearer token is empty or not a token68 value',
};

/** The token of an `Authorization: Bearer` header, if any. */
export function bearerToken(parts: RequestParts): string | undefined {
  const value = authorizationWithScheme(parts, 'bearer');
  const token = value?.slice('bearer'.length).trim();
  return token === '' ? undefined : token;
}

/** OAuth 2 and OpenID Connect: a Bearer token in `Authorization`. */
export function oauthPresence(): (parts: RequestParts) => Presence {
  return (parts) => {
    const value = authorizationWithScheme(parts, 'bearer');
    if (value === undefined) return absent;
    return token68.test(value.slice('bearer'.length).trim()) ? present : malformedBearer;
  };
}
