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

/** `x-echoes` on a Response Object: its well-formed entries (undefined when none), and every problem. */
export function readEchoes(response: unknown): Read<Echo[]> {
  const listed = rawOf(response, KEY);
  if (listed === undefined) return NOTHING;
  if (!Array.isArray(listed) || listed.length === 0) return problem(KEY, ECHOES_SHAPE);
  const value: Echo[] = [];
  const problems: Read<Echo[]>['problems'] = [];
  listed.forEach((entry, index) => {
    const valid =
      isObject(entry) &&
      typeof entry.request === 'string' &&
      TOP_LEVEL.test(entry.request) &&
      typeof entry.response === 'string' &&
      TOP_LEVEL.test(entry.response) &&
      (entry.present === undefined || typeof entry.present === 'boolean') &&
      (entry.equal === undefined || typeof entry.equal === 'boolean') &&
      (entry.present === true || entry.equal === true);
    if (!valid) {
      problems.push({ at: [KEY, index], message: ECHOES_SHAPE });
      return;
    }
    value.push({
      request: entry.request as string,
      response: entry.response as string,
      present: entry.present === true,
      equal: entry.equal === true,
    });
  });
  return { value: value.length === 0 ? undefined : value, problems };
}
