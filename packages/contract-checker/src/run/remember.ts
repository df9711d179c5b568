/**
 * The results a contract set remembers between checks, each kept only for its figure in `pnpm bench`
 * (bench/RESULTS.md, "contract-check-remembered"; bench/notes.ts `kept`): the last two JSON texts parsed,
 * the operations matched by URL and webhook name, and the last Basic credentials of each scheme.
 * `loadContracts({ remember })` turns each off for one set, so the
 * bench can measure the set with and without it in one process. None changes a verdict.
 */

/** Which remembered results a contract set keeps; each defaults to on. A measuring option. */
export interface RememberOption {
  /** The last two JSON texts parsed and their values (an exchange's bodies read twice parse once). */
  parses?: boolean;
  /** The operation matched per URL, path and webhook name (bounded). */
  routes?: boolean;
  /** The last Basic credentials of each `http` scheme and what they gave. */
  credentials?: boolean;
}

export type Remember = Required<RememberOption>;

const rememberKeys = ['parses', 'routes', 'credentials'] as const;

/** The option with its defaults; an unknown key or a value that is not a boolean is refused, naming it. */
export function resolveRemember(option: unknown): Remember {
  const remember: Remember = { parses: true, routes: true, credentials: true };
  if (option === undefined) return remember;
  if (typeof option !== 'object' || option === null || Array.isArray(option))
    throw new TypeError(
      `loadContracts: remember must be an object of booleans (${rememberKeys.join(', ')}), got ${describe(option)}`,
    );
  for (const [key, value] of Object.entries(option)) {
    if (!(rememberKeys as readonly string[]).includes(key))
      throw new TypeError(
        `loadContracts: remember.${key} is not an option (remember takes ${rememberKeys.join(', ')})`,
      );
    if (value === undefined) continue;
    if (typeof value !== 'boolean')
      throw new TypeError(`loadContracts: remember.${key} must be true or false, got ${describe(value)}`);
    remember[key as keyof Remember] = value;
  }
  return remember;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeof value;
}
