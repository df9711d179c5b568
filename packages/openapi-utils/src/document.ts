import { isObject, type JsonObject } from './json.js';
import { resolvePointer } from './pointer.js';

/** The parts of a bundled OpenAPI 3.1 document these helpers read; everything else stays `unknown`. */
export type OpenApiDocument = JsonObject & {
  openapi: string;
  info: JsonObject & { title: string; version: string };
  paths?: Record<string, unknown>;
  webhooks?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown> | undefined>;
};

/** The fixed fields of a Path Item that hold an Operation (OpenAPI 3.1, 4.8.9). */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export function isHttpMethod(value: string): value is HttpMethod {
  return (httpMethods as readonly string[]).includes(value);
}

/** A bundle leaves only `#/components/...` references; the hop limit guards against a cycle of bare refs. */
const maxHops = 32;

/** Follows local `$ref`s of a bundled document; a non-local reference is returned as it is. */
export function deref(doc: unknown, node: unknown): unknown {
  return derefWithPointer(doc, node, '').node;
}

/** Like {@link deref}, and says which pointer the node finally came from (for spec locations). */
export function derefWithPointer(
  doc: unknown,
  node: unknown,
  pointer: string,
): { node: unknown; pointer: string } {
  let current = node;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < maxHops; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) break;
    at = ref;
    current = resolvePointer(doc, ref);
  }
  return { node: current, pointer: at };
}

// biome-ignore lint/suspicious/noShadowRestrictedNames: the exported name is the package's API; callers import it by name, never as the global.
export class ReferenceError extends Error {
  override name = 'ReferenceError';
}

/** Resolves a `$ref` strictly (sibling keys override, a non-local, dangling or cyclic one throws): for checks of the specs. */
export function resolveStrict(doc: unknown, node: unknown, seen: readonly string[] = []): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string') return node;
  const ref = node.$ref;
  if (!ref.startsWith('#/')) throw new ReferenceError(`Only local references are resolved, got ${ref}`);
  if (seen.includes(ref)) throw new ReferenceError(`Reference cycle: ${[...seen, ref].join(' -> ')}`);
  const target = resolvePointer(doc, ref);
  if (target === undefined) throw new ReferenceError(`Unresolved reference ${ref}`);
  const resolved = resolveStrict(doc, target, [...seen, ref]);
  const { $ref: _ref, ...siblings } = node;
  return isObject(resolved) ? { ...resolved, ...siblings } : resolved;
}
