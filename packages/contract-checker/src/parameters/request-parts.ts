import type { HeaderField, RecordedRequest } from '../core/types.js';

/** A recorded request taken apart the way a server sees it: decoded query, headers by name, cookies. */
export interface RequestParts {
  pathParams: Record<string, string>;
  /** Decoded names to decoded values, in order; a repeated name has several values. */
  query: ReadonlyMap<string, string[]>;
  /** Lower-case names to values, one per header line (only the names the operation's checks read). */
  headers: ReadonlyMap<string, string[]>;
  cookies: ReadonlyMap<string, string>;
}

/** Decodes one `application/x-www-form-urlencoded` component. */
export function decodeFormComponent(text: string): string {
  if (!text.includes('+') && !text.includes('%')) return text;
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** The fields of a form-encoded text (a query, a form body), decoded. */
export function parseFormEncoded(text: string, wanted?: ReadonlySet<string>): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  // Pair by pair without splitting the text: only the values kept are cut out.
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('&', start);
    if (end < 0) end = text.length;
    if (end > start) {
      const equals = text.indexOf('=', start);
      const nameEnd = equals < 0 || equals > end ? end : equals;
      const name = decodeFormComponent(text.slice(start, nameEnd));
      if (wanted === undefined || wanted.has(name)) {
        const value = nameEnd === end ? '' : decodeFormComponent(text.slice(nameEnd + 1, end));
        const values = fields.get(name);
        if (values) values.push(value);
        else fields.set(name, [value]);
      }
    }
    start = end + 1;
  }
  return fields;
}

export function rawQueryOf(url: string): string {
  const hash = url.indexOf('#');
  const at = url.indexOf('?');
  if (at < 0 || (hash >= 0 && hash < at)) return '';
  return hash < 0 ? url.slice(at + 1) : url.slice(at + 1, hash);
}

/** One empty map shared by every request that has none of what the plan reads. */
const noValues: ReadonlyMap<string, string[]> = new Map();
const noCookies: ReadonlyMap<string, string> = new Map();

/** Lower-case header names a check reads. */
export type HeaderNames = ReadonlySet<string>;

export function headerNames(names: Iterable<string>): HeaderNames {
  return new Set([...names].map((name) => name.toLowerCase()));
}

/** The headers a check reads, by lower-case name, in one pass: the others are never copied. */
export function pickHeaders(headers: HeaderField[], wanted: HeaderNames): ReadonlyMap<string, string[]> {
  let picked: Map<string, string[]> | undefined;
  for (let at = 0; at < headers.length; at++) {
    const { name, value } = headers[at] as HeaderField;
    const key = name.toLowerCase();
    if (!wanted.has(key)) continue;
    picked ??= new Map();
    const values = picked.get(key);
    if (values) values.push(value);
    else picked.set(key, [value]);
  }
  return picked ?? noValues;
}

/** The value of a header, several lines joined with `, ` as RFC 9110 §5.3 allows for a field that may repeat. */
export function headerValue(headers: ReadonlyMap<string, string[]>, name: string): string | undefined {
  const values = headers.get(name);
  if (values === undefined) return undefined;
  return values.length === 1 ? values[0] : values.join(', ');
}

/** {@link headerValue} of Content-Type, read straight from a message's headers without picking them into a map. */
export function contentTypeOf(headers: HeaderField[]): string | undefined {
  let value: string | undefined;
  for (let at = 0; at < headers.length; at++) {
    const field = headers[at] as HeaderField;
    if (field.name.toLowerCase() !== 'content-type') continue;
    value = value === undefined ? field.value : `${value}, ${field.value}`;
  }
  return value;
}

/** The values a check judges of a header: the lines joined, except Set-Cookie's, each judged alone (RFC 9110
 * §5.3: a cookie's `Expires` holds a comma, so joined lines cannot be split again). */
export function headerLines(headers: ReadonlyMap<string, string[]>, name: string): string[] | undefined {
  const values = headers.get(name);
  if (values === undefined || values.length === 1 || name === 'set-cookie') return values;
  return [values.join(', ')];
}

function parseCookies(headers: ReadonlyMap<string, string[]>): ReadonlyMap<string, string> {
  const lines = headers.get('cookie');
  if (lines === undefined) return noCookies;
  const cookies = new Map<string, string>();
  for (const line of lines) {
    for (const pair of line.split(';')) {
      const at = pair.indexOf('=');
      if (at < 0) continue;
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  return cookies;
}

/** What of a request a plan reads (header names, query, cookies), and how it records one value it reads. */
export function recordReads() {
  const reads = { headers: [] as string[], query: false, cookies: false };
  const readsAt = (location: string, name: string): void => {
    if (location === 'header') reads.headers.push(name.toLowerCase());
    else if (location === 'query') reads.query = true;
    else if (location === 'cookie') {
      reads.cookies = true;
      reads.headers.push('cookie');
    }
  };
  return { reads, readsAt };
}

/** How the values at an OpenAPI location (`header`, `query`, `cookie`, `path`) are read from a request taken apart. */
export function valuesAt(location: string, name: string): (parts: RequestParts) => string[] | undefined {
  const lower = name.toLowerCase();
  const one = (value: string | undefined) => (value === undefined ? undefined : [value]);
  if (location === 'header') return (parts) => parts.headers.get(lower);
  if (location === 'query') return (parts) => parts.query.get(name);
  if (location === 'cookie') return (parts) => one(parts.cookies.get(name));
  return location === 'path' ? (parts) => one(parts.pathParams[name]) : () => undefined;
}

/** Takes a request apart as far as `reads` asks: no query decoded that no check reads, no header kept that none names. */
export function splitRequest(
  request: RecordedRequest,
  pathParams: Record<string, string>,
  reads: { headers: HeaderNames; query: boolean; cookies: boolean },
): RequestParts {
  const headers = pickHeaders(request.headers, reads.headers);
  return {
    pathParams,
    query: reads.query && request.url.includes('?') ? parseFormEncoded(rawQueryOf(request.url)) : noValues,
    headers,
    cookies: reads.cookies ? parseCookies(headers) : noCookies,
  };
}
