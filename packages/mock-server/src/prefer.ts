import { responseKeyFor } from '@svc-contracts/contract-checker';
import { deref, isObject, type JsonObject, type OpenApiDocument } from '@svc-contracts/openapi-utils';

/** The `Prefer` header of Prism (`Prefer: code=404, example=notFound, dynamic=true`): which documented
 * response to answer with. */
export interface Preferences {
  code?: number;
  example?: string;
  dynamic?: boolean;
  seed?: string;
}

export class PreferError extends Error {
  override readonly name = 'PreferError';
}

export function parsePrefer(header: string | undefined): Preferences {
  const preferences: Preferences = {};
  if (!header) return preferences;
  for (const token of header.split(/[,;]/)) {
    const [rawKey, ...rest] = token.split('=');
    const key = rawKey?.trim().toLowerCase() ?? '';
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (key === 'code') {
      if (!/^[1-5][0-9]{2}$/.test(value))
        throw new PreferError(`Prefer: code must be a status such as 404, not "${value}".`);
      preferences.code = Number(value);
    } else if (key === 'example') {
      preferences.example = value;
    } else if (key === 'dynamic') {
      if (value !== 'true' && value !== 'false')
        throw new PreferError(`Prefer: dynamic must be true or false, not "${value}".`);
      preferences.dynamic = value === 'true';
    } else if (key === 'seed') {
      preferences.seed = value;
    }
  }
  return preferences;
}

/** Why `Prefer: example=<name>` cannot be served: the response it would pick from (the preferred `code`, else
 * the lowest documented 2xx, as Prism picks) has no example of that name. */
export function unknownExample(
  spec: OpenApiDocument,
  operation: JsonObject,
  preferences: Preferences,
): string | undefined {
  const { example, code } = preferences;
  if (example === undefined || !isObject(operation.responses)) return undefined;
  const key =
    code === undefined
      ? Object.keys(operation.responses)
          .filter((status) => /^2([0-9]{2}|XX)$/i.test(status))
          .sort()[0]
      : responseKeyFor(operation.responses, code);
  if (key === undefined) return undefined;
  const response = deref(spec, operation.responses[key]);
  const names = new Set<string>();
  if (isObject(response) && isObject(response.content)) {
    for (const media of Object.values(response.content)) {
      const content = deref(spec, media);
      if (isObject(content) && isObject(content.examples))
        for (const name of Object.keys(content.examples)) names.add(name);
    }
  }
  if (names.has(example)) return undefined;
  const known = names.size > 0 ? `its examples are ${[...names].join(', ')}` : 'it has no named examples';
  return `Prefer: example=${example} names no example of the ${key} response: ${known}.`;
}
