import { isObject, type JsonObject, type OpenApiDocument } from './openapi.js';
import type { MockRequest } from './request.js';
import type { Operation } from './router.js';

/**
 * Which credentials a request carries, measured against its operation's `security`. It only looks at
 * presence and kind (a mock accepts any token); the answers to "is it refused, and with which status"
 * are drawn from it by the built-in validator and by the status policy.
 */
export interface CredentialAnalysis {
  /** The operation accepts a request without credentials (`security: []` or a `{}` alternative). */
  anonymous: boolean;
  /** The alternatives of the operation: each a list of scheme names that go together. */
  requirements: string[][];
  /** Schemes of `components.securitySchemes` whose credential the request carries. */
  present: string[];
  /** The first alternative whose schemes are all present. */
  satisfied: string[] | undefined;
  /** Present schemes that no alternative of the operation uses (an API key on a bearer-only operation). */
  foreign: string[];
  /** Present schemes beyond the satisfied alternative (a bearer token and an API key together). */
  extra: string[];
  /** `x-unsupported-credentials` entries the request carries (the retired `X-API-Key` header). */
  unsupported: Array<{ in: string; name: string }>;
}

export interface SecurityScheme extends JsonObject {
  type?: string;
  scheme?: string;
  in?: string;
  name?: string;
}

export function securitySchemes(spec: OpenApiDocument): Record<string, SecurityScheme> {
  const schemes = spec.components?.securitySchemes ?? {};
  const out: Record<string, SecurityScheme> = {};
  for (const [name, scheme] of Object.entries(schemes)) if (isObject(scheme)) out[name] = scheme;
  return out;
}

export function requirementsOf(spec: OpenApiDocument, operation: Operation): string[][] {
  const security = operation.node.security ?? spec.security;
  if (!Array.isArray(security)) return [];
  return security.filter(isObject).map((requirement) => Object.keys(requirement));
}

export function analyzeCredentials(
  spec: OpenApiDocument,
  operation: Operation,
  request: MockRequest,
): CredentialAnalysis {
  const schemes = securitySchemes(spec);
  const requirements = requirementsOf(spec, operation);
  const anonymous = requirements.length === 0 || requirements.some((names) => names.length === 0);
  const present = Object.entries(schemes)
    .filter(([, scheme]) => credentialOf(scheme, request) !== undefined)
    .map(([name]) => name);
  const satisfied = requirements.find(
    (names) => names.length > 0 && names.every((name) => present.includes(name)),
  );
  // Two schemes reading the same credential (two HTTP Basic schemes) cannot be told apart: one counts.
  const sameCredential = (names: string[]) => {
    const keys = new Set(names.map((name) => credentialKey(schemes[name])));
    return (name: string) => names.includes(name) || keys.has(credentialKey(schemes[name]));
  };
  const used = sameCredential(requirements.flat());
  const foreign = present.filter((name) => !used(name));
  const inSatisfied = sameCredential(satisfied ?? []);
  const extra = satisfied ? present.filter((name) => !inSatisfied(name)) : [];
  return {
    anonymous,
    requirements,
    present,
    satisfied,
    foreign,
    extra,
    unsupported: unsupportedOf(spec, request),
  };
}

/**
 * The credential value a scheme reads from the request, `undefined` when absent. HTTP schemes share the
 * `Authorization` header, told apart by its auth-scheme word (`Basic`, `Bearer`).
 */
export function credentialOf(scheme: SecurityScheme, request: MockRequest): string | undefined {
  if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
    const authScheme = scheme.type === 'http' ? (scheme.scheme ?? '').toLowerCase() : 'bearer';
    const header = request.headers.authorization;
    if (header === undefined) return undefined;
    const space = header.indexOf(' ');
    const word = (space < 0 ? header : header.slice(0, space)).toLowerCase();
    return word === authScheme ? header.slice(space + 1).trim() : undefined;
  }
  if (scheme.type === 'apiKey' && typeof scheme.name === 'string') {
    return readLocated(request, scheme.in ?? 'header', scheme.name);
  }
  return undefined;
}

function credentialKey(scheme: SecurityScheme | undefined): string {
  if (!scheme) return '';
  if (scheme.type === 'apiKey') return `apiKey:${scheme.in}:${String(scheme.name).toLowerCase()}`;
  if (scheme.type === 'http') return `authorization:${String(scheme.scheme).toLowerCase()}`;
  return 'authorization:bearer';
}

function unsupportedOf(spec: OpenApiDocument, request: MockRequest): Array<{ in: string; name: string }> {
  const list = spec['x-unsupported-credentials'];
  if (!Array.isArray(list)) return [];
  return list
    .filter(isObject)
    .map((entry) => ({ in: String(entry.in ?? 'header'), name: String(entry.name ?? '') }))
    .filter((entry) => entry.name !== '' && readLocated(request, entry.in, entry.name) !== undefined);
}

function readLocated(request: MockRequest, location: string, name: string): string | undefined {
  if (location === 'header') return request.headers[name.toLowerCase()];
  if (location === 'query') return request.query.get(name) ?? undefined;
  if (location === 'cookie') {
    for (const pair of (request.headers.cookie ?? '').split(';')) {
      const [key, ...rest] = pair.trim().split('=');
      if (key === name) return rest.join('=');
    }
  }
  return undefined;
}

/** `Authorization: Bearer …`, `X-SVC-AGENTS-API-KEY`: how a scheme's credential is sent, for messages. */
export function describeScheme(name: string, scheme: SecurityScheme | undefined): string {
  if (!scheme) return name;
  if (scheme.type === 'http') return `${name} (Authorization: ${capitalize(scheme.scheme ?? '')} …)`;
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return `${name} (Authorization: Bearer …)`;
  if (scheme.type === 'apiKey') return `${name} (${scheme.in ?? 'header'} ${scheme.name ?? ''})`;
  return name;
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
