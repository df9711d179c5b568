import { readValueSchema } from '@svc-contracts/contract-model';
import { isBase64 } from '@svc-contracts/har';
import type { JsonObject, OpenApiDocument } from '@svc-contracts/openapi-utils';
import { decodeBasic } from '@svc-contracts/redact';
import { scalarCoercion } from '../bodies/coerce.js';
import type { SchemaValidator } from '../contract/schema-validator.js';
import { type RequestParts, valuesAt } from '../parameters/request-parts.js';

/** What a request shows of one scheme's credential. */
export type Presence =
  | { state: 'absent' | 'present' | 'unobservable' }
  | { state: 'malformed'; reason: string };

type Reader = (parts: RequestParts) => Presence;
const absent: Presence = { state: 'absent' };
const present: Presence = { state: 'present' };

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

/** The credentials of the request's `Authorization` value of `scheme` (lower case), in any case. */
export function authorizationCredentials(parts: RequestParts, scheme: string): string | undefined {
  for (const value of parts.headers.get('authorization') ?? []) {
    const head = value.slice(0, scheme.length + 1).toLowerCase();
    if (head.startsWith(scheme) && (head.length === scheme.length || head.charCodeAt(scheme.length) === 32)) {
      return value.slice(scheme.length).trim();
    }
  }
  return undefined;
}

/** RFC 6750's token68: what a Bearer token is. */
const token68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** `Basic <base64 of user:password>`, strictly: canonical base64, a colon, a non-empty user id. */
function basicProblem(credentials: string): string | undefined {
  const decoded = decodeBasic(credentials, { replaceInvalidUtf8: true });
  if (decoded === undefined) {
    // Not base64, or base64 of text without a colon (decodeBasic tells the first by isBase64 too).
    return isBase64(credentials)
      ? 'the Basic credentials do not decode to user-id:password'
      : 'the Basic credentials are not base64';
  }
  return decoded.user === '' ? 'the Basic credentials have an empty user id' : undefined;
}

/** An `http` scheme's credentials in `Authorization` (OAuth 2 and OpenID Connect send a Bearer token). */
function httpPresence(declaredName: string): Reader {
  const name = declaredName.toLowerCase();
  return (parts) => {
    const credentials = authorizationCredentials(parts, name);
    if (credentials === undefined) return absent;
    const problem =
      name === 'basic'
        ? basicProblem(credentials)
        : name === 'bearer' && !token68.test(credentials)
          ? 'the Bearer token is empty or not a token68 value'
          : credentials === ''
            ? `the ${declaredName} credentials are empty`
            : undefined;
    return problem === undefined ? present : { state: 'malformed', reason: problem };
  };
}

/** An `apiKey` scheme: its value where the scheme says, checked against `x-value-schema` when it has one. */
function apiKeyPresence(doc: OpenApiDocument, validator: SchemaValidator, scheme: JsonObject): Reader {
  const location = credentialLocation(scheme);
  if (!location) return () => absent;
  const read = valuesAt(location.in, location.name);
  const valueSchema = readValueSchema(scheme).value;
  const conforms = valueSchema === undefined ? undefined : validator.tester(valueSchema);
  const coerce = scalarCoercion(doc, valueSchema);
  const where = `${location.in} ${location.name}`;
  return (parts) => {
    const values = read(parts);
    if (values === undefined) return absent;
    const value = conforms === undefined ? undefined : coerce(values.join(','));
    const issues = conforms === undefined || conforms(value) ? [] : validator.validate(valueSchema, value);
    // The value itself is a credential (or part of one): the reason names the rule, never the value.
    if (issues.length > 0) {
      const reason = `${where} ${issues.map((issue) => issue.message).join('; ')} (x-value-schema)`;
      return { state: 'malformed', reason };
    }
    return values.every((text) => text.trim() === '')
      ? { state: 'malformed', reason: `${where} is empty` }
      : present;
  };
}

/** How one scheme's credential is found in a request and judged, worked out once per scheme. */
export function presenceReader(doc: OpenApiDocument, validator: SchemaValidator, scheme: JsonObject): Reader {
  if (scheme.type === 'http' && typeof scheme.scheme === 'string') return httpPresence(scheme.scheme);
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return httpPresence('bearer');
  if (scheme.type === 'apiKey') return apiKeyPresence(doc, validator, scheme);
  // mutualTLS (and anything unknown) cannot be seen in a recording.
  return () => ({ state: 'unobservable' });
}
