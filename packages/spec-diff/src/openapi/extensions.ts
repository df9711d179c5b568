// Extensions family: the `x-` extensions the runtime enforces (`x-requires` on parameters,
// `x-security-exclusive` at the root), read with @svc-contracts/contract-model's readers.
import { EXTENSION, isSecurityExclusive, readRequires } from '@svc-contracts/contract-model';
import { child, type Json, type Loc, rootLoc, type Walk } from './walk.js';

/** `x-requires`: names (same `in`) that must be present whenever this parameter is. */
export function compareRequires(walk: Walk, before: Json, after: Json, loc: Loc, label: string): void {
  const b = readRequires(before).value ?? [];
  const a = readRequires(after).value ?? [];
  const at = child(loc, EXTENSION.requires);
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
  const b = isSecurityExclusive(walk.before);
  const a = isSecurityExclusive(walk.after);
  const loc = rootLoc(`#/${EXTENSION.securityExclusive}`);
  if (!b && a)
    walk.emit('security-exclusive-added', loc, 'credentials of one requirement only (x-security-exclusive)');
  else if (b && !a)
    walk.emit(
      'security-exclusive-removed',
      loc,
      'credentials of several requirements allowed together again (x-security-exclusive removed)',
    );
}
