// Extensions family: the `x-` extensions the runtime enforces (`x-requires` on parameters,
// `x-security-exclusive` at the root); the contract checker reads them the same way (security.ts, parameters.ts).
import { child, type Json, type Loc, rootLoc, type Walk } from './walk.js';

function names(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((name): name is string => typeof name === 'string') : [];
}

/** `x-requires`: names (same `in`) that must be present whenever this parameter is. */
export function compareRequires(walk: Walk, before: Json, after: Json, loc: Loc, label: string): void {
  const b = names(before['x-requires']);
  const a = names(after['x-requires']);
  const at = child(loc, 'x-requires');
  for (const name of a)
    if (!b.includes(name))
      walk.emit('request-parameter-requires-added', at, `${label} now requires \`${name}\` (x-requires)`);
  for (const name of b)
    if (!a.includes(name))
      walk.emit(
        'request-parameter-requires-removed',
        at,
        `${label} no longer requires \`${name}\` (x-requires)`,
      );
}

export function compareRootExtensions(walk: Walk): void {
  walk.operation = undefined;
  const b = walk.before['x-security-exclusive'] === true;
  const a = walk.after['x-security-exclusive'] === true;
  const loc = rootLoc('#/x-security-exclusive');
  if (!b && a)
    walk.emit('security-exclusive-added', loc, 'credentials of one requirement only (x-security-exclusive)');
  else if (b && !a)
    walk.emit(
      'security-exclusive-removed',
      loc,
      'credentials of several requirements allowed together again (x-security-exclusive removed)',
    );
}
