import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.bodyOpen;

/** `x-body-open` on a Response Object: `true` says the source shows neither whether the response has a body
 * nor its media type (the checker then accepts no body or an undeclared media type). */
export function readBodyOpen(response: unknown): Read<boolean> {
  const raw = rawOf(response, KEY);
  if (raw === undefined) return NOTHING;
  if (typeof raw !== 'boolean') {
    return problem(
      KEY,
      '`x-body-open` must be `true` (the source shows neither whether this response has a body nor its media type) or `false`.',
    );
  }
  return { value: raw, problems: [] };
}

/** True when the response says its body is open. */
export function isBodyOpen(response: unknown): boolean {
  return readBodyOpen(response).value === true;
}
