/**
 * The `Prefer` header of Prism (`Prefer: code=404, example=notFound, dynamic=true`): which documented
 * response to answer with. Parsed here rather than by Prism because the front needs it too (the
 * stateful scenario steps aside when a caller asks for a given status, XML operations stay static).
 */
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
