import { maskFieldText, type OnSecret } from './fields.js';

/**
 * Everything under a secret name: strings keep their token shape, numbers become 0 (a number stays a
 * number, so the masked body still has the type the contract asks for), nested values are masked leaf
 * by leaf. `true`, `false` and `null` say nothing worth hiding and stay.
 */
function maskSecretValue(name: string, value: unknown, onSecret?: OnSecret): unknown {
  if (typeof value === 'string') {
    onSecret?.(value, name);
    return maskFieldText(name, value);
  }
  if (typeof value === 'number' || typeof value === 'bigint') {
    onSecret?.(String(value), name);
    return 0;
  }
  if (Array.isArray(value)) return value.map((item) => maskSecretValue(name, item, onSecret));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([inner, item]) => [inner, maskSecretValue(inner, item, onSecret)]),
    );
  }
  return value;
}

function maskJsonValue(value: unknown, isSecret: (name: string) => boolean, onSecret?: OnSecret): unknown {
  if (Array.isArray(value)) return value.map((item) => maskJsonValue(item, isSecret, onSecret));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, inner]) => [
      name,
      isSecret(name) ? maskSecretValue(name, inner, onSecret) : maskJsonValue(inner, isSecret, onSecret),
    ]),
  );
}

/**
 * Masks the secret properties of a JSON text at any depth, or returns undefined when the text is not
 * JSON. The text is re-serialised only when something was masked, so an untouched body stays byte for
 * byte what was sent.
 */
export function maskJsonText(
  text: string,
  isSecret: (name: string) => boolean,
  onSecret?: OnSecret,
): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  const masked = maskJsonValue(parsed, isSecret, onSecret);
  const serialised = JSON.stringify(masked);
  return serialised === JSON.stringify(parsed) ? text : serialised;
}
