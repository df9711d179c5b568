import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.methodOpen;

/** `x-method-open` on a webhook's Operation Object: `true` says the source does not show the method the
 * callback is sent with, so a recorded delivery of any method is this webhook (declared under the method
 * assumed for it). */
export function readMethodOpen(operation: unknown): Read<boolean> {
  const raw = rawOf(operation, KEY);
  if (raw === undefined) return NOTHING;
  if (typeof raw !== 'boolean') {
    return problem(
      KEY,
      '`x-method-open` must be `true` (the source does not show the method this callback is sent with) or `false`.',
    );
  }
  return { value: raw, problems: [] };
}

/** True when the webhook operation says its method is open. */
export function isMethodOpen(operation: unknown): boolean {
  return readMethodOpen(operation).value === true;
}
