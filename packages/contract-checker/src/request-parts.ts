import type { HeaderField, RecordedRequest } from './types.js';

/** A recorded request taken apart the way a server sees it: decoded query, headers by name, cookies. */
export interface RequestParts {
  pathParams: Record<string, string>;
  /** Decoded names to decoded values, in order; a repeated name has several values. */
  query: Map<string, string[]>;
  /** Lower-case names to values, one per header line. */
  headers: Map<string, string[]>;
  cookies: Map<string, string>;
}

/**
 * Decodes one `application/x-www-form-urlencoded` component. `+` is a space here, as for every server
 * framework that reads a query string, so an unencoded `+14155550100` in a query arrives as
 * ` 14155550100` — which is what the service would see, and what the contract must be checked against.
 */
export function decodeFormComponent(text: string): string {
  if (!text.includes('+') && !text.includes('%')) return text;
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

export function parseFormEncoded(text: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = decodeFormComponent(at < 0 ? pair : pair.slice(0, at));
    const value = at < 0 ? '' : decodeFormComponent(pair.slice(at + 1));
    const values = fields.get(name);
    if (values) values.push(value);
    else fields.set(name, [value]);
  }
  return fields;
}

export function rawQueryOf(url: string): string {
  const hash = url.indexOf('#');
  const at = url.indexOf('?');
  if (at < 0 || (hash >= 0 && hash < at)) return '';
  return hash < 0 ? url.slice(at + 1) : url.slice(at + 1, hash);
}

export function headerMap(headers: HeaderField[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (let at = 0; at < headers.length; at++) {
    const { name, value } = headers[at] as HeaderField;
    const key = name.toLowerCase();
    const values = map.get(key);
    if (values) values.push(value);
    else map.set(key, [value]);
  }
  return map;
}

/** The value of a header, several lines joined with `, ` as RFC 9110 allows for list headers. */
export function headerValue(headers: Map<string, string[]>, name: string): string | undefined {
  return headers.get(name.toLowerCase())?.join(', ');
}

function parseCookies(headers: Map<string, string[]>): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of headers.get('cookie') ?? []) {
    for (const pair of line.split(';')) {
      const at = pair.indexOf('=');
      if (at < 0) continue;
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  return cookies;
}

export function splitRequest(request: RecordedRequest, pathParams: Record<string, string>): RequestParts {
  const headers = headerMap(request.headers);
  return {
    pathParams,
    query: parseFormEncoded(rawQueryOf(request.url)),
    headers,
    cookies: parseCookies(headers),
  };
}
