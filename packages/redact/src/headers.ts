import { fromBase64, type HarNameValue, toBase64, utf8Text } from '@svc-contracts/har/exchange';
import { MASK, maskToken } from './mask.js';
import { extraNames, isCredentialHeader, type MaskOptions } from './names.js';

/** The replacing decoder (U+FFFD for bytes that are not UTF-8), made once as har's strict one is. */
const replacingUtf8 = new TextDecoder();

/** Basic credentials split into user id and password, or undefined when they are not well-formed. */
export function decodeBasic(
  credentials: string,
  options: { replaceInvalidUtf8?: boolean } = {},
): { user: string; password: string } | undefined {
  const bytes = fromBase64(credentials.trim());
  const text = bytes && (options.replaceInvalidUtf8 ? replacingUtf8.decode(bytes) : utf8Text(bytes));
  const colon = text?.indexOf(':') ?? -1;
  if (text === undefined || colon < 0) return undefined;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** Basic credentials masked into the same class: well-formed stay well-formed (`REDACTED:REDACTED`); base64
 * without a colon, or with an empty user id, stays so; text that is not base64 stays not base64. */
function maskBasic(credentials: string): string {
  const bytes = fromBase64(credentials);
  if (!bytes) return maskToken(credentials);
  const colon = (utf8Text(bytes) ?? '').indexOf(':');
  if (colon < 0) return toBase64(MASK);
  return colon === 0 ? toBase64(`:${MASK}`) : toBase64(`${MASK}:${MASK}`);
}

/** An `Authorization` value with its scheme word kept and its credentials masked in their own syntax. */
export function maskAuthorization(value: string): string {
  // A scheme word alone (`Basic`, `Bearer `) carries no secret: kept, so an empty credential stays visible.
  if (/^\s*(basic|bearer|digest|negotiate)?\s*$/i.test(value)) return value;
  const match = /^(\S+)(\s+)(.*)$/s.exec(value.trim());
  if (!match) return MASK;
  const [, scheme = '', space = ' ', credentials = ''] = match;
  if (credentials === '') return `${scheme}${space}`;
  if (scheme.toLowerCase() === 'basic') return `${scheme}${space}${maskBasic(credentials)}`;
  return `${scheme}${space}${maskToken(credentials)}`;
}

function maskCookieList(value: string): string {
  return value
    .split(';')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? part : `${part.slice(0, at + 1)}${MASK}`;
    })
    .join(';');
}

/** The masked value of one header; `name` decides how (scheme kept, cookie names kept, or all of it). */
export function maskHeaderValue(name: string, value: string, extra: ReadonlySet<string> = new Set()): string {
  if (!isCredentialHeader(name, extra)) return value;
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') return maskAuthorization(value);
  // Cookie names stay readable (a reader needs to see which session cookie was sent), values do not.
  if (lower === 'cookie') return maskCookieList(value);
  if (lower === 'set-cookie') {
    const [pair = '', ...attributes] = value.split(';');
    return [maskCookieList(pair), ...attributes].join(';');
  }
  return MASK;
}

/** Masks the value of every header named like a credential; `Authorization` keeps its scheme word. */
export function maskHeaders<T extends HarNameValue>(headers: T[], opts: MaskOptions = {}): T[] {
  const extra = extraNames(opts);
  return headers.map((header) => ({ ...header, value: maskHeaderValue(header.name, header.value, extra) }));
}
