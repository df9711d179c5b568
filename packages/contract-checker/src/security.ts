import { isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import { MASK } from '@svc-contracts/redact';
import { coerceScalar } from './coerce.js';
import { objectMemo } from './memo.js';
import type { RequestParts } from './request-parts.js';
import type { SchemaValidator } from './schema-validator.js';
import type { Violation } from './types.js';

/** The root-level security rules of one service, read once. */
export interface SecurityRules {
  schemes: Record<string, JsonObject>;
  /** `schemes` as a list, in document order (read once: every request walks it). */
  schemeList: Array<[string, JsonObject]>;
  /** `x-security-exclusive`. */
  exclusive: boolean;
  /** `x-unsupported-credentials`. */
  unsupported: Array<{ in: string; name: string; description?: string }>;
}

export function readSecurityRules(doc: OpenApiDocument): SecurityRules {
  const schemes: Record<string, JsonObject> = {};
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    if (isObject(scheme)) schemes[name] = scheme;
  }
  const unsupported = Array.isArray(doc['x-unsupported-credentials'])
    ? doc['x-unsupported-credentials'].filter(
        (item): item is { in: string; name: string; description?: string } =>
          isObject(item) && typeof item.in === 'string' && typeof item.name === 'string',
      )
    : [];
  return {
    schemes,
    schemeList: Object.entries(schemes),
    exclusive: doc['x-security-exclusive'] === true,
    unsupported,
  };
}

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

type Presence =
  | { state: 'absent' }
  | { state: 'present' }
  | { state: 'malformed'; reason: string }
  | { state: 'unobservable' };

const absent: Presence = { state: 'absent' };
const present: Presence = { state: 'present' };

function lookup(parts: RequestParts, location: string, name: string): string[] | undefined {
  if (location === 'header') return parts.headers.get(name.toLowerCase());
  if (location === 'query') return parts.query.get(name);
  if (location === 'cookie') {
    const value = parts.cookies.get(name);
    return value === undefined ? undefined : [value];
  }
  return undefined;
}

const token68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** `Basic <base64 of user:password>`, strictly: canonical base64, a colon, a non-empty user id. */
function basicProblem(credentials: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials) || credentials.length % 4 !== 0) {
    return 'the Basic credentials are not base64';
  }
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'the Basic credentials do not decode to user-id:password';
  if (colon === 0) return 'the Basic credentials have an empty user id';
  return undefined;
}

function authorizationWithScheme(parts: RequestParts, scheme: string): string | undefined {
  const prefix = `${scheme.toLowerCase()} `;
  return parts.headers
    .get('authorization')
    ?.find((value) => value.toLowerCase().startsWith(prefix) || value.toLowerCase() === scheme.toLowerCase());
}

function presenceOf(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  scheme: JsonObject,
  parts: RequestParts,
): Presence {
  if (scheme.type === 'http' && typeof scheme.scheme === 'string') {
    const name = scheme.scheme.toLowerCase();
    const value = authorizationWithScheme(parts, name);
    if (value === undefined) return absent;
    const credentials = value.slice(name.length).trim();
    if (name === 'basic') {
      const problem = basicProblem(credentials);
      return problem ? { state: 'malformed', reason: problem } : present;
    }
    if (name === 'bearer' && !token68.test(credentials)) {
      return { state: 'malformed', reason: 'the Bearer token is empty or not a token68 value' };
    }
    return credentials === ''
      ? { state: 'malformed', reason: `the ${scheme.scheme} credentials are empty` }
      : present;
  }
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    const value = authorizationWithScheme(parts, 'bearer');
    if (value === undefined) return absent;
    return token68.test(value.slice('bearer'.length).trim())
      ? present
      : { state: 'malformed', reason: 'the Bearer token is empty or not a token68 value' };
  }
  if (scheme.type === 'apiKey') {
    const location = credentialLocation(scheme);
    const values = location && lookup(parts, location.in, location.name);
    if (!location || values === undefined) return absent;
    const valueSchema = scheme['x-value-schema'];
    if (valueSchema !== undefined) {
      const issues = validator.validate(valueSchema, coerceScalar(doc, valueSchema, values.join(',')));
      // The value itself is a credential (or part of one): the reason names the rule, never the value.
      if (issues.length > 0) {
        return {
          state: 'malformed',
          reason: `${location.in} ${location.name} ${issues.map((issue) => issue.message).join('; ')} (x-value-schema)`,
        };
      }
    }
    if (values.every((value) => value.trim() === ''))
      return { state: 'malformed', reason: `${location.in} ${location.name} is empty` };
    return present;
  }
  // mutualTLS (and anything unknown) cannot be seen in a recording.
  return { state: 'unobservable' };
}

/**
 * The API-key scheme whose value, sent in the same request, is also the bearer token. The source shows no
 * key format, so a key can only be recognised by equality with a key header; a recording masks both
 * values (`REDACTED`), so only unmasked traffic (the mocks) can show it.
 */
export function apiKeyAsBearer(rules: SecurityRules, parts: RequestParts): string | undefined {
  const bearer = bearerToken(parts);
  if (bearer === undefined || bearer === MASK) return undefined;
  for (const [name, scheme] of rules.schemeList) {
    if (scheme.type !== 'apiKey' || !isCredential(scheme)) continue;
    const location = credentialLocation(scheme);
    const values = location && lookup(parts, location.in, location.name);
    if (values?.some((value) => value.trim() === bearer)) return name;
  }
  return undefined;
}

/** The token of an `Authorization: Bearer` header, if any. */
export function bearerToken(parts: RequestParts): string | undefined {
  const value = authorizationWithScheme(parts, 'bearer');
  const token = value?.slice('bearer'.length).trim();
  return token === '' ? undefined : token;
}

/** `x-credential: false` on a scheme: it is part of a requirement but not a credential of its own. */
export function isCredential(scheme: JsonObject | undefined): boolean {
  return scheme?.['x-credential'] !== false;
}

function requirementLabel(requirement: string[]): string {
  return requirement.length === 0 ? '[anonymous]' : `[${requirement.join(' + ')}]`;
}

function pointerFor(scheme: JsonObject | undefined): string | undefined {
  const location = scheme && credentialLocation(scheme);
  return location && `${location.in}:${location.name}`;
}

/** The requirements that apply to an operation (its own `security`, else the document's), as scheme names. */
interface DeclaredRequirements {
  requirements: string[][];
  /** Pointer of the `security` list they come from. */
  pointer: string;
}

const declaredRequirements = objectMemo<OpenApiDocument, DeclaredRequirements>();

function requirementsOf(
  doc: OpenApiDocument,
  operation: JsonObject,
  operationPointer: string,
): DeclaredRequirements {
  return declaredRequirements.get(operation, doc, () => {
    const own = Array.isArray(operation.security);
    const declared = own ? operation.security : Array.isArray(doc.security) ? doc.security : [];
    return {
      requirements: (declared as unknown[]).filter(isObject).map((requirement) => Object.keys(requirement)),
      pointer: own ? `${operationPointer}/security` : '#/security',
    };
  });
}

export function checkSecurity(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  rules: SecurityRules,
  operation: JsonObject,
  operationPointer: string,
  parts: RequestParts,
  specLocation: (pointer: string) => string,
): Violation[] {
  const violations: Violation[] = [];
  const { requirements, pointer: securityPointer } = requirementsOf(doc, operation, operationPointer);

  const presence = new Map<string, Presence>();
  for (const [name, scheme] of rules.schemeList)
    presence.set(name, presenceOf(doc, validator, scheme, parts));
  const stateOf = (name: string): Presence['state'] => presence.get(name)?.state ?? 'absent';

  if (requirements.length > 0) {
    const satisfied = requirements.some((requirement) =>
      requirement.every((name) => stateOf(name) === 'present' || stateOf(name) === 'unobservable'),
    );
    if (!satisfied) {
      const malformed = [...new Set(requirements.flat())].filter((name) => stateOf(name) === 'malformed');
      if (malformed.length > 0) {
        for (const name of malformed) {
          const state = presence.get(name);
          violations.push({
            rule: 'security-malformed',
            severity: 'error',
            side: 'request',
            message: `credential of ${name} is malformed: ${state?.state === 'malformed' ? state.reason : ''}`,
            pointer: pointerFor(rules.schemes[name]),
            specLocation: specLocation(`#/components/securitySchemes/${name}`),
          });
        }
      } else {
        violations.push({
          rule: 'security-missing',
          severity: 'error',
          side: 'request',
          message: `no security requirement is met; the operation accepts ${requirements.map(requirementLabel).join(' or ')}`,
          specLocation: specLocation(securityPointer),
        });
      }
    }
  }

  if (rules.exclusive) {
    // Presence, not validity: a malformed API key next to a bearer token still breaks exclusivity.
    // A scheme marked `x-credential: false` (the agents organization header) is a header that travels
    // with a credential, not a credential: sending it never breaks exclusivity.
    const sent: string[] = [];
    for (const [name, scheme] of rules.schemeList) {
      const state = stateOf(name);
      if (isCredential(scheme) && (state === 'present' || state === 'malformed')) sent.push(name);
    }
    const allowedTogether = requirements.some((requirement) =>
      sent.every((name) => requirement.includes(name)),
    );
    const keyAsBearer = apiKeyAsBearer(rules, parts);
    if (keyAsBearer !== undefined) {
      violations.push({
        rule: 'security-exclusive',
        severity: 'error',
        side: 'request',
        message: `the bearer token is the value of the ${keyAsBearer} credential sent with it: an API key must not be sent as a bearer token (x-security-exclusive)`,
        pointer: 'header:Authorization',
        specLocation: specLocation('#/x-security-exclusive'),
        reason: 'api-key-as-bearer',
      });
    } else if (sent.length > 0 && !allowedTogether) {
      const allowedSchemes = new Set(requirements.flat());
      const foreign = sent.filter((name) => !allowedSchemes.has(name));
      const message =
        foreign.length > 0
          ? `credentials of ${foreign.join(', ')} are not allowed on this operation, which accepts ${requirements.map(requirementLabel).join(' or ') || 'none'} (x-security-exclusive)`
          : `credentials of ${sent.join(', ')} are sent together; the operation accepts exactly one of ${requirements.map(requirementLabel).join(' or ')} (x-security-exclusive)`;
      violations.push({
        rule: 'security-exclusive',
        severity: 'error',
        side: 'request',
        message,
        pointer: pointerFor(rules.schemes[foreign[0] ?? sent[0] ?? '']),
        specLocation: specLocation('#/x-security-exclusive'),
        reason: foreign.length > 0 ? 'scheme-not-allowed' : 'credentials-together',
      });
    }
  }

  rules.unsupported.forEach((credential, index) => {
    if (lookup(parts, credential.in, credential.name) === undefined) return;
    violations.push({
      rule: 'unsupported-credential',
      severity: 'error',
      side: 'request',
      message: `${credential.in} ${credential.name} is not a supported credential${credential.description ? `: ${credential.description}` : ''}`,
      pointer: `${credential.in}:${credential.name}`,
      specLocation: specLocation(`#/x-unsupported-credentials/${index}`),
    });
  });
  return violations;
}
