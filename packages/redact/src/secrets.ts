import { maskBodyWith } from './body.js';
import { isAuthorizationField } from './fields.js';
import { decodeBasic, type Header } from './headers.js';
import {
  binaryToBytes,
  bytesToBinary,
  MASK,
  MASKED_BASIC_CREDENTIALS,
  maskToken,
  toBase64,
  utf8Bytes,
} from './mask.js';
import { extraNames, isCredentialHeader, type MaskOptions } from './names.js';
import { maskUrlWith } from './query.js';

/**
 * Values shorter than this are not looked for: an organization id such as `7` would mangle every number
 * in the text, and a credential that short is not a secret worth the damage.
 */
export const MIN_SECRET_LENGTH = 4;

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** The ways a value can appear in traffic and logs: as is, URL- or form-encoded, JSON- or XML-escaped. */
function encodings(value: string): string[] {
  return [
    value,
    encodeURIComponent(value),
    encodeURIComponent(value).replaceAll('%20', '+'),
    JSON.stringify(value).slice(1, -1),
    value.replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char),
  ];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const alphanumeric = /[A-Za-z0-9]/;

/**
 * A value is looked for as a whole token: where its first or last character is a letter or digit, the
 * character beside it must not be one. A Basic user id `user` is masked in `user:pw` and `"user"`, not
 * inside `/users/` (which would break the recorded path and with it the contract check).
 */
function tokenPattern(texts: Iterable<string>): RegExp {
  const alternatives = [...texts]
    .sort((a, b) => b.length - a.length)
    .map((text) => {
      const before = alphanumeric.test(text.charAt(0)) ? '(?<![A-Za-z0-9])' : '';
      const after = alphanumeric.test(text.charAt(text.length - 1)) ? '(?![A-Za-z0-9])' : '';
      return `${before}${escapeRegExp(text)}${after}`;
    });
  return new RegExp(alternatives.join('|'), 'g');
}

/**
 * Masking by value: the credentials of an exchange, once known, are replaced wherever they appear in it -
 * a server that echoes an API key in a header or a password in a 401 body leaks nothing. Each value is
 * looked for as is, URL-encoded, form-encoded, JSON- and XML-escaped; Basic credentials also as the base64
 * of `user:password`, the user id and the password apart.
 */
export class SecretRegistry {
  /** Text to look for → what replaces it. */
  private readonly replacements = new Map<string, string>();
  private pattern: RegExp | undefined;
  private readonly keepSyntax: boolean;

  /**
   * `keepSyntax: false` replaces every value with the bare mask: right for logs and error messages, where
   * `Basic UkVEQUNURUQ6UkVEQUNURUQ=` would hide that anything was masked. Recordings keep the syntax
   * (the default), so they still pass their contract.
   */
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

  /**
   * Registers a credential value; `replacement` keeps a syntax when one matters (a JWT's dots). A value
   * of digits only is replaced by `0`, so a number echoed in JSON stays a number and the JSON stays JSON.
   */
  add(value: string, replacement?: string): this {
    if (value.length < MIN_SECRET_LENGTH) return this;
    const mask = this.keepSyntax ? (replacement ?? (/^\d+$/.test(value) ? '0' : MASK)) : MASK;
    for (const text of encodings(value)) {
      if (text.length >= MIN_SECRET_LENGTH && !this.replacements.has(text)) {
        this.replacements.set(text, mask);
      }
    }
    this.pattern = undefined;
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
  addHeader(header: Header, extra: ReadonlySet<string> = new Set()): this {
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
      const contentType = message.headers?.find((header) => header.name.toLowerCase() === 'content-type');
      maskBodyWith(message.body, message.contentType ?? contentType?.value, opts, onSecret);
    }
    return this;
  }

  private regex(): RegExp | undefined {
    if (this.replacements.size === 0) return undefined;
    // Longest first: the base64 of `user:password` goes before a password that may be inside it.
    this.pattern ??= tokenPattern(this.replacements.keys());
    return this.pattern;
  }

  /** The text with every registered value replaced. */
  mask(text: string): string {
    const pattern = this.regex();
    if (!pattern || text === '') return text;
    return text.replace(pattern, (found) => this.replacements.get(found) ?? MASK);
  }

  /**
   * Bytes (a body that is not text) with every registered value's UTF-8 bytes replaced; the mask is as
   * long as it is, so the body's length changes as a text's would.
   */
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

/** The parts of a request or response that may carry a credential. */
export interface MessageParts {
  url?: string;
  headers?: Header[];
  body?: string;
  /** Defaults to the `Content-Type` header. */
  contentType?: string;
}

/**
 * The credential values of a message: Basic user id and password, bearer token, API-key headers and
 * query parameters, user info, cookies, and the secret fields of a form, JSON or XML body.
 */
export function collectSecrets(message: MessageParts, opts: MaskOptions = {}): SecretRegistry {
  return new SecretRegistry().addMessage(message, opts);
}

/** The text with every given secret (and its encodings) replaced: masking by value in one call. */
export function maskSecrets(text: string, secrets: Iterable<string>): string {
  const registry = new SecretRegistry();
  for (const secret of secrets) registry.add(secret);
  return registry.mask(text);
}
