import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.serverSideOnly;

/** `x-server-side-only: true` on an operation: it must not be called from a browser (the token grant). */
export function readServerSideOnly(operation: unknown): Read<boolean> {
  const raw = rawOf(operation, KEY);
  if (raw === undefined) return NOTHING;
  if (typeof raw !== 'boolean') return problem(KEY, '`x-server-side-only` must be `true` or `false`.');
  return { value: raw, problems: [] };
}

/** True when the operation says `x-server-side-only: true`. */
export function isServerSideOnly(operation: unknown): boolean {
  return rawOf(operation, KEY) === true;
}
