import { isObject } from '@svc-contracts/openapi-utils';
import { EXTENSION, isNonEmptyString, NOTHING, type Read, rawOf } from './names.js';

const KEY = EXTENSION.requires;

/** `x-requires` on a parameter: the other parameters (same `in`) that must be sent whenever it is
 * (`countryCodeA3`). Whether they exist on the operation is judged by who sees the operation (the linter). */
export function readRequires(parameter: unknown): Read<string[]> {
  const required = rawOf(parameter, KEY);
  if (required === undefined) return NOTHING;
  const own = String(isObject(parameter) ? parameter.name : undefined);
  if (!Array.isArray(required) || required.length === 0 || !required.every(isNonEmptyString)) {
    // The names that are strings are still required (what the checker has always compared).
    const names = Array.isArray(required)
      ? required.filter((name): name is string => typeof name === 'string')
      : [];
    return {
      value: names.length === 0 ? undefined : names,
      problems: [
        {
          at: [KEY],
          message: `\`x-requires\` of \`${own}\` must be a non-empty list of parameter names, for example \`x-requires: [countryCodeA3]\`.`,
        },
      ],
    };
  }
  return {
    value: [...required],
    problems: required
      .filter((name) => name === own)
      .map(() => ({
        at: [KEY],
        message: `\`${own}\` lists itself in \`x-requires\`: list only the other parameters it needs.`,
      })),
  };
}
