import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.securityExclusive;

/** The root `x-security-exclusive: true`: a request carries the credentials of one requirement only. */
export function readSecurityExclusive(root: unknown): Read<boolean> {
  const raw = rawOf(root, KEY);
  if (raw === undefined) return NOTHING;
  if (typeof raw !== 'boolean') return problem(KEY, '`x-security-exclusive` must be `true` or `false`.');
  return { value: raw, problems: [] };
}

/** True when the root says `x-security-exclusive: true`. */
export function isSecurityExclusive(root: unknown): boolean {
  return rawOf(root, KEY) === true;
}
