// Servers (root, path item, operation): where a client sends its calls. Each list is compared where it is
// written, servers matched by URL (a trailing slash ignored), their variables' values and defaults.
import { isObject } from '@svc-contracts/openapi-utils';
import { child, type Json, type Loc, objectOr, show, type Walk } from './walk.js';

const urlOf = (server: unknown) =>
  isObject(server) && typeof server.url === 'string' ? server.url.replace(/\/+$/, '') : undefined;

function byUrl(list: unknown): Map<string, { server: Json; index: number }> {
  const found = new Map<string, { server: Json; index: number }>();
  if (!Array.isArray(list)) return found;
  list.forEach((server, index) => {
    const url = urlOf(server);
    if (url !== undefined && isObject(server) && !found.has(url)) found.set(url, { server, index });
  });
  return found;
}

/** Compares the `servers` of two objects (the roots, two path items or two operations) at `loc`. */
export function compareServers(walk: Walk, before: Json, after: Json, loc: Loc): void {
  if (before.servers === undefined && after.servers === undefined) return;
  const listBefore = byUrl(before.servers);
  const listAfter = byUrl(after.servers);
  const at = (b?: number, a?: number): Loc => ({
    p: a === undefined ? `${loc.b}/servers/${b}` : `${loc.a}/servers/${a}`,
    b: b === undefined ? '' : `${loc.b}/servers/${b}`,
    a: a === undefined ? '' : `${loc.a}/servers/${a}`,
  });
  for (const [url, { server, index }] of listBefore) {
    const other = listAfter.get(url);
    if (!other) {
      walk.emit('server-removed', at(index), `removed server ${show(url || '/')}`, 'before');
      continue;
    }
    const variablesBefore = objectOr(server.variables);
    const variablesAfter = objectOr(other.server.variables);
    for (const [name, rawVariable] of Object.entries(variablesBefore)) {
      const variable = objectOr(rawVariable);
      const next = objectOr(variablesAfter[name]);
      const where = child(at(index, other.index), 'variables', name);
      const enumBefore = Array.isArray(variable.enum) ? variable.enum : undefined;
      const enumAfter = Array.isArray(next.enum) ? next.enum : undefined;
      for (const value of enumBefore ?? [])
        if (enumAfter && !enumAfter.includes(value))
          walk.emit(
            'server-variable-value-removed',
            child(where, 'enum'),
            `server ${show(url)} variable \`${name}\` no longer takes ${show(value)}`,
          );
      for (const value of enumAfter ?? [])
        if (!enumBefore?.includes(value))
          walk.emit(
            'server-variable-value-added',
            child(where, 'enum'),
            `server ${show(url)} variable \`${name}\` takes ${show(value)}`,
          );
      if (next.default !== undefined && variable.default !== next.default)
        walk.emit(
          'server-variable-default-changed',
          child(where, 'default'),
          `server ${show(url)} variable \`${name}\` default ${show(variable.default)} became ${show(next.default)}`,
        );
    }
  }
  for (const [url, { index }] of listAfter)
    if (!listBefore.has(url))
      walk.emit('server-added', at(undefined, index), `added server ${show(url || '/')}`, 'after');
}
