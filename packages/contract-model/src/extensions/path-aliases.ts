import { EXTENSION, NOTHING, type Read, rawOf } from './names.js';

const KEY = EXTENSION.pathAliases;

/** `x-path-aliases` on a path item: other spellings of its path the source shows (`/e911addresses` beside
 * `/e911Addresses`), path templates relative like the path key. The value keeps the strings. */
export function readPathAliases(pathItem: unknown): Read<string[]> {
  const raw = rawOf(pathItem, KEY);
  if (raw === undefined) return NOTHING;
  if (!Array.isArray(raw)) {
    return {
      value: undefined,
      problems: [
        {
          at: [KEY],
          message:
            '`x-path-aliases` must be a list of path templates, for example `[/api/v2/accounts/{accountId}/calls]`.',
        },
      ],
    };
  }
  const problems: Read<never>['problems'] = [];
  raw.forEach((alias, index) => {
    if (typeof alias !== 'string' || !alias.startsWith('/'))
      problems.push({ at: [KEY, index], message: 'A path alias is a path template that starts with `/`.' });
  });
  return { value: raw.filter((alias): alias is string => typeof alias === 'string'), problems };
}
