/**
 * Credential masking for recordings. A mask keeps the syntax of what it replaces, so a masked recording
 * still passes the contract checks the real traffic passed: `Basic` stays base64 of `user:password`,
 * `Bearer` stays a token68 value, a JSON Web Token keeps its three dot-separated parts.
 */

/** What every masked value becomes (or is built from). */
export const MASK = 'REDACTED';

/** `Basic ` + base64 of `REDACTED:REDACTED`: still well-formed Basic credentials. */
export const MASKED_BASIC = `Basic ${Buffer.from(`${MASK}:${MASK}`).toString('base64')}`;

export interface MaskOptions {
  /** Extra header, query, form-field, JSON-property or XML-element names to mask (case-insensitive). */
  names?: string[];
}

export interface Header {
  name: string;
  value: string;
}

/** Header and query names that carry credentials: anything named like a key, secret, token or password. */
const credentialName = /key|secret|token|passw|auth|credential|cookie|session|signature/i;

/** Named like a credential but never one (a challenge, not a secret). */
const notCredentialHeaders = new Set(['www-authenticate', 'proxy-authenticate', 'authentication-info']);

/**
 * Body fields (form fields, JSON properties, XML leaf elements) that hold a secret. Exact names, not a
 * pattern: bodies have fields such as `token_type: Bearer` or `access_token_id` that are not secrets,
 * and masking them would break the contract the recording is checked against.
 */
const secretFields = [
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
];

function normalise(name: string): string {
  return name.toLowerCase().replaceAll('-', '_');
}

function extraNames(opts: MaskOptions): Set<string> {
  return new Set((opts.names ?? []).map(normalise));
}

/** Keeps the shape of a token (dots and dashes between runs of characters) and nothing of its content. */
export function maskToken(value: string): string {
  if (value === '') return value;
  return value.replace(/[A-Za-z0-9+/=_~]+/g, MASK);
}

const base64 = (text: string): string => Buffer.from(text).toString('base64');

/**
 * Basic credentials masked into the same class: well-formed stay well-formed (`REDACTED:REDACTED`); base64
 * without a colon, or with an empty user id, stays so; text that is not base64 stays not base64. A
 * recording of a request refused for malformed credentials still shows why.
 */
function maskBasic(credentials: string): string {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(credentials) || credentials.length % 4 !== 0) {
    return maskToken(credentials);
  }
  const colon = Buffer.from(credentials, 'base64').toString('utf8').indexOf(':');
  if (colon < 0) return base64(MASK);
  return colon === 0 ? base64(`:${MASK}`) : base64(`${MASK}:${MASK}`);
}

function maskAuthorization(value: string): string {
  // A scheme word alone (`Basic`, `Bearer `) carries no secret: kept, so an empty credential stays visible.
  if (/^\s*(basic|bearer|digest|negotiate)?\s*$/i.test(value)) return value;
  const match = /^(\S+)(\s+)(.*)$/s.exec(value.trim());
  if (!match) return MASK;
  const [, scheme = '', space = ' ', credentials = ''] = match;
  if (credentials === '') return `${scheme}${space}`;
  if (scheme.toLowerCase() === 'basic') return `${scheme}${space}${maskBasic(credentials)}`;
  return `${scheme}${space}${maskToken(credentials)}`;
}

function maskCookieList(value: string, separator: ';' | ','): string {
  return value
    .split(separator)
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? part : `${part.slice(0, at + 1)}${MASK}`;
    })
    .join(separator);
}

function isCredentialHeader(name: string, extra: Set<string>): boolean {
  const lower = name.toLowerCase();
  if (notCredentialHeaders.has(lower)) return false;
  return credentialName.test(lower) || extra.has(normalise(name));
}

/** Masks the value of every header named like a credential; `Authorization` keeps its scheme word. */
export function maskHeaders(headers: Header[], opts: MaskOptions = {}): Header[] {
  const extra = extraNames(opts);
  return headers.map(({ name, value }) => {
    if (!isCredentialHeader(name, extra)) return { name, value };
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization') {
      return { name, value: maskAuthorization(value) };
    }
    // Cookie names stay readable (a reader needs to see which session cookie was sent), values do not.
    if (lower === 'cookie') return { name, value: maskCookieList(value, ';') };
    if (lower === 'set-cookie') {
      const [pair = '', ...attributes] = value.split(';');
      return { name, value: [maskCookieList(pair, ';'), ...attributes].join(';') };
    }
    return { name, value: MASK };
  });
}

function isSecretField(name: string, extra: Set<string>): boolean {
  const normalised = normalise(name);
  return secretFields.includes(normalised) || extra.has(normalised);
}

function maskQueryString(query: string, isSecret: (name: string) => boolean): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      let name = pair.slice(0, at);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // keep the raw name
      }
      return isSecret(name) ? `${pair.slice(0, at)}=${MASK}` : pair;
    })
    .join('&');
}

/** Masks user info and every query parameter named like a credential (`api_key`, `access_token`, `sig`). */
export function maskUrl(url: string, opts: MaskOptions = {}): string {
  const extra = extraNames(opts);
  const withoutUserInfo = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, `$1${MASK}@`);
  const at = withoutUserInfo.indexOf('?');
  if (at < 0) return withoutUserInfo;
  const hash = withoutUserInfo.indexOf('#', at);
  const query = withoutUserInfo.slice(at + 1, hash < 0 ? undefined : hash);
  const masked = maskQueryString(query, (name) => credentialName.test(name) || isSecretField(name, extra));
  return `${withoutUserInfo.slice(0, at + 1)}${masked}${hash < 0 ? '' : withoutUserInfo.slice(hash)}`;
}

function maskJsonValue(value: unknown, extra: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => maskJsonValue(item, extra));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      isSecretField(name, extra) && typeof inner === 'string'
        ? maskToken(inner)
        : maskJsonValue(inner, extra),
    ]),
  );
}

function maskXml(text: string, extra: Set<string>): string {
  // Leaf elements only (no child elements inside): `<CallbackCredentials>` holds other elements and is
  // not itself a secret; `<Password>` is.
  return text.replace(
    /<([A-Za-z_][\w.-]*)(\s[^>]*)?>([^<]*)<\/\1\s*>/g,
    (element, name: string, attributes: string | undefined, content: string) =>
      isSecretField(name, extra) && content.trim() !== ''
        ? `<${name}${attributes ?? ''}>${MASK}</${name}>`
        : element,
  );
}

function essenceOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Masks secret fields of a body by its media type: form fields (`client_secret`, `password`), JSON
 * properties and XML leaf elements with a secret's name. A JSON body is re-serialised only when something
 * was masked, so an untouched body stays byte for byte what was sent.
 */
export function maskBody(text: string, contentType: string | undefined, opts: MaskOptions = {}): string {
  const extra = extraNames(opts);
  const essence = essenceOf(contentType);
  if (essence === 'application/x-www-form-urlencoded') {
    return maskQueryString(text, (name) => isSecretField(name, extra));
  }
  if (essence === 'application/json' || essence.endsWith('+json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return text;
    }
    const masked = maskJsonValue(parsed, extra);
    return JSON.stringify(masked) === JSON.stringify(parsed) ? text : JSON.stringify(masked);
  }
  if (essence.endsWith('/xml') || essence.endsWith('+xml')) return maskXml(text, extra);
  return text;
}
