import type { OnSecret } from './fields.js';
import { MASK } from './mask.js';
import { extraNames, isCredentialQueryName, type MaskOptions } from './names.js';

function decodeFormComponent(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** How deep a URL inside a parameter (`next=%2Fapi%3Ftoken%3D...`) is looked into, for a twice-encoded one. */
const MAX_NESTED = 3;

/** A parameter value that is itself a URL or a query (`next=%2Fapi%3Ftoken%3Dk`, a redirect target) with its
 * credentials masked and encoded again, or undefined when it holds none. */
/** A `name=value` pair as URLs carry them: a plain parameter name before the `=`. */
const parameterPair = /^[\w.~\-[\]%]+=/;

function maskNested(
  raw: string,
  isSecret: (name: string) => boolean,
  onSecret: OnSecret | undefined,
  depth: number,
): string | undefined {
  if (depth >= MAX_NESTED) return undefined;
  const decoded = decodeFormComponent(raw);
  if (decoded === raw) return undefined;
  if (!decoded.includes('=')) {
    // Encoded twice (`%253D`): one more decoding may show the query.
    const inner = maskNested(decoded, isSecret, onSecret, depth + 1);
    return inner === undefined ? undefined : encodeURIComponent(inner);
  }
  const at = decoded.indexOf('?');
  const head = at < 0 ? '' : decoded.slice(0, at + 1);
  const query = at < 0 ? decoded : decoded.slice(at + 1);
  // Only a real query is taken apart: `key:sk+1/2=3` is a value with `=` in it, masked by value as a whole.
  if (!query.split('&').every((pair) => pair === '' || parameterPair.test(pair))) return undefined;
  const masked = maskPairsAt(query, isSecret, onSecret, depth + 1);
  return masked === query ? undefined : encodeURIComponent(head + masked);
}

function maskPairsAt(
  text: string,
  isSecret: (name: string) => boolean,
  onSecret: OnSecret | undefined,
  depth: number,
): string {
  return text
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      const name = decodeFormComponent(pair.slice(0, at));
      const raw = pair.slice(at + 1);
      if (!isSecret(name)) {
        const nested = maskNested(raw, isSecret, onSecret, depth);
        return nested === undefined ? pair : `${pair.slice(0, at)}=${nested}`;
      }
      onSecret?.(decodeFormComponent(raw), name);
      return `${pair.slice(0, at)}=${MASK}`;
    })
    .join('&');
}

/** Visits every `name=value` pair of a query string or form body; a secret's value is masked and handed to
 * `onSecret` decoded. */
export function maskPairs(text: string, isSecret: (name: string) => boolean, onSecret?: OnSecret): string {
  return maskPairsAt(text, isSecret, onSecret, 0);
}

/** Splits a URL into the part before the query, the query and the fragment (with its `#`). */
function splitUrl(url: string): { head: string; query?: string; fragment: string } {
  const hash = url.indexOf('#');
  const fragment = hash < 0 ? '' : url.slice(hash);
  const rest = hash < 0 ? url : url.slice(0, hash);
  const at = rest.indexOf('?');
  return at < 0 ? { head: rest, fragment } : { head: rest.slice(0, at), query: rest.slice(at + 1), fragment };
}

const userInfo = /^([a-z][a-z0-9+.-]*:\/\/)([^/@?#]*)@/i;

/** Masks user info and every query parameter that carries a credential (`api_key`, `access_token`, `sig`,
 * `X-Amz-Signature`). */
export function maskUrl(url: string, opts: MaskOptions = {}): string {
  return maskUrlWith(url, opts);
}

/** {@link maskUrl}, handing every masked value (decoded) to `onSecret`. */
export function maskUrlWith(url: string, opts: MaskOptions = {}, onSecret?: OnSecret): string {
  const extra = extraNames(opts);
  const credentials = userInfo.exec(url)?.[2];
  if (credentials !== undefined && onSecret) {
    // User info is percent-encoded only: a `+` in it is a plus sign, not a space.
    for (const part of credentials.split(':')) onSecret(decodePercent(part), 'userinfo');
  }
  const { head, query, fragment } = splitUrl(url.replace(userInfo, `$1${MASK}@`));
  if (query === undefined) return head + fragment;
  return `${head}?${maskPairs(query, (name) => isCredentialQueryName(name, extra), onSecret)}${fragment}`;
}
