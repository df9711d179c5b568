// Redocly re-follows an alias chain (`$ref` to a `$ref`) for every link of it: each local `$ref` to a pure alias
// is pointed at the chain's end before it resolves, and the root's put back after (linear).

import { isObject, type JsonObject as Json } from '@svc-contracts/openapi-utils';

const localRef = (node: Json): string | undefined =>
  typeof node.$ref === 'string' && node.$ref.startsWith('#') ? node.$ref : undefined;
const isPureAlias = (node: unknown): node is Json =>
  isObject(node) && localRef(node) !== undefined && Object.keys(node).length === 1;

function unescapeSegment(fragment: string): string {
  const plain = fragment.replaceAll('~1', '/').replaceAll('~0', '~');
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}

/** The node a local pointer names (`#/a/b`), or undefined: one that passes through a `$ref` is left to Redocly. */
function target(document: unknown, ref: string): unknown {
  let node = document;
  for (const segment of ref.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = unescapeSegment(segment);
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node) && Object.hasOwn(node, key) && !(localRef(node) && key !== '$ref'))
      node = node[key];
    else return undefined;
  }
  return node;
}

/** Points every local `$ref` to a pure alias at its chain's end (a cycle left to Redocly); returns what puts them back. */
export function collapseAliasChains(document: unknown): () => void {
  // The `$ref` a pure alias's chain ends with (the first target that is not a pure alias), or null.
  const ends = new Map<Json, string | null>();
  const endOf = (alias: Json): string | null => {
    const path = new Set<Json>();
    let node: Json = alias;
    let end: string | null = null;
    for (;;) {
      const known = ends.get(node);
      if (known !== undefined) {
        end = known;
        break;
      }
      if (path.has(node)) break; // a cycle: left alone
      path.add(node);
      const ref = node.$ref as string;
      const next = target(document, ref);
      if (!isPureAlias(next)) {
        end = next === undefined ? null : ref;
        break;
      }
      node = next;
    }
    for (const visited of path) ends.set(visited, end);
    return end;
  };

  const changed: Array<[Json, string, string]> = [];
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!isObject(node)) continue;
    const ref = localRef(node);
    if (ref !== undefined) {
      const next = target(document, ref);
      const end = isPureAlias(next) ? endOf(next) : null;
      if (end !== null && end !== ref) {
        changed.push([node, ref, end]);
        node.$ref = end;
      }
    }
    for (const value of Object.values(node))
      if (typeof value === 'object' && value !== null) stack.push(value);
  }
  return () => {
    for (const [node, written, end] of changed) if (node.$ref === end) node.$ref = written;
  };
}
