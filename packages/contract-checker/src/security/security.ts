import {
  EXTENSION,
  isCredential,
  isSecurityExclusive,
  readUnsupportedCredentials,
  type UnsupportedCredential,
} from '@svc-contracts/contract-model';
import { isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import { MASK } from '@svc-contracts/redact';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { Violation } from '../core/types.js';
import { type PlannedReads, type RequestParts, recordReads } from '../parameters/request-parts.js';
import { apiKeyPresence } from './api-key.js';
import { bearerToken, oauthPresence } from './bearer.js';
import { absent, credentialLocation, credentialReader, type Presence, unobservable } from './credentials.js';
import { httpPresence } from './http-auth.js';

/** The root-level security rules of one service, read once. */
export interface SecurityRules {
  schemes: Record<string, JsonObject>;
  /** `schemes` as a list, in document order (read once: every request walks it). */
  schemeList: Array<[string, JsonObject]>;
  /** `x-security-exclusive`. */
  exclusive: boolean;
  /** `x-unsupported-credentials`. */
  unsupported: UnsupportedCredential[];
}

export function readSecurityRules(doc: OpenApiDocument): SecurityRules {
  const schemes: Record<string, JsonObject> = {};
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    if (isObject(scheme)) schemes[name] = scheme;
  }
  return {
    schemes,
    schemeList: Object.entries(schemes),
    exclusive: isSecurityExclusive(doc),
    unsupported: readUnsupportedCredentials(doc).value ?? [],
  };
}

/** How one scheme's credential is found in a request and judged, worked out once per scheme. */
function presenceReader(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  scheme: JsonObject,
): (parts: RequestParts) => Presence {
  if (scheme.type === 'http' && typeof scheme.scheme === 'string') return httpPresence(scheme.scheme);
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return oauthPresence();
  if (scheme.type === 'apiKey') return apiKeyPresence(doc, validator, scheme);
  // mutualTLS (and anything unknown) cannot be seen in a recording.
  return () => unobservable;
}

function requirementLabel(requirement: string[]): string {
  return requirement.length === 0 ? '[anonymous]' : `[${requirement.join(' + ')}]`;
}

function pointerFor(scheme: JsonObject | undefined): string | undefined {
  const location = scheme && credentialLocation(scheme);
  return location && `${location.in}:${location.name}`;
}

interface PlannedScheme {
  name: string;
  scheme: JsonObject;
  credential: boolean;
  presence: (parts: RequestParts) => Presence;
}

/** A service's security rules made ready to check: how each scheme's credential is read and judged. */
export interface ServiceSecurity {
  rules: SecurityRules;
  schemes: PlannedScheme[];
  indexOf: Map<string, number>;
  /** Credential API-key schemes, with how their values are read (an API key sent as the bearer token). */
  apiKeys: Array<{ name: string; read: (parts: RequestParts) => string[] | undefined }>;
  unsupported: Array<{
    credential: SecurityRules['unsupported'][number];
    read: (parts: RequestParts) => string[] | undefined;
  }>;
  /** What of a request the security checks read. */
  reads: PlannedReads;
  /** The presence of each scheme in the request being checked (checks are synchronous: one at a time). */
  states: Presence[];
}

export function planServiceSecurity(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  rules: SecurityRules,
): ServiceSecurity {
  const { reads, readsAt } = recordReads();
  // An API key sent as the bearer token is looked for whenever exclusivity is checked.
  if (rules.exclusive) reads.headers.push('authorization');
  const schemes = rules.schemeList.map(([name, scheme]) => {
    const location = credentialLocation(scheme);
    if (location) readsAt(location.in, location.name);
    return {
      name,
      scheme,
      credential: isCredential(scheme),
      presence: presenceReader(doc, validator, scheme),
    };
  });
  const apiKeys = schemes.flatMap(({ name, scheme, credential }) => {
    const location = credentialLocation(scheme);
    return scheme.type === 'apiKey' && credential && location
      ? [{ name, read: credentialReader(location.in, location.name) }]
      : [];
  });
  const unsupported = rules.unsupported.map((credential) => {
    readsAt(credential.in, credential.name);
    return { credential, read: credentialReader(credential.in, credential.name) };
  });
  return {
    rules,
    schemes,
    indexOf: new Map(schemes.map(({ name }, index) => [name, index])),
    apiKeys,
    unsupported,
    reads,
    states: schemes.map(() => absent),
  };
}

/** The API-key scheme whose value, sent in the same request, is also the bearer token. */
function apiKeyAsBearer(security: ServiceSecurity, parts: RequestParts): string | undefined {
  const bearer = bearerToken(parts);
  if (bearer === undefined || bearer === MASK) return undefined;
  for (const { name, read } of security.apiKeys) {
    const values = read(parts);
    if (values?.some((value) => value.trim() === bearer)) return name;
  }
  return undefined;
}

/** The requirements that apply to one operation (its own `security`, else the document's), planned once. */
export interface OperationSecurity {
  requirements: string[][];
  /** Each requirement as indexes into the service's schemes (-1: a scheme the service does not define). */
  indexes: number[][];
  /** Every scheme the requirements name, once each, in order. */
  named: string[];
  allowed: Set<string>;
  /** `[a] or [b + c]`, for messages. */
  accepts: string;
  /** Pointer of the `security` list they come from. */
  pointer: string;
}

export function planOperationSecurity(
  doc: OpenApiDocument,
  security: ServiceSecurity,
  operation: JsonObject,
  operationPointer: string,
): OperationSecurity {
  const own = Array.isArray(operation.security);
  const declared = own ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  const requirements = (declared as unknown[])
    .filter(isObject)
    .map((requirement) => Object.keys(requirement));
  const named = [...new Set(requirements.flat())];
  return {
    requirements,
    indexes: requirements.map((requirement) => requirement.map((name) => security.indexOf.get(name) ?? -1)),
    named,
    allowed: new Set(named),
    accepts: requirements.map(requirementLabel).join(' or '),
    pointer: own ? `${operationPointer}/security` : '#/security',
  };
}

/** The state of the scheme at `at` (-1: a scheme the service does not define, so never sent). */
function stateAt(states: Presence[], at: number): Presence['state'] {
  return at < 0 ? 'absent' : (states[at] as Presence).state;
}

/** Whether every scheme of some requirement is present (or cannot be seen in a recording). */
function isSatisfied(requirements: number[][], states: Presence[]): boolean {
  for (const requirement of requirements) {
    let met = true;
    for (const at of requirement) {
      const state = stateAt(states, at);
      if (state !== 'present' && state !== 'unobservable') {
        met = false;
        break;
      }
    }
    if (met) return true;
  }
  return false;
}

export function checkSecurity(
  security: ServiceSecurity,
  operation: OperationSecurity,
  parts: RequestParts,
  specLocation: (pointer: string) => string,
): Violation[] {
  const violations: Violation[] = [];
  const { schemes, states, rules } = security;
  for (let at = 0; at < schemes.length; at++) states[at] = (schemes[at] as PlannedScheme).presence(parts);
  const { requirements } = operation;

  if (requirements.length > 0) {
    if (!isSatisfied(operation.indexes, states)) {
      const malformed = operation.named.filter(
        (name) => stateAt(states, security.indexOf.get(name) ?? -1) === 'malformed',
      );
      if (malformed.length > 0) {
        for (const name of malformed) {
          const state = states[security.indexOf.get(name) ?? -1];
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
          message: `no security requirement is met; the operation accepts ${operation.accepts}`,
          specLocation: specLocation(operation.pointer),
        });
      }
    }
  }

  if (rules.exclusive) {
    // Presence, not validity: a malformed API key next to a bearer token still breaks exclusivity.
    const sentNames: string[] = [];
    for (let at = 0; at < schemes.length; at++) {
      const state = stateAt(states, at);
      const scheme = schemes[at] as PlannedScheme;
      if (scheme.credential && (state === 'present' || state === 'malformed')) {
        sentNames.push(scheme.name);
      }
    }
    const keyAsBearer = apiKeyAsBearer(security, parts);
    if (keyAsBearer !== undefined) {
      violations.push({
        rule: 'security-exclusive',
        severity: 'error',
        side: 'request',
        message: `the bearer token is the value of the ${keyAsBearer} credential sent with it: an API key must not be sent as a bearer token (x-security-exclusive)`,
        pointer: 'header:Authorization',
        specLocation: specLocation(`#/${EXTENSION.securityExclusive}`),
        reason: 'api-key-as-bearer',
      });
    } else if (
      sentNames.length > 0 &&
      !operation.requirements.some((requirement) => sentNames.every((name) => requirement.includes(name)))
    ) {
      const foreign = sentNames.filter((name) => !operation.allowed.has(name));
      const message =
        foreign.length > 0
          ? `credentials of ${foreign.join(', ')} are not allowed on this operation, which accepts ${operation.accepts || 'none'} (x-security-exclusive)`
          : `credentials of ${sentNames.join(', ')} are sent together; the operation accepts exactly one of ${operation.accepts} (x-security-exclusive)`;
      violations.push({
        rule: 'security-exclusive',
        severity: 'error',
        side: 'request',
        message,
        pointer: pointerFor(rules.schemes[foreign[0] ?? sentNames[0] ?? '']),
        specLocation: specLocation(`#/${EXTENSION.securityExclusive}`),
        reason: foreign.length > 0 ? 'scheme-not-allowed' : 'credentials-together',
      });
    }
  }

  for (let index = 0; index < security.unsupported.length; index++) {
    const { credential, read } = security.unsupported[index] as ServiceSecurity['unsupported'][number];
    if (read(parts) === undefined) continue;
    violations.push({
      rule: 'unsupported-credential',
      severity: 'error',
      side: 'request',
      message: `${credential.in} ${credential.name} is not a supported credential${credential.description ? `: ${credential.description}` : ''}`,
      pointer: `${credential.in}:${credential.name}`,
      specLocation: specLocation(`#/${EXTENSION.unsupportedCredentials}/${index}`),
    });
  }
  return violations;
}
