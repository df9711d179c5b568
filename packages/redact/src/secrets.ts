import {
  binaryToBytes,
  bytesToBinary,
  type ExchangeRequest,
  fromBase64,
  type HarNameValue,
  headerValue,
  toBase64,
  utf8Bytes,
  utf8Text,
} from '@svc-contracts/har/exchange';
import { maskBodyWith } from './body.js';
import { isAuthorizationField } from './fields.js';
import { decodeBasic } from './headers.js';
import { MASK, MASKED_BASIC_CREDENTIALS, maskToken } from './mask.js';
import { extraNames, isCredentialHeader, type MaskOptions } from './names.js';
import { maskUrlWith } from './query.js';

/** Values shorter than this are not looked for: an organization id such as `7` would mangle every number in
 * the text, and a credential that short is not a secret worth the damage. */
export const MIN_SECRET_LENGTH = 4;

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Percent-encoding as `encodeURIComponent` does it, with lower-case hex digits (`%3a`), as some servers do. */
const lowerHex = (text: string): string => text.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase());

/** The ways a text can appear in traffic and logs besides base64: each is looked for as a whole token. */
function textEncodings(value: string): string[] {
  const percent = encodeURIComponent(value);
  const form = percent.replaceAll('%20', '+');
  const json = JSON.stringify(value).slice(1, -1);
  return [
    value,
    percent,
    lowerHex(percent),
    form,
    // Encoded twice: a redirect target inside a query (`next=%2Fapi%3Ftoken%3D...`) echoed once more.
    encodeURIComponent(percent),
    encodeURIComponent(form),
    json,
    // `\/`: PHP and some Java encoders escape the slash; JSON inside a JSON string is escaped twice.
    json.replaceAll('/', '\\/'),
    JSON.stringify(json).slice(1, -1),
    value.replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char),
  ];
}

/** The value as base64 a server may echo it in: padded, unpadded and URL-safe. */
function base64Encodings(value: string): string[] {
  const padded = toBase64(value);
  const bare = padded.replace(/=+$/, '');
  return [padded, bare, bare.replaceAll('+', '-').replaceAll('/', '_')];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const alphanumeric = /[A-Za-z0-9]/;

/** What may stand before a value that starts with a letter or digit: anything but a letter or digit, or an
 * escape whose last characters are ones (`%20`, `%3D`, `%253D` encoded twice, `\u003d`, a JSON `\n`), so
 * `Bearer%20<token>`, `next%3D<key>` and a multipart body echoed in a JSON string are found. */
const tokenStart =
  '(?:(?<![A-Za-z0-9])|(?<=%[0-9A-Fa-f]{2})|(?<=%25[0-9A-Fa-f]{2})|(?<=\\\\u[0-9A-Fa-f]{4})|(?<=\\\\[bfnrt]))';

/** A value is looked for as a whole token: where its first or last character is a letter or digit, the
 * character beside it must not be one (an escape such as `%3D` before it counts as a boundary). */
function tokenPattern(texts: Iterable<string>): RegExp {
  const sorted = [...texts].sort((a, b) => b.length - a.length);
  const literal = (text: string): string =>
    `${escapeRegExp(text)}${alphanumeric.test(text.charAt(text.length - 1)) ? '(?![A-Za-z0-9])' : ''}`;
  const bounded = sorted.filter((text) => alphanumeric.test(text.charAt(0))).map(literal);
  const free = sorted.filter((text) => !alphanumeric.test(text.charAt(0))).map(literal);
  // The first characters first, in a class: most positions of a long text fail there at once, before the
  // boundary's lookbehinds (one group for all values, not one per value) are tried.
  const firsts = [...new Set(sorted.map((text) => text.charAt(0)))]
    .map((char) => char.replace(/[\]\\^-]/g, '\\$&'))
    .join('');
  const alternatives = [
    ...(bounded.length > 0 ? [`${tokenStart}(?:${bounded.join('|')})`] : []),
    ...(free.length > 0 ? [`(?:${free.join('|')})`] : []),
  ];
  return new RegExp(`(?=[${firsts}])(?:${alternatives.join('|')})`, 'g');
}

/** Runs of base64 or base64url long enough to hold a secret, looked into by {@link SecretRegistry.mask}. */
const base64Run = /[A-Za-z0-9+/_-]{12,}={0,2}/g;

/** The shortest run looked into: a secret of 4 characters with a few around it. */
const MIN_BASE64_RUN = 12;

/** The bytes behind a run of base64 or base64url as a binary string (what `atob` gives), or undefined. */
function base64Binary(run: string): string | undefined {
  const bare = run.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (bare.length % 4 === 1) return undefined;
  try {
    return atob(bare + '='.repeat((4 - (bare.length % 4)) % 4));
  } catch {
    return undefined;
  }
}

/** The text behind a run of base64 (standard or URL-safe, padded or not), or undefined when it is not base64
 * of UTF-8 text. */
function decodeBase64Run(run: string): { text: string; urlSafe: boolean; padded: boolean } | undefined {
  const urlSafe = /[-_]/.test(run);
  if (urlSafe && /[+/]/.test(run)) return undefined;
  const bare = run.replace(/=+$/, '');
  if (bare.length % 4 === 1) return undefined;
  const standard = urlSafe ? bare.replaceAll('-', '+').replaceAll('_', '/') : bare;
  const bytes = fromBase64(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const text = bytes && utf8Text(bytes);
  return text === undefined ? undefined : { text, urlSafe, padded: run.endsWith('=') };
}

/** Masking by value: the credentials of an exchange, once known, are replaced wherever they appear in it - a
 * server that echoes an API key in a header or a password in a 401 body leaks nothing. */
export class SecretRegistry {
  /** Text to look for → what replaces it. */
  private readonly replacements = new Map<string, string>();
  private pattern: RegExp | undefined;
  private binaryPattern: RegExp | undefined;
  private readonly keepSyntax: boolean;

  /** `keepSyntax: false` replaces every value with the bare mask: right for logs and error messages, where
   * `Basic UkVEQUNURUQ6UkVEQUNURUQ=` would hide that anything was masked. */
  constructor(opts: { keepSyntax?: boolean } = {}) {
    this.keepSyntax = opts.keepSyntax ?? true;
  }

  /** How many texts are looked for (every encoding of every value). */
  get size(): number {
    return this.replacements.size;
  }

  /** The values looked for, every encoding included (for tests and diagnostics, never for output). */
  values(): string[] {
    return [...this.replacements.keys()];
  }

  /** Registers a credential value; `replacement` keeps a syntax when one matters (a JWT's dots). */
  add(value: string, replacement?: string): this {
    if (value.length < MIN_SECRET_LENGTH) return this;
    const mask = this.keepSyntax ? (replacement ?? (/^\d+$/.test(value) ? '0' : MASK)) : MASK;
    for (const text of textEncodings(value)) {
      if (text.length >= MIN_SECRET_LENGTH && !this.replacements.has(text)) {
        this.replacements.set(text, mask);
      }
    }
    // Base64 keeps no syntax of the value: the bare mask is itself base64 text.
    for (const text of base64Encodings(value)) {
      if (text.length >= MIN_SECRET_LENGTH && !this.replacements.has(text)) this.replacements.set(text, MASK);
    }
    this.pattern = undefined;
    this.binaryPattern = undefined;
    return this;
  }

  /** Registers Basic credentials (base64 of `user:password`): the whole, the user id and the password. */
  addBasic(credentials: string): this {
    const decoded = decodeBasic(credentials);
    if (!decoded) return this.add(credentials.trim(), maskToken(credentials.trim()));
    this.add(credentials.trim(), MASKED_BASIC_CREDENTIALS);
    this.add(toBase64(`${decoded.user}:${decoded.password}`), MASKED_BASIC_CREDENTIALS);
    this.add(`${decoded.user}:${decoded.password}`, `${MASK}:${MASK}`);
    this.add(decoded.password);
    return this.add(decoded.user);
  }

  /** Registers what an `Authorization` value carries: Basic credentials, a bearer token or anything else. */
  addAuthorization(value: string): this {
    const match = /^\s*(\S+)\s+(\S[\s\S]*?)\s*$/.exec(value);
    if (!match) return this.add(value.trim());
    const [, scheme = '', credentials = ''] = match;
    if (scheme.toLowerCase() === 'basic') return this.addBasic(credentials);
    // A bearer token keeps its shape where it is echoed, so a JWT still looks like one.
    return this.add(credentials, maskToken(credentials));
  }

  /** Registers what a header carries when its name says it is a credential. */
  addHeader(header: HarNameValue, extra: ReadonlySet<string> = new Set()): this {
    if (!isCredentialHeader(header.name, extra)) return this;
    const lower = header.name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization')
      return this.addAuthorization(header.value);
    if (lower === 'cookie' || lower === 'set-cookie') {
      const pairs = lower === 'cookie' ? header.value.split(';') : header.value.split(';').slice(0, 1);
      for (const pair of pairs) {
        const at = pair.indexOf('=');
        if (at >= 0) this.add(pair.slice(at + 1).trim());
      }
      return this;
    }
    return this.add(header.value.trim());
  }

  /** Registers a secret a body or URL masker found under `name`. */
  addField(value: string, name: string): this {
    return isAuthorizationField(name) ? this.addAuthorization(value) : this.add(value);
  }

  /** Registers every credential of a URL, a header list and a body (as {@link collectSecrets}). */
  addMessage(message: MessageParts, opts: MaskOptions = {}): this {
    const extra = extraNames(opts);
    const onSecret = (value: string, name: string): void => void this.addField(value, name);
    if (message.url !== undefined) maskUrlWith(message.url, opts, onSecret);
    for (const header of message.headers ?? []) this.addHeader(header, extra);
    if (message.body !== undefined) {
      const contentType = message.contentType ?? headerValue(message.headers ?? [], 'content-type');
      maskBodyWith(message.body, contentType, opts, onSecret);
    }
    return this;
  }

  private regex(): RegExp | undefined {
    if (this.replacements.size === 0) return undefined;
    // Longest first: the base64 of `user:password` goes before a password that may be inside it.
    this.pattern ??= tokenPattern(this.replacements.keys());
    return this.pattern;
  }

  /** The text with every registered value replaced, in every encoding {@link add} lists, and inside base64 (a
   * run of base64 or base64url whose text holds a secret is masked and encoded again). */
  mask(text: string): string {
    const pattern = this.regex();
    if (!pattern || text === '') return text;
    const masked = text.replace(pattern, (found) => this.replacements.get(found) ?? MASK);
    return masked.replace(base64Run, (run) => this.maskBase64Run(run, pattern));
  }

  /** Any registered value's UTF-8 bytes, as a binary string: a cheap first test of what base64 decodes to. */
  private bytesPattern(): RegExp {
    this.binaryPattern ??= new RegExp(
      [...this.replacements.keys()].map((text) => escapeRegExp(bytesToBinary(utf8Bytes(text)))).join('|'),
    );
    return this.binaryPattern;
  }

  private maskBase64Run(run: string, pattern: RegExp): string {
    // Base64 of text mixes cases; a lower-case word or an identifier of one case is not looked into.
    if (run.length < MIN_BASE64_RUN || !/[a-z]/.test(run) || !/[A-Z]/.test(run)) return run;
    const binary = base64Binary(run);
    if (binary === undefined || !this.bytesPattern().test(binary)) return run;
    const decoded = decodeBase64Run(run);
    if (decoded === undefined) return run;
    pattern.lastIndex = 0;
    if (!pattern.test(decoded.text)) return run;
    pattern.lastIndex = 0;
    const inner = decoded.text.replace(pattern, (found) => this.replacements.get(found) ?? MASK);
    let encoded = toBase64(inner);
    if (decoded.urlSafe) encoded = encoded.replaceAll('+', '-').replaceAll('/', '_');
    return decoded.padded ? encoded : encoded.replace(/=+$/, '');
  }

  /** Bytes (a body that is not text) with every registered value's UTF-8 bytes replaced; the mask is as long
   * as it is, so the body's length changes as a text's would. */
  maskBytes(bytes: Uint8Array): Uint8Array {
    const binary = bytesToBinary(bytes);
    const pattern = this.regex();
    if (!pattern) return bytes;
    const byBinary = new Map(
      [...this.replacements].map(([text, replacement]) => [
        bytesToBinary(utf8Bytes(text)),
        bytesToBinary(utf8Bytes(replacement)),
      ]),
    );
    const binaryPattern = tokenPattern(byBinary.keys());
    const masked = binary.replace(binaryPattern, (found) => byBinary.get(found) ?? MASK);
    return masked === binary ? bytes : binaryToBytes(masked);
  }
}

/** The parts of a request or response (@svc-contracts/har's one exchange: an `ExchangeRequest` or an
 * `ExchangeResponse` is one) that may carry a credential; `contentType` defaults to the `Content-Type`
 * header. */
export type MessageParts = Partial<Pick<ExchangeRequest, 'url' | 'headers' | 'body'>> & {
  contentType?: string;
};

/** The credential values of a message: Basic user id and password, bearer token, API-key headers and query
 * parameters, user info, cookies, and the secret fields of a form, JSON or XML body. */
export function collectSecrets(message: MessageParts, opts: MaskOptions = {}): SecretRegistry {
  return new SecretRegistry().addMessage(message, opts);
}

/** The text with every given secret (and its encodings) replaced: masking by value in one call. */
export function maskSecrets(text: string, secrets: Iterable<string>): string {
  const registry = new SecretRegistry();
  for (const secret of secrets) registry.add(secret);
  return registry.mask(text);
}
