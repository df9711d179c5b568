import {
  EXTENSION,
  isCredential,
  isSecurityExclusive,
  readUnsupportedCredentials,
} from '@svc-contracts/contract-model';
import { isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import { MASK } from '@svc-contracts/redact';
import { violation } from '../bodies/violation.js';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { RuleCode, Violation, ViolationReason } from '../core/types.js';
import { type RequestParts, recordReads, valuesAt } from '../parameters/request-parts.js';
import {
  authorizationCredentials,
  credentialLocation,
  type Presence,
  presenceReader,
} from './credentials.js';

/** The root-level security rules of one service, read once: its schemes by name, `x-security-exclusive` and
 * `x-unsupported-credentials`. */
export type SecurityRules = ReturnType<typeof readSecurityRules>;

export function readSecurityRules(doc: OpenApiDocument) {
  const schemes: Record<string, JsonObject> = {};
  for (const [name, scheme] of Object.entries(doc.components?.securitySchemes ?? {})) {
    if (isObject(scheme)) schemes[name] = scheme;
  }
  return {
    schemes,
    exclusive: isSecurityExclusive(doc),
    unsupported: readUnsupportedCredentials(doc).value ?? [],
  };
}

/** A service's security rules made ready to check: how each scheme's credential is read and judged. */
export type ServiceSecurity = ReturnType<typeof planServiceSecurity>;

export function planServiceSecurity(doc: OpenApiDocument, validator: SchemaValidator, rules: SecurityRules) {
  const { reads, readsAt } = recordReads();
  // An API key sent as the bearer token is looked for whenever exclusivity is checked.
  if (rules.exclusive) reads.headers.push('authorization');
  // Credential API-key schemes, with how their values are read (an API key sent as the bearer token).
  const apiKeys: Array<{ name: string; read: ReturnType<typeof valuesAt> }> = [];
  const schemes = Object.entries(rules.schemes).map(([name, scheme]) => {
    const location = credentialLocation(scheme);
    if (location) readsAt(location.in, location.name);
    const credential = isCredential(scheme);
    if (scheme.type === 'apiKey' && credential && location) {
      apiKeys.push({ name, read: valuesAt(location.in, location.name) });
    }
    // `pointer`: where the credential travels (`header:Authorization`), for the pointer of a violation.
    const pointer = location && `${location.in}:${location.name}`;
    return { name, credential, pointer, presence: presenceReader(doc, validator, scheme) };
  });
  const unsupported = rules.unsupported.map((credential) => {
    readsAt(credential.in, credential.name);
    return { credential, read: valuesAt(credential.in, credential.name) };
  });
  const indexOf = new Map(schemes.map(({ name }, index) => [name, index]));
  return { rules, schemes, indexOf, apiKeys, unsupported, reads };
}

/** The API-key scheme whose value, sent in the same request, is also the bearer token. */
function apiKeyAsBearer(security: ServiceSecurity, parts: RequestParts): string | undefined {
  const bearer = authorizationCredentials(parts, 'bearer');
  if (!bearer || bearer === MASK) return undefined;
  return security.apiKeys.find(({ read }) => read(parts)?.some((value) => value.trim() === bearer))?.name;
}

/** The requirements that apply to one operation (its own `security`, else the document's), planned once. */
export function planOperationSecurity(doc: OpenApiDocument, operation: JsonObject, operationPointer: string) {
  const own = Array.isArray(operation.security);
  const declared = own ? operation.security : Array.isArray(doc.security) ? doc.security : [];
  const requirements = (declared as unknown[])
    .filter(isObject)
    .map((requirement) => Object.keys(requirement));
  return {
    requirements,
    named: [...new Set(requirements.flat())],
    accepts: requirements
      .map((requirement) => (requirement.length === 0 ? '[anonymous]' : `[${requirement.join(' + ')}]`))
      .join(' or '),
    pointer: own ? `${operationPointer}/security` : '#/security',
  };
}

export function checkSecurity(
  security: ServiceSecurity,
  operation: ReturnType<typeof planOperationSecurity>,
  parts: RequestParts,
  specLocation: (pointer: string) => string,
): Violation[] {
  const violations: Violation[] = [];
  const { schemes, rules } = security;
  const states = schemes.map((scheme) => scheme.presence(parts));
  // A scheme the service does not define is never sent.
  const stateOf = (name: string) => states[security.indexOf.get(name) ?? -1] ?? { state: 'absent' };
  const met = (name: string) => ['present', 'unobservable'].includes(stateOf(name).state);
  const fail = (rule: RuleCode, at: string, message: string, pointer?: string, reason?: ViolationReason) =>
    violations.push(violation('request', rule, message, pointer, specLocation(at), reason));

  const { requirements } = operation;
  if (requirements.length > 0 && !requirements.some((requirement) => requirement.every(met))) {
    const malformed = operation.named.filter((name) => stateOf(name).state === 'malformed');
    for (const name of malformed) {
      const state = stateOf(name);
      const { pointer } = schemes[security.indexOf.get(name) as number] as (typeof schemes)[number];
      const message = `credential of ${name} is malformed: ${state.state === 'malformed' ? state.reason : ''}`;
      fail('security-malformed', `#/components/securitySchemes/${name}`, message, pointer);
    }
    if (malformed.length === 0) {
      const message = `no security requirement is met; the operation accepts ${operation.accepts}`;
      fail('security-missing', operation.pointer, message);
    }
  }

  if (rules.exclusive) {
    const exclusiveAt = `#/${EXTENSION.securityExclusive}`;
    const exclusive = (message: string, pointer: string | undefined, reason: ViolationReason) =>
      fail('security-exclusive', exclusiveAt, `${message} (x-security-exclusive)`, pointer, reason);
    // Presence, not validity: a malformed API key next to a bearer token still breaks exclusivity.
    const sent = schemes.filter(
      (scheme, at) => scheme.credential && ['present', 'malformed'].includes((states[at] as Presence).state),
    );
    const sentNames = sent.map((scheme) => scheme.name);
    const keyAsBearer = apiKeyAsBearer(security, parts);
    if (keyAsBearer !== undefined) {
      const message = `the bearer token is the value of the ${keyAsBearer} credential sent with it: an API key must not be sent as a bearer token`;
      exclusive(message, 'header:Authorization', 'api-key-as-bearer');
    } else if (
      sent.length > 0 &&
      !operation.requirements.some((requirement) => sentNames.every((name) => requirement.includes(name)))
    ) {
      const foreign = sent.filter((scheme) => !operation.named.includes(scheme.name));
      const pointer = (foreign[0] ?? sent[0])?.pointer;
      if (foreign.length > 0) {
        const names = foreign.map((scheme) => scheme.name).join(', ');
        const message = `credentials of ${names} are not allowed on this operation, which accepts ${operation.accepts || 'none'}`;
        exclusive(message, pointer, 'scheme-not-allowed');
      } else {
        const message = `credentials of ${sentNames.join(', ')} are sent together; the operation accepts exactly one of ${operation.accepts}`;
        exclusive(message, pointer, 'credentials-together');
      }
    }
  }

  security.unsupported.forEach(({ credential, read }, index) => {
    if (read(parts) === undefined) return;
    const message = `${credential.in} ${credential.name} is not a supported credential${credential.description ? `: ${credential.description}` : ''}`;
    const at = `#/${EXTENSION.unsupportedCredentials}/${index}`;
    fail('unsupported-credential', at, message, `${credential.in}:${credential.name}`);
  });
  return violations;
}
