import { deref } from './document.js';
import { isObject, jsonTypeOf } from './json.js';

/** Composition is shallow in these specs; the limit keeps a pathological schema from recursing forever. */
const maxDepth = 8;

/** JSON Schema `type` as a list (`type: [integer, 'null']` and `type: integer` alike), through `$ref` and composition. */
export function schemaTypes(doc: unknown, schema: unknown, depth = 0): string[] {
  const node = deref(doc, schema);
  if (!isObject(node) || depth > maxDepth) return [];
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((type): type is string => typeof type === 'string');
  const types = new Set<string>();
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const list = node[keyword];
    if (Array.isArray(list)) {
      for (const item of list) for (const type of schemaTypes(doc, item, depth + 1)) types.add(type);
    }
  }
  if (types.size === 0 && 'const' in node) types.add(jsonTypeOf(node.const));
  if (types.size === 0 && Array.isArray(node.enum))
    for (const value of node.enum) types.add(jsonTypeOf(value));
  return [...types];
}

/** The schema's `properties`, `items` and `required`, looking through `$ref` and `allOf`. */
export function schemaShape(
  doc: unknown,
  schema: unknown,
): { properties: Record<string, unknown>; items: unknown; required: string[] } {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  let items: unknown;
  const visit = (raw: unknown, depth: number): void => {
    const node = deref(doc, raw);
    if (!isObject(node) || depth > maxDepth) return;
    if (isObject(node.properties)) Object.assign(properties, node.properties);
    if (Array.isArray(node.required)) {
      required.push(...node.required.filter((name): name is string => typeof name === 'string'));
    }
    if (node.items !== undefined) items ??= node.items;
    if (Array.isArray(node.allOf)) for (const part of node.allOf) visit(part, depth + 1);
  };
  visit(schema, 0);
  return { properties, items, required };
}
