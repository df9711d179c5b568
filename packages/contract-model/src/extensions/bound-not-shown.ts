import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, isNonEmptyString, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.boundNotShown;

/** `x-bound-not-shown: [maxLength]` on a schema: the source says a bound applies without showing its value.
 * The schema must not set the keyword (a value would be invented); that is a problem at the keyword. */
export function readBoundNotShown(schema: unknown): Read<string[]> {
  const listed = rawOf(schema, KEY);
  if (listed === undefined) return NOTHING;
  if (!Array.isArray(listed) || listed.length === 0 || !listed.every(isNonEmptyString)) {
    return problem(
      KEY,
      '`x-bound-not-shown` must be a non-empty list of JSON Schema keywords, for example `[maxLength]`.',
    );
  }
  const owner = isObject(schema) ? schema : {};
  return {
    value: [...listed],
    problems: listed
      .filter((keyword) => owner[keyword] !== undefined)
      .map((keyword) => ({
        at: [keyword],
        message: `\`${keyword}\` is listed in \`x-bound-not-shown\` (the source says the bound exists but does not show it), so the schema must not set it: remove \`${keyword}\`, or remove it from \`x-bound-not-shown\` if the source does show the value.`,
      })),
  };
}
