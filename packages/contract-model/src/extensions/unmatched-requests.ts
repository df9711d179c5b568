import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.unmatchedRequests;

/** What the service answers a request it has no operation for (`x-unmatched-requests`). */
export interface UnmatchedRequests {
  /** The status of a request to a path the service does not have (voice: 404, "path does not exist"). */
  path?: number;
  /** The status of a method a path of the service does not take (voice: 405, "Method Not Allowed"). */
  method?: number;
}

/** The root `x-unmatched-requests`: the statuses the source gives a request to an unknown path or method (rejected as expected). */
export function readUnmatchedRequests(root: unknown): Read<UnmatchedRequests> {
  const raw = rawOf(root, KEY);
  if (raw === undefined) return NOTHING;
  const shape =
    '`x-unmatched-requests` must be `{path?: <4xx status>, method?: <4xx status>}`, for example `{path: 404, method: 405}`.';
  if (!isObject(raw)) return problem(KEY, shape);
  const value: UnmatchedRequests = {};
  const problems: Read<never>['problems'] = [];
  for (const [name, status] of Object.entries(raw)) {
    if (
      (name !== 'path' && name !== 'method') ||
      !Number.isInteger(status) ||
      (status as number) < 400 ||
      (status as number) > 499
    ) {
      problems.push({ at: [KEY, name], message: shape });
      continue;
    }
    value[name] = status as number;
  }
  return { value, problems };
}
