// Parameters family: path-item and operation parameters keyed by `in:name` (the operation's win), all
// written by the client; their schemas are compared on the request side, and `x-requires` is read here.
import { isObject } from '@svc-contracts/openapi-utils';
import { compareRequires } from './extensions.js';
import { compareSchemas } from './schemas.js';
import { child, documentation, type Json, type Loc, objectOr, same, show, type Walk } from './walk.js';

interface Entry {
  param: Json;
  /** Where it is written: the referenced component, or its place in the list. */
  pointer: string;
}

function collect(walk: Walk, doc: Json, item: Json, operation: Json, opPointer: string): Map<string, Entry> {
  const found = new Map<string, Entry>();
  const lists: Array<[unknown, string]> = [
    [item.parameters, opPointer.replace(/\/[^/]+$/, '/parameters')],
    [operation.parameters, `${opPointer}/parameters`],
  ];
  for (const [list, at] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, index) => {
      const { node, pointer } = walk.resolve(doc, raw, `${at}/${index}`);
      if (!isObject(node) || typeof node.name !== 'string') return;
      // An old path parameter is keyed by its new name when the template renamed it.
      const name =
        node.in === 'path' && doc === walk.before
          ? (walk.pathRenames.get(node.name) ?? node.name)
          : node.name;
      found.set(`${String(node.in)}:${name}`, { param: node, pointer });
    });
  }
  return found;
}

/** How a parameter is written on the wire: style, explode, allowReserved (with their defaults), or a media type. */
function serialization(walk: Walk, before: Json, after: Json, loc: Loc, label: string): void {
  const style = (param: Json) =>
    typeof param.style === 'string'
      ? param.style
      : param.in === 'query' || param.in === 'cookie'
        ? 'form'
        : 'simple';
  const explode = (param: Json) =>
    typeof param.explode === 'boolean' ? param.explode : style(param) === 'form';
  const reserved = (param: Json) => param.allowReserved === true;
  // style and explode shape arrays and objects; a single value reads the same, except in a path (label,
  // matrix and simple prefix it differently).
  const structured = (doc: Json, param: Json) => {
    const { type } = walk.objectOf(doc, param.schema);
    const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : undefined;
    return types === undefined || types.includes('array') || types.includes('object');
  };
  const shaped = structured(walk.before, before) || structured(walk.after, after);
  const changed: string[] = [];
  if (style(before) !== style(after) && (shaped || before.in === 'path'))
    changed.push(`style ${show(style(before))} became ${show(style(after))}`);
  if (explode(before) !== explode(after) && shaped)
    changed.push(`explode ${explode(before)} became ${explode(after)}`);
  if (reserved(before) !== reserved(after))
    changed.push(`allowReserved ${reserved(before)} became ${reserved(after)}`);
  const typesBefore = Object.keys(objectOr(before.content));
  const typesAfter = Object.keys(objectOr(after.content));
  if (!same(typesBefore, typesAfter))
    changed.push(
      `media type ${show(typesBefore.join(', ') || 'none')} became ${show(typesAfter.join(', ') || 'none')}`,
    );
  for (const reason of changed)
    walk.emit('request-parameter-serialization-changed', loc, `${label}: ${reason}`);
  for (const type of typesBefore) {
    const mediaBefore = objectOr(objectOr(before.content)[type]);
    const mediaAfter = objectOr(objectOr(after.content)[type]);
    if (mediaBefore.schema !== undefined && mediaAfter.schema !== undefined)
      compareSchemas(
        walk,
        mediaBefore.schema,
        mediaAfter.schema,
        child(loc, 'content', type, 'schema'),
        'request',
      );
  }
}

const numeric = (types: unknown) =>
  (typeof types === 'string' ? [types] : Array.isArray(types) ? types : []).every(
    (t) => t === 'integer' || t === 'number',
  ) &&
  (typeof types === 'string' || (Array.isArray(types) && types.length > 0));

export function compareParameters(
  walk: Walk,
  itemBefore: Json,
  before: Json,
  itemAfter: Json,
  after: Json,
  opLoc: Loc,
): void {
  const listBefore = collect(walk, walk.before, itemBefore, before, opLoc.b);
  const listAfter = collect(walk, walk.after, itemAfter, after, opLoc.a);
  for (const [key, entry] of listBefore) {
    const label = `${String(entry.param.in)} parameter \`${String(entry.param.name)}\``;
    const other = listAfter.get(key);
    if (!other) {
      const loc = { p: entry.pointer, b: entry.pointer, a: '' };
      if (entry.param.deprecated === true)
        walk.emit('request-deprecated-parameter-removed', loc, `removed deprecated ${label}`, 'before');
      else walk.emit('request-parameter-removed', loc, `removed ${label}`, 'before');
      continue;
    }
    const loc: Loc = { p: other.pointer, b: entry.pointer, a: other.pointer };
    const b = entry.param;
    const a = other.param;
    if (b.required !== true && a.required === true)
      walk.emit('request-parameter-became-required', loc, `${label} became required`);
    if (b.required === true && a.required !== true)
      walk.emit('request-parameter-became-optional', loc, `${label} became optional`);
    if (b.deprecated !== true && a.deprecated === true)
      walk.emit('request-parameter-deprecated', child(loc, 'deprecated'), `${label} deprecated`);
    documentation(walk, b, a, loc);
    compareRequires(walk, b, a, loc, label);
    serialization(walk, b, a, loc, label);
    const schemaB = walk.objectOf(walk.before, b.schema);
    const schemaA = walk.objectOf(walk.after, a.schema);
    const defaultLoc = child(loc, 'schema', 'default');
    if (!('default' in schemaB) && 'default' in schemaA)
      walk.emit(
        'request-parameter-default-added',
        defaultLoc,
        `${label} got default ${show(schemaA.default)}`,
        'after',
      );
    else if ('default' in schemaB && !('default' in schemaA))
      walk.emit(
        'request-parameter-default-removed',
        defaultLoc,
        `${label} lost its default ${show(schemaB.default)}`,
        'before',
      );
    else if ('default' in schemaB && !same(schemaB.default, schemaA.default))
      walk.emit(
        'request-parameter-default-changed',
        defaultLoc,
        `${label} default ${show(schemaB.default)} became ${show(schemaA.default)}`,
      );
    const generalized = numeric(schemaB.type) && schemaA.type === 'string';
    if (generalized)
      walk.emit(
        'request-parameter-type-generalized',
        child(loc, 'schema', 'type'),
        `${label} type ${show(schemaB.type)} became \`string\``,
      );
    if (b.schema !== undefined && a.schema !== undefined)
      compareSchemas(walk, b.schema, a.schema, child(loc, 'schema'), 'request', {
        skipType: generalized,
        skipDefault: true,
      });
  }
  for (const [key, entry] of listAfter) {
    if (listBefore.has(key)) continue;
    const label = `${String(entry.param.in)} parameter \`${String(entry.param.name)}\``;
    const loc = { p: entry.pointer, b: '', a: entry.pointer };
    if (entry.param.required === true)
      walk.emit('request-parameter-added-required', loc, `added required ${label}`, 'after');
    else walk.emit('request-parameter-added-optional', loc, `added optional ${label}`, 'after');
  }
}
