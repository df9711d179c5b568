/** Which names carry credentials: headers and query parameters by pattern, body fields by exact name. */

export interface MaskOptions {
  /** Extra header, query, form-field, JSON-property or XML-element names to mask (case-insensitive). */
  names?: string[];
}

/** Header and query names that carry credentials: anything named like a key, secret, token or password. */
const credentialName = /key|secret|token|passw|auth|credential|cookie|session|signature/i;

/** Named like a credential but never one (a challenge, not a secret). */
const challengeHeaders = new Set(['www-authenticate', 'proxy-authenticate', 'authentication-info']);

/** Body fields (form fields, JSON properties, XML leaf elements and attributes) that hold a secret. */
const secretFields = new Set(
  [
    'password',
    'passwd',
    'secret',
    'client_secret',
    'api_key',
    'apikey',
    'api_secret',
    'access_token',
    'refresh_token',
    'id_token',
    'private_key',
    'authorization',
  ].map(normaliseName),
);

/** Query parameters that are credentials although their name says nothing: `sig` signs a URL (shared access
 * signatures, signed download links) and whoever holds the URL can use it. */
const secretQueryNames = new Set(['sig'].map(normaliseName));

export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, '');
}

/** `s:Password` → `Password`: XML namespace prefixes do not change what an element holds. */
export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The caller's extra names, normalised once. */
export function extraNames(opts: MaskOptions = {}): Set<string> {
  return new Set((opts.names ?? []).map(normaliseName));
}

/** True when a header of this name carries a credential (challenges such as `WWW-Authenticate` do not). */
export function isCredentialHeader(name: string, extra: ReadonlySet<string> = new Set()): boolean {
  const lower = name.toLowerCase();
  if (challengeHeaders.has(lower)) return false;
  return credentialName.test(lower) || extra.has(normaliseName(name));
}

/** True when a body field (form field, JSON property, XML element or attribute) holds a secret. */
export function isSecretField(name: string, extra: ReadonlySet<string> = new Set()): boolean {
  const normalised = normaliseName(localName(name));
  return secretFields.has(normalised) || extra.has(normalised);
}

/** True when a query parameter carries a credential: named like one, a secret field, or `sig`. */
export function isCredentialQueryName(name: string, extra: ReadonlySet<string> = new Set()): boolean {
  return credentialName.test(name) || secretQueryNames.has(normaliseName(name)) || isSecretField(name, extra);
}

/** True when a name (of an element, parameter or header) says its value is sensitive. */
export function isSensitiveName(name: string): boolean {
  return credentialName.test(localName(name)) || isSecretField(name);
}
