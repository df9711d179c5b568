import type { CredentialNames } from './contract-set.js';
import type { HeaderField } from './types.js';

export const mask = '***';

/** Query parameter names that carry secrets in common APIs, masked even when no spec names them. */
const commonSecretQueryNames = [
  'access_token',
  'api_key',
  'apikey',
  'token',
  'client_secret',
  'password',
  'secret',
];

const sensitiveName = /pass(word)?|secret|token|api[-_]?key|credential|authorization/i;

/** Masks user info and credential query parameters of a URL; the rest stays readable. */
export function maskUrl(url: string, names: Pick<CredentialNames, 'query'> = { query: [] }): string {
  const secretQuery = new Set([...names.query, ...commonSecretQueryNames].map((name) => name.toLowerCase()));
  let masked = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@?#]*@/i, `$1${mask}@`);
  const at = masked.indexOf('?');
  if (at < 0) return masked;
  const hash = masked.indexOf('#', at);
  const query = masked.slice(at + 1, hash < 0 ? undefined : hash);
  const maskedQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // keep the raw name
      }
      return secretQuery.has(name.toLowerCase()) ? `${pair.slice(0, equals)}=${mask}` : pair;
    })
    .join('&');
  masked = `${masked.slice(0, at + 1)}${maskedQuery}${hash < 0 ? '' : masked.slice(hash)}`;
  return masked;
}

/** Headers with credential values replaced, for any log or report that shows headers. */
export function maskHeaders(
  headers: HeaderField[],
  names: Pick<CredentialNames, 'headers'> = { headers: [] },
): HeaderField[] {
  const secret = new Set([
    'authorization',
    'proxy-authorization',
    'cookie',
    'set-cookie',
    ...names.headers.map((name) => name.toLowerCase()),
  ]);
  return headers.map((header) => {
    const lower = header.name.toLowerCase();
    if (!secret.has(lower) && !sensitiveName.test(lower)) return header;
    // Keep the scheme word of Authorization (Basic/Bearer): it is what a reader needs to see.
    const scheme = /^(authorization|proxy-authorization)$/.test(lower)
      ? /^(\S+)\s+\S/.exec(header.value)?.[1]
      : undefined;
    return { name: header.name, value: scheme ? `${scheme} ${mask}` : mask };
  });
}

/**
 * XML engines quote offending values (`element 'Password': 'hunter2' is not a valid value`). When the
 * element's name says it holds a secret, the quoted values after it are masked.
 */
export function maskXmlMessage(message: string): string {
  const element = /element '([^']+)'/.exec(message);
  if (!element?.[1] || !sensitiveName.test(element[1])) return message;
  const start = (element.index ?? 0) + element[0].length;
  return message.slice(0, start) + message.slice(start).replace(/'[^']*'/g, `'${mask}'`);
}
