import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, isNonEmptyString, NOTHING, type Read, rawOf } from './names.js';

const KEY = EXTENSION.unsupportedCredentials;
const LOCATIONS = ['header', 'query', 'cookie'];

/** One entry of the root `x-unsupported-credentials`: a credential the service does not take. */
export interface UnsupportedCredential {
  in: string;
  name: string;
  /** Why it is refused (the source's words). */
  description?: string;
}

/** The root `x-unsupported-credentials` (a request carrying one is refused): entries whose `in` and `name` are strings, and the problems. */
export function readUnsupportedCredentials(root: unknown): Read<UnsupportedCredential[]> {
  const raw = rawOf(root, KEY);
  if (raw === undefined) return NOTHING;
  if (!Array.isArray(raw)) {
    return {
      value: undefined,
      problems: [
        { at: [KEY], message: '`x-unsupported-credentials` must be a list of `{in, name, description}`.' },
      ],
    };
  }
  const value: UnsupportedCredential[] = [];
  const problems: Read<never>['problems'] = [];
  raw.forEach((entry, index) => {
    if (isObject(entry) && typeof entry.in === 'string' && typeof entry.name === 'string') {
      value.push({
        in: entry.in,
        name: entry.name,
        ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
      });
    }
    const valid =
      isObject(entry) &&
      LOCATIONS.includes(String(entry.in)) &&
      isNonEmptyString(entry.name) &&
      isNonEmptyString(entry.description);
    if (!valid) {
      problems.push({
        at: [KEY, index],
        message:
          '`x-unsupported-credentials` entries are `{in: header|query|cookie, name, description}`; the description says why it is refused.',
      });
    }
  });
  return { value, problems };
}
