import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.credential;

/** `x-credential: false` on a security scheme: it is part of a requirement (the agents organization header)
 * but not a credential of its own: never refused beside another, never counted as one. */
export function readCredential(scheme: unknown): Read<boolean> {
  const raw = rawOf(scheme, KEY);
  if (raw === undefined) return NOTHING;
  if (typeof raw !== 'boolean')
    return problem(KEY, '`x-credential` must be `false` (or `true`, the default).');
  return { value: raw, problems: [] };
}

/** A scheme is a credential unless it says `x-credential: false`. */
export function isCredential(scheme: unknown): boolean {
  return rawOf(scheme, KEY) !== false;
}
