import { EXTENSION, NOTHING, problem, type Read, rawOf } from './names.js';

const KEY = EXTENSION.versionPrefix;

export const VERSION_PREFIX_MISSING =
  'The root has no `x-version-prefix`: declare the prefix every path starts with (for example `x-version-prefix: /api/v1`).';

/** The root `x-version-prefix` (`/api/v1`): the prefix every path starts with. The value is any non-empty
 * string written (paths are compared with it even when its shape is reported). */
export function readVersionPrefix(root: unknown): Read<string> {
  const raw = rawOf(root, KEY);
  if (raw === undefined) return NOTHING;
  const value = typeof raw === 'string' && raw !== '' ? raw : undefined;
  if (typeof raw !== 'string' || !/^\/\S*$/.test(raw) || (raw.length > 1 && raw.endsWith('/'))) {
    return problem(
      KEY,
      '`x-version-prefix` must be a path that starts with `/` and has no trailing slash, for example `/api/v1`.',
      value,
    );
  }
  return { value, problems: [] };
}

/** `/api/v1` holds `/api/v1` and `/api/v1/...`, not `/api/v10`. */
export function startsWithPrefix(path: string, prefix: string): boolean {
  const normalized = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  return path === normalized || path.startsWith(`${normalized}/`);
}
