import {
  EXTENSION,
  isCredential,
  isSecurityExclusive,
  readUnsupportedCredentials,
  type UnsupportedCredential,
} from '@svc-contracts/contract-model';
import { isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';
import { MASK } from '@svc-contracts/redact';
import { violation } from '../bodies/violation.js';
import type { SchemaValidator } from '../contract/schema-validator.js';
import type { Violation, ViolationReason } from '../core/types.js';
import { type RequestParts, valuesAt } from '../parameters/request-parts.js';
import {
  authorizationCredentials,
  credentialLocation,
  type Presence,
  presenceReader,
} from './credentials.js';

/** The root-level security rules of one service, read once. */
export interface SecurityRules {
  schemes: Record<string, JsonObject>;
  /** `x-security-exclusive` and `x-unsupported-credentials`. */
  exclusive: boolean;
  unsupported: UnsupportedCredential[];
}

export function readSecurityRules(doc: OpenApiDocument): SecurityRules {
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

type Reader = (parts: RequestParts) => string[] | undefined;

interface PlannedScheme {
  credential: boolean;
  /** `header:Authorization`: where its credential travels, for the pointer of a violation. */
  pointer: string | undefined;
  presence: (parts: RequestParts) => Presence;
  /** How a credential API key's values are read (an API key sent as the bearer token). */
  apiKey: Reader | undefined;
}

/** A service's security rules made ready to check: how each scheme's credential is read and judged. */
export interface ServiceSecurity {
  rules: SecurityRules;
  schemes: Map<string, PlannedScheme>;
  unsupported: Array<{ credential: UnsupportedCredential; read: Reader }>;
}

export function planServiceSecurity(
  doc: OpenApiDocument,
  validator: SchemaValidator,
  rules: SecurityRules,
): ServiceSecurity {
  const schemes = new Map<string, PlannedScheme>();
  for (const [name, scheme] of Object.entries(rules.schemes)) {
    const location = credentialLocation(scheme);
    const credential = isCredential(scheme);
    const isKey = scheme.type === 'apiKey' && credential && location;
    schemes.set(name, {
      credential,
      pointer: location && `${location.in}:${location.name}`,
      presence: presenceReader(doc, validator, scheme),
      apiKey: isKey ? valuesAt(location.in, location.name) : undefined,
    });
  }
  const unsupported = rules.unsupported.map((credential) => ({
    credential,
    read: valuesAt(credential.in, credential.name),
  }));
  return { rules, schemes, unsupported };
}

/** The API-key scheme whose value, sent in the same request, is also the bearer token. */
function apiKeyAsBearer(security: ServiceSecurity, parts: RequestParts): string | undefined {
  const bearer = authorizationCredentials(parts, 'bearer');
  if (!bearer || bearer === MASK) return undefined;
  for (const [name, { apiKey }] of security.schemes) {
    if (apiKey?.(parts)?.some((value) => value.trim() === bearer)) return name;
  }
  return undefined;
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
  const states = new Map([...schemes].map(([name, scheme]) => [name, scheme.presence(parts)]));
  // A scheme the service does not define is never sent.
  const stateOf = (name: string): Presence => states.get(name) ?? { state: 'absent' };
  const met = (name: string) => ['present', 'unobservable'].includes(stateOf(name).state);
  const fail = (rule: Violation['rule'], message: string, pointer: string | undefined, at: string) =>
    violations.push(violation('request', rule, message, pointer, specLocation(at)));

  const { requirements } = operation;
  if (requirements.length > 0 && !requirements.some((requirement) => requirement.every(met))) {
    const malformed = operation.named.filter((name) => stateOf(name).state === 'malformed');
    for (const name of malformed) {
      const state = stateOf(name);
      const pointer = schemes.get(name)?.pointer;
      const message = `credential of ${name} is malformed: ${state.state === 'malformed' ? state.reason : ''}`;
      fail('security-malformed', message, pointer, `#/components/securitySchemes/${name}`);
    }
    if (malformed.length === 0) {
      const message = `no security requirement is met; the operation accepts ${operation.accepts}`;
      fail('security-missing', message, undefined, operation.pointer);
    }
  }

  if (rules.exclusive) {
    const exclusive = (message: string, pointer: string | undefined, reason: ViolationReason) => {
      const at = specLocation(`#/${EXTENSION.securityExclusive}`);
      const found = violation(
        'request',
        'security-exclusive',
        `${message} (x-security-exclusive)`,
        pointer,
        at,
      );
      violations.push({ ...found, reason });
    };
    // Presence, not validity: a malformed API key next to a bearer token still breaks exclusivity.
    const sentNames = [...schemes.keys()].filter(
      (name) => schemes.get(name)?.credential && ['present', 'malformed'].includes(stateOf(name).state),
    );
    const keyAsBearer = apiKeyAsBearer(security, parts);
    if (keyAsBearer !== undefined) {
      const message = `the bearer token is the value of the ${keyAsBearer} credential sent with it: an API key must not be sent as a bearer token`;
      exclusive(message, 'header:Authorization', 'api-key-as-bearer');
    } else if (
      sentNames.length > 0 &&
      !operation.requirements.some((requirement) => sentNames.every((name) => requirement.includes(name)))
    ) {
      const foreign = sentNames.filter((name) => !operation.named.includes(name));
      const pointer = schemes.get(foreign[0] ?? (sentNames[0] as string))?.pointer;
      if (foreign.length > 0) {
        const message = `credentials of ${foreign.join(', ')} are not allowed on this operation, which accepts ${operation.accepts || 'none'}`;
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
    fail(
      'unsupported-credential',
      message,
      `${credential.in}:${credential.name}`,
      `#/${EXTENSION.unsupportedCredentials}/${index}`,
    );
  });
  return violations;
}
