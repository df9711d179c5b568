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

/**
 * Visits every `name=value` pair of a query string or form body; a secret's value is masked and handed
 * to `onSecret` decoded. Pairs stay byte for byte as sent otherwise (no re-encoding).
 */
export function maskPairs(text: string, isSecret: (name: string) => boolean, onSecret?: OnSecret): string {
  return text
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      const name = decodeFormComponent(pair.slice(0, at));
      if (!isSecret(name)) return pair;
      onSecret?.(decodeFormComponent(pair.slice(at + 1)), name);
      return `${pair.slice(0, at)}=${MASK}`;
    })
    .join('&');
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

/**
 * Masks user info and every query parameter that carries a credential (`api_key`, `access_token`,
 * `sig`, `X-Amz-Signature`). The rest of the URL stays as it was, relative URLs included.
 */
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
