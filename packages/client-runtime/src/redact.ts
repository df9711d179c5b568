/** What replaces a credential in anything the SDK logs, throws or hands to a logging hook. */
export const REDACTED = '[REDACTED]';

// Standard credential headers, and any header whose name says it carries a secret.
const ALWAYS_SECRET = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
const SECRET_NAME = /(api[-_]?key|token|secret|password|passwd|credential|session|auth)/i;

/** True when a header of this name may carry a credential and must never be logged. */
export function isCredentialHeader(name: string, extra: Iterable<string> = []): boolean {
  const lower = name.toLowerCase();
  if (ALWAYS_SECRET.has(lower) || SECRET_NAME.test(lower)) return true;
  for (const candidate of extra) if (candidate.toLowerCase() === lower) return true;
  return false;
}

/**
 * A plain copy of the headers, safe to log: every credential header's value is `[REDACTED]`.
 * `extra` names headers that carry credentials without saying so (for example an organization id sent
 * with an API key).
 */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  extra: Iterable<string> = [],
): Record<string, string> {
  const names = [...extra];
  const safe: Record<string, string> = {};
  const add = (value: string, name: string): void => {
    safe[name.toLowerCase()] = isCredentialHeader(name, names) ? REDACTED : value;
  };
  if (headers instanceof Headers) headers.forEach(add);
  else for (const [name, value] of Object.entries(headers)) add(value, name);
  return safe;
}

/** A URL safe to log: user info removed and the values of credential-like query parameters redacted. */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(unparsable URL)';
  }
  parsed.username = '';
  parsed.password = '';
  for (const name of [...parsed.searchParams.keys()]) {
    if (isCredentialHeader(name)) parsed.searchParams.set(name, REDACTED);
  }
  return parsed.toString();
}

/** The text with every occurrence of the given secrets replaced by `[REDACTED]`. */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    // Very short values (an organization id like "7") would mangle ordinary text; they are not secrets.
    if (secret.length >= 4) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/** A deep copy of a JSON-like value with every string passed through {@link redactText}. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return redactText(value, secrets) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets)) as T;
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = redactValue(item, secrets);
    return copy as T;
  }
  return value;
}
