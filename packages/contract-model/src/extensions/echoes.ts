import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.echoes;

/** One entry of `x-echoes`: what an answer carries of its request's body. */
export interface Echo {
  /** Top-level member of the request body (`/tag`). */
  request: string;
  /** Top-level member of the response body (`/tag`). */
  response: string;
  /** The answer has it when the request does. */
  present: boolean;
  /** The same value as in the request. */
  equal: boolean;
}

export const ECHOES_SHAPE =
  '`x-echoes` must be a non-empty list of `{request, response, present?, equal?}`: two top-level members (`/tag`) of the request and response bodies, and `present: true` (the answer has it when the request does), `equal: true` (the same value), or both.';

const TOP_LEVEL = /^\/[^/]+$/;

/** `x-echoes` on a Response Object: the entries naming two top-level members and asking `present`/`equal`, and every problem. */
export function readEchoes(response: unknown): Read<Echo[]> {
  const listed = rawOf(response, KEY);
  if (listed === undefined) return NOTHING;
  if (!Array.isArray(listed) || listed.length === 0) return problem(KEY, ECHOES_SHAPE);
  const value: Echo[] = [];
  const problems: Read<Echo[]>['problems'] = [];
  listed.forEach((entry, index) => {
    if (!isObject(entry)) {
      problems.push({ at: [KEY, index], message: ECHOES_SHAPE });
      return;
    }
    const { request, response, present, equal } = entry;
    // A `present`/`equal` that is not a boolean is a problem; the entry is kept for what it does ask.
    const judged =
      typeof request === 'string' &&
      TOP_LEVEL.test(request) &&
      typeof response === 'string' &&
      TOP_LEVEL.test(response) &&
      (present === true || equal === true);
    const valid =
      judged &&
      (present === undefined || typeof present === 'boolean') &&
      (equal === undefined || typeof equal === 'boolean');
    if (!valid) problems.push({ at: [KEY, index], message: ECHOES_SHAPE });
    if (!judged) return;
    value.push({ request, response, present: present === true, equal: equal === true });
  });
  return { value: value.length === 0 ? undefined : value, problems };
}
