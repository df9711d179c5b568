import type { JsonObject } from '@svc-contracts/openapi-utils';
import type { RequestParts } from '../parameters/request-parts.js';

/** Where a credential of a scheme travels: `header:authorization`, `query:api_key`, `cookie:sid`. */
export function credentialLocation(scheme: JsonObject): { in: string; name: string } | undefined {
  if (scheme.type === 'apiKey' && typeof scheme.in === 'string' && typeof scheme.name === 'string') {
    return { in: scheme.in, name: scheme.name };
  }
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    return { in: 'header', name: 'Authorization' };
  }
  return undefined;
}

/** What a request shows of one scheme's credential. */
export type Presence =
  | { state: 'absent' }
  | { state: 'present' }
  | { state: 'malformed'; reason: string }
  | { state: 'unobservable' };

export const absent: Presence = { state: 'absent' };
export const present: Presence = { state: 'present' };
export const unobservable: Presence = { state: 'unobservable' };

/** Whether an Authorization value is of `scheme` (lower case): `<scheme> ...` or the scheme alone, in any
 * case. */
function isOfScheme(value: string, scheme: string): boolean {
  const head = value.slice(0, scheme.length + 1).toLowerCase();
  return head.startsWith(scheme) && (head.length === scheme.length || head.charCodeAt(scheme.length) === 32);
}

/** The request's `Authorization` value of `scheme` (lower case), if any. */
export function authorizationWithScheme(parts: RequestParts, scheme: string): string | undefined {
  const values = parts.headers.get('authorization');
  if (values === undefined) return undefined;
  for (const value of values) if (isOfScheme(value, scheme)) return value;
  return undefined;
}

/** How a credential at `location` is read from a request taken apart, worked out once per scheme. */
export function credentialReader(
  location: string,
  name: string,
): (parts: RequestParts) => string[] | undefined {
  if (location === 'header') {
    const key = name.toLowerCase();
    return (parts) => parts.headers.get(key);
  }
  if (location === 'query') return (parts) => parts.query.get(name);
  if (location === 'cookie') {
    return (parts) => {
      const value = parts.cookies.get(name);
      return value === undefined ? undefined : [value];
    };
  }
  return () => undefined;
}
