/** The parts of a bundled OpenAPI 3.1 document the checker reads; everything else stays `unknown`. */
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

export type JsonObject = Record<string, unknown>;

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Follows local `$ref`s; a bundled document only has `#/components/...` refs left. */
export function deref(doc: OpenApiDocument, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) return current;
    current = resolvePointer(doc, ref.slice(1));
  }
  return current;
}

/** Like {@link deref}, but also says which pointer the node finally came from (for spec locations). */
export function derefWithPointer(
  doc: OpenApiDocument,
  node: unknown,
  pointer: string,
): { node: unknown; pointer: string } {
  let current = node;
  let at = pointer;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) break;
    at = ref;
    current = resolvePointer(doc, ref.slice(1));
  }
  return { node: current, pointer: at };
}

export function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((acc, key) => {
      if (Array.isArray(acc)) return acc[Number(key)];
      return isObject(acc) ? acc[key] : undefined;
    }, root);
}

/** JSON Schema `type` as a list (`type: [integer, 'null']` and `type: integer` alike). */
export function schemaTypes(doc: OpenApiDocument, schema: unknown, depth = 0): string[] {
  const node = deref(doc, schema);
  if (!isObject(node) || depth > 8) return [];
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((type): type is string => typeof type === 'string');
  // No `type` here: the alternatives and conjuncts say what the value may be.
  const types = new Set<string>();
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const list = node[keyword];
    if (Array.isArray(list))
      for (const item of list) for (const type of schemaTypes(doc, item, depth + 1)) types.add(type);
  }
  if (types.size === 0 && 'const' in node) types.add(jsonTypeOf(node.const));
  if (types.size === 0 && Array.isArray(node.enum))
    for (const value of node.enum) types.add(jsonTypeOf(value));
  return [...types];
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The schema's `properties`, `items` and `required`, looking through `$ref` and `allOf`. */
export function schemaShape(
  doc: OpenApiDocument,
  schema: unknown,
): { properties: Record<string, unknown>; items: unknown; required: string[] } {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  let items: unknown;
  const visit = (raw: unknown, depth: number): void => {
    const node = deref(doc, raw);
    if (!isObject(node) || depth > 8) return;
    if (isObject(node.properties)) Object.assign(properties, node.properties);
    if (Array.isArray(node.required))
      required.push(...node.required.filter((name) => typeof name === 'string'));
    if (node.items !== undefined) items ??= node.items;
    if (Array.isArray(node.allOf)) for (const part of node.allOf) visit(part, depth + 1);
  };
  visit(schema, 0);
  return { properties, items, required };
}
