import { isObject } from '@svc-contracts/openapi-utils';

/** The `x-` extensions by the name the readers use; only the readers spell a key (tests/architecture.test.ts). */
export const EXTENSION = {
  bodyOpen: 'x-body-open',
  boundNotShown: 'x-bound-not-shown',
  credential: 'x-credential',
  echoes: 'x-echoes',
  errorSchemas: 'x-error-schemas',
  filters: 'x-filters',
  jwtClaims: 'x-jwt-claims',
  methodOpen: 'x-method-open',
  pathAliases: 'x-path-aliases',
  refusals: 'x-refusals',
  requires: 'x-requires',
  roles: 'x-roles',
  securityExclusive: 'x-security-exclusive',
  serverSideOnly: 'x-server-side-only',
  source: 'x-source',
  unmatchedRequests: 'x-unmatched-requests',
  unsupportedCredentials: 'x-unsupported-credentials',
  validationStatus: 'x-validation-status',
  valueSchema: 'x-value-schema',
  versionPrefix: 'x-version-prefix',
  xsd: 'x-xsd',
} as const;

export type ExtensionName = (typeof EXTENSION)[keyof typeof EXTENSION];

/** Every extension a reader of this package owns. */
export const KNOWN_EXTENSIONS: readonly ExtensionName[] = Object.values(EXTENSION);

/** What is wrong with an extension's value, and where: `at` starts at the object holding it (`['x-echoes', 2]`). */
export interface ExtensionProblem {
  at: Array<string | number>;
  message: string;
}

/** What a reader returns: the value when it is well-formed (or its well-formed part), and every problem. */
export interface Read<T> {
  value: T | undefined;
  problems: ExtensionProblem[];
}

export function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** The extension's value as written on `owner`, for a check that needs the entries as written. */
export function rawOf(owner: unknown, name: ExtensionName): unknown {
  return isObject(owner) ? owner[name] : undefined;
}

export const NOTHING: Read<never> = Object.freeze({ value: undefined, problems: [] }) as Read<never>;

/** A read with one problem at the extension itself. */
export function problem<T>(name: ExtensionName, message: string, value?: T): Read<T> {
  return { value, problems: [{ at: [name], message }] };
}
