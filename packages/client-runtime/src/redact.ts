import {
  decodeBasic,
  extraNames,
  isCredentialHeader as isCredentialName,
  MASK,
  maskHeaderValue,
  maskUrl,
  SecretRegistry,
} from '@svc-contracts/redact';

// The clients mask with @svc-contracts/redact, the module the recorder, the checker and the mocks use:
// these names stay because the rest of the runtime (and its users) call them.

/** What replaces a credential in anything the SDK logs, throws or hands to a logging hook. */
export const REDACTED = MASK;

/** True when a header of this name may carry a credential and must never be logged. */
export function isCredentialHeader(name: string, extra: Iterable<string> = []): boolean {
  return isCredentialName(name, extraNames({ names: [...extra] }));
}

/** A plain copy of the headers, safe to log: every credential header's value is masked (`Authorization` keeps
 * its scheme word). */
export function redactHeaders(
  headers: Headers | Record<string, string>,
  extra: Iterable<string> = [],
): Record<string, string> {
  const names = extraNames({ names: [...extra] });
  const safe: Record<string, string> = {};
  const add = (value: string, name: string): void => {
    safe[name.toLowerCase()] = maskHeaderValue(name, value, names);
  };
  if (headers instanceof Headers) headers.forEach(add);
  else for (const [name, value] of Object.entries(headers)) add(value, name);
  return safe;
}

/** A URL safe to log: user info removed and the values of credential query parameters masked. */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(unparsable URL)';
  }
  parsed.username = '';
  parsed.password = '';
  return maskUrl(parsed.toString());
}

/** The secrets as a registry. */
function registryOf(secrets: readonly string[]): SecretRegistry {
  // The bare mask everywhere: a log line or an error message has no syntax to keep, and a reader must
  // see that something was masked.
  const registry = new SecretRegistry({ keepSyntax: false });
  for (const secret of secrets) {
    if (decodeBasic(secret)) registry.addBasic(secret);
    else registry.add(secret);
  }
  return registry;
}

/** The text with every occurrence of the given secrets masked: as is, URL- or form-encoded, JSON- or
 * XML-escaped, and for Basic credentials their user id and password too. */
export function redactText(text: string, secrets: readonly string[]): string {
  return registryOf(secrets).mask(text);
}

function redactWith<T>(value: T, registry: SecretRegistry): T {
  if (typeof value === 'string') return registry.mask(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactWith(item, registry)) as T;
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = redactWith(item, registry);
    return copy as T;
  }
  return value;
}

/** A deep copy of a JSON-like value with every string passed through {@link redactText}. */
export function redactValue<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  return redactWith(value, registryOf(secrets));
}
