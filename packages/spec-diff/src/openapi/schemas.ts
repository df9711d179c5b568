// Schema family: two JSON Schemas (2020-12, or OpenAPI 3.0's dialect) compared on one side. Every keyword
// check is defined once in catalogue/schemas.ts and emitted as `request-*` or `response-*`: narrowing what
// the client writes breaks it, narrowing what it reads does not, and widening is the mirror.
import { escapePointer, isObject } from '@svc-contracts/openapi-utils';
import type { Direction } from '../change.js';
import {
  child,
  documentation,
  documentationKeys,
  type Json,
  type Loc,
  maxSchemaDepth,
  objectOr,
  SpecDiffLimitError,
  same,
  show,
  sided,
  type Walk,
} from './walk.js';

const upperBounds = [
  'maxLength',
  'maximum',
  'exclusiveMaximum',
  'maxItems',
  'maxProperties',
  'maxContains',
] as const;
const lowerBounds = [
  'minLength',
  'minimum',
  'exclusiveMinimum',
  'minItems',
  'minProperties',
  'minContains',
] as const;
/** Keywords that constrain a value further, compared as written (constraint-added/removed/changed). */
const constraintKeywords = [
  'contains',
  'dependentRequired',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'not',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
  'contentMediaType',
  'contentEncoding',
] as const;

/** Format pairs where the second admits every value of the first (the catalogue's `format-widened`). */
export const formatWidenings: ReadonlyArray<readonly [string, string]> = [
  ['int32', 'int64'],
  ['float', 'double'],
  ['int32', 'double'],
  ['email', 'idn-email'],
  ['hostname', 'idn-hostname'],
  ['uri', 'uri-reference'],
  ['uri', 'iri'],
  ['iri', 'iri-reference'],
  ['uri-reference', 'iri-reference'],
];

function widens(from: string, to: string): boolean {
  return formatWidenings.some(([a, b]) => a === from && b === to);
}

/** Patterns that match every string (`.` excepting line breaks, as JSON Schema's ECMA-262 reads them). */
const matchesAnything = new Set([
  '',
  '.*',
  '^.*',
  '.*$',
  '^.*$',
  '[\\s\\S]*',
  '^[\\s\\S]*$',
  '(?:.*)',
  '^(?:.*)$',
]);

/** Whether `after` provably accepts every string `before` accepts. */
export function patternWidens(before: string, after: string): boolean {
  if (matchesAnything.has(after)) return true;
  // Dropping anchors: a search for the same expression anywhere accepts more.
  const unanchored = before.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
  if (after === unanchored || after === `^${unanchored}` || after === `${unanchored}$`)
    return after !== before;
  // The old expression as the first branch of an alternation.
  return after.startsWith(`(?:${before})|`) || after.startsWith(`(${before})|`);
}

/** Types a schema admits, or `undefined` for any type; `nullable: true` (3.0) admits `null`. */
function typeSet(schema: Json): Set<string> | undefined {
  const { type } = schema;
  let types: Set<string> | undefined;
  if (typeof type === 'string') types = new Set([type]);
  else if (Array.isArray(type)) types = new Set(type.filter((t): t is string => typeof t === 'string'));
  if (types && schema.nullable === true) types.add('null');
  return types;
}

function covers(types: Set<string> | undefined, type: string): boolean {
  return types === undefined || types.has(type) || (type === 'integer' && types.has('number'));
}

export interface SchemaOptions {
  /** Leave `type` alone (a parameter's generalisation is its own check). */
  skipType?: boolean;
  /** Leave `default` alone (a parameter's default is its own check). */
  skipDefault?: boolean;
  /** Leave the documentation keys alone (a wrapper's member, whose wrapper carries them). */
  skipDocumentation?: boolean;
}

/** Compares two schemas on one side, following `$ref`s once per pair and direction. */
export function compareSchemas(
  walk: Walk,
  rawBefore: unknown,
  rawAfter: unknown,
  from: Loc,
  direction: Direction,
  options: SchemaOptions = {},
): void {
  const pair = walk.resolvePair(rawBefore, rawAfter, from);
  const loc = pair.loc;
  if (pair.refB || pair.refA) {
    const key = `${direction}|${loc.b}|${loc.a}`;
    if (walk.seen.has(key)) return;
    walk.seen.add(key);
  }
  if (!isObject(pair.b) || !isObject(pair.a)) {
    if (!same(pair.b, pair.a))
      walk.emit(sided(direction, 'schema-changed'), loc, `schema ${show(pair.b)} became ${show(pair.a)}`);
    return;
  }
  const before = pair.b;
  const after = pair.a;
  if (walk.depth >= maxSchemaDepth)
    throw new SpecDiffLimitError(
      `schemas nest deeper than ${maxSchemaDepth} levels at ${loc.p}: the documents were not judged`,
    );
  walk.depth += 1;
  try {
    if (!options.skipDocumentation) documentation(walk, before, after, loc);
    if (wrapped(walk, rawBefore, before, rawAfter, after, loc, from, direction, options)) return;
    // Object schemas built with allOf are compared as the properties they gather: moving properties into a
    // shared base schema changes nothing a client sends or reads.
    if (Array.isArray(before.allOf) || Array.isArray(after.allOf)) {
      const flatBefore = flatten(walk, walk.before, before, loc.b);
      const flatAfter = flatten(walk, walk.after, after, loc.a);
      if (flatBefore && flatAfter) {
        compareProperties(walk, flatBefore, flatAfter, loc, direction);
        return;
      }
    }
    if (!options.skipType) types(walk, before, after, loc, direction);
    constAndEnum(walk, before, after, loc, direction);
    constraints(walk, before, after, loc, direction);
    properties(walk, before, after, loc, direction);
    arrays(walk, before, after, loc, direction);
    compositions(walk, before, after, loc, direction);
    keywords(walk, before, after, loc, direction, options);
  } finally {
    walk.depth -= 1;
  }
}

/** A schema without its documentation keys, to tell whether two are written the same. */
function bare(schema: Json): Json {
  const copy: Json = { ...schema };
  for (const key of documentationKeys) delete copy[key];
  return copy;
}

/** The anyOf/oneOf a schema only wraps (nothing but documentation beside it). */
function wrapperOf(schema: Json): { key: 'anyOf' | 'oneOf'; members: unknown[] } | undefined {
  for (const key of ['anyOf', 'oneOf'] as const) {
    const members = schema[key];
    if (!Array.isArray(members)) continue;
    const others = Object.keys(schema).filter((name) => name !== key);
    if (others.every((name) => (documentationKeys as readonly string[]).includes(name)))
      return { key, members };
  }
  return undefined;
}

/** A schema that became (or stopped being) an anyOf/oneOf keeping it as a member: the kept member is compared
 * with the old schema, every other member is one alternative added (or removed). `$ref X` becoming `anyOf
 * [$ref X, $ref Y]` is Y added, not every property of X removed. A `{type: null}` member is nullability. */
function wrapped(
  walk: Walk,
  rawBefore: unknown,
  before: Json,
  rawAfter: unknown,
  after: Json,
  loc: Loc,
  from: Loc,
  direction: Direction,
  options: SchemaOptions,
): boolean {
  const hasAlternatives = (schema: Json) => schema.anyOf !== undefined || schema.oneOf !== undefined;
  const keeps = (doc: Json, raw: unknown, plain: Json, member: unknown) => {
    if (isObject(raw) && typeof raw.$ref === 'string' && isObject(member) && member.$ref === raw.$ref)
      return true;
    const node = walk.objectOf(doc, member);
    return same(bare(node), bare(plain));
  };
  const isNull = (doc: Json, member: unknown) => same(bare(walk.objectOf(doc, member)), { type: 'null' });
  const label = (member: unknown) =>
    show(isObject(member) && typeof member.$ref === 'string' ? member.$ref : JSON.stringify(member));
  const wrapperAfter = hasAlternatives(before) ? undefined : wrapperOf(after);
  if (wrapperAfter) {
    const { key, members } = wrapperAfter;
    const kept = members.findIndex((member) => keeps(walk.after, rawBefore, before, member));
    if (kept === -1) return false;
    const at = (index: number): Loc => ({
      p: `${loc.p}/${key}/${index}`,
      b: loc.b,
      a: `${loc.a}/${key}/${index}`,
    });
    compareSchemas(walk, rawBefore, members[kept], { ...at(kept), b: from.b }, direction, {
      ...options,
      skipDocumentation: true,
    });
    members.forEach((member, index) => {
      if (index === kept) return;
      if (isNull(walk.after, member))
        walk.emit(
          sided(direction, 'became-nullable'),
          at(index),
          `became nullable (\`${key}\` with \`null\`)`,
          'after',
        );
      else
        walk.emit(
          sided(direction, 'alternative-added'),
          at(index),
          `\`${key}\` keeps the old schema and adds member ${label(member)}`,
          'after',
        );
    });
    return true;
  }
  const wrapperBefore = hasAlternatives(after) ? undefined : wrapperOf(before);
  if (!wrapperBefore) return false;
  const { key, members } = wrapperBefore;
  const kept = members.findIndex((member) => keeps(walk.before, rawAfter, after, member));
  if (kept === -1) return false;
  const at = (index: number): Loc => ({
    p: `${loc.b}/${key}/${index}`,
    b: `${loc.b}/${key}/${index}`,
    a: loc.a,
  });
  compareSchemas(walk, members[kept], rawAfter, { ...at(kept), p: loc.p, a: from.a }, direction, {
    ...options,
    skipDocumentation: true,
  });
  members.forEach((member, index) => {
    if (index === kept) return;
    if (isNull(walk.before, member))
      walk.emit(
        sided(direction, 'became-not-nullable'),
        at(index),
        `no longer nullable (\`${key}\` with \`null\` dropped)`,
        'before',
      );
    else
      walk.emit(
        sided(direction, 'alternative-removed'),
        at(index),
        `\`${key}\` dropped, keeping only one of its members; member ${label(member)} is gone`,
        'before',
      );
  });
  return true;
}

function types(walk: Walk, before: Json, after: Json, loc: Loc, direction: Direction): void {
  const typesBefore = typeSet(before);
  const typesAfter = typeSet(after);
  const at = child(loc, 'type');
  const lost = [...(typesBefore ?? [])].filter((t) => !covers(typesAfter, t));
  if (typesBefore === undefined && typesAfter !== undefined) lost.push('any other type');
  const gained = [...(typesAfter ?? [])].filter((t) => !covers(typesBefore, t));
  if (typesAfter === undefined && typesBefore !== undefined) gained.push('any other type');
  const lostNull = lost.includes('null');
  const gainedNull = gained.includes('null');
  if (lostNull) walk.emit(sided(direction, 'became-not-nullable'), at, 'no longer nullable');
  if (gainedNull) walk.emit(sided(direction, 'became-nullable'), at, 'became nullable');
  const lostOther = lost.filter((t) => t !== 'null');
  const gainedOther = gained.filter((t) => t !== 'null');
  if (lostOther.length > 0)
    walk.emit(
      sided(direction, 'type-narrowed'),
      at,
      `type narrowed: no longer ${lostOther.map(show).join(', ')}`,
    );
  if (gainedOther.length > 0)
    walk.emit(
      sided(direction, 'type-widened'),
      at,
      `type widened: now also ${gainedOther.map(show).join(', ')}`,
    );
}

function constAndEnum(walk: Walk, before: Json, after: Json, loc: Loc, direction: Direction): void {
  const at = child(loc, 'const');
  const hadConst = 'const' in before;
  const hasConst = 'const' in after;
  if (!hadConst && hasConst)
    walk.emit(sided(direction, 'const-added'), at, `added const ${show(after.const)}`, 'after');
  else if (hadConst && hasConst && !same(before.const, after.const))
    walk.emit(
      sided(direction, 'const-changed'),
      at,
      `const ${show(before.const)} became ${show(after.const)}`,
    );
  else if (hadConst && !hasConst)
    walk.emit(sided(direction, 'const-removed'), at, `removed const ${show(before.const)}`, 'before');

  const enumAt = child(loc, 'enum');
  const enumBefore = Array.isArray(before.enum) ? before.enum : undefined;
  const enumAfter = Array.isArray(after.enum) ? after.enum : undefined;
  if (enumBefore && enumAfter) {
    for (const value of enumBefore)
      if (!enumAfter.some((other) => same(other, value)))
        walk.emit(sided(direction, 'enum-value-removed'), enumAt, `removed enum value ${show(value)}`);
    for (const value of enumAfter)
      if (!enumBefore.some((other) => same(other, value)))
        walk.emit(sided(direction, 'enum-value-added'), enumAt, `added enum value ${show(value)}`);
  } else if (!enumBefore && enumAfter) {
    walk.emit(sided(direction, 'enum-added'), enumAt, 'values restricted to an enum', 'after');
  } else if (enumBefore && !enumAfter) {
    walk.emit(sided(direction, 'enum-removed'), enumAt, 'enum restriction removed', 'before');
  }
}

/** The only values a schema admits (its enum, or its const), or undefined when it lists none. */
function listedValues(schema: Json): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  return Array.isArray(schema.enum) ? schema.enum : undefined;
}

/** Whether a value meets one bound of `schema` (a bound that does not apply to its type is met). */
function meetsBound(value: unknown, key: string, schema: Json): boolean {
  const limit = schema[key];
  if (typeof limit !== 'number') return true;
  if (key === 'multipleOf') return typeof value !== 'number' || Number.isInteger(value / limit);
  const size =
    typeof value === 'string'
      ? key.endsWith('Length')
        ? [...value].length
        : undefined
      : typeof value === 'number'
        ? /imum$/.test(key)
          ? value
          : undefined
        : Array.isArray(value)
          ? key.endsWith('Items')
            ? value.length
            : undefined
          : isObject(value) && key.endsWith('Properties')
            ? Object.keys(value).length
            : undefined;
  if (size === undefined) return true;
  // OpenAPI 3.0 writes an exclusive bound as a flag beside maximum/minimum.
  const strict =
    key.startsWith('exclusive') ||
    (key === 'maximum' && schema.exclusiveMaximum === true) ||
    (key === 'minimum' && schema.exclusiveMinimum === true);
  if (key.startsWith('max') || key === 'exclusiveMaximum') return strict ? size < limit : size <= limit;
  return strict ? size > limit : size >= limit;
}

/** The integers each integer format holds. */
const formatRanges: Record<string, readonly [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [-(2 ** 63), 2 ** 63 - 1],
};

/** Whether an integer schema's bounds already keep every value inside a format's range. */
function withinFormat(schema: Json, format: unknown): boolean {
  const range = typeof format === 'string' ? formatRanges[format] : undefined;
  const types = typeSet(schema);
  if (!range || !types || types.size === 0 || ![...types].every((t) => t === 'integer' || t === 'null'))
    return false;
  const low = [schema.minimum, schema.exclusiveMinimum].filter((n): n is number => typeof n === 'number');
  const high = [schema.maximum, schema.exclusiveMaximum].filter((n): n is number => typeof n === 'number');
  return low.length > 0 && high.length > 0 && Math.max(...low) >= range[0] && Math.min(...high) <= range[1];
}

/** Whether a value meets a pattern (a non-string meets it; an expression that does not compile, never). */
function matches(pattern: string, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return false;
  }
}

function constraints(walk: Walk, before: Json, after: Json, loc: Loc, direction: Direction): void {
  // Judged as a whole: a bound dropped where the new schema lists values that all meet it loosens nothing
  // (maxLength 5000 → an enum of short words narrowed), and one added that every old listed value meets
  // tightens nothing.
  const listedAfter = listedValues(after);
  const listedBefore = listedValues(before);
  const bound = (key: string, tighter: (b: number, a: number) => boolean) => {
    const b = before[key];
    const a = after[key];
    const at = child(loc, key);
    if (a === b) return;
    const looser = typeof b === 'number' && (typeof a !== 'number' || !tighter(b, a));
    if (looser && listedAfter?.every((value) => meetsBound(value, key, before))) return;
    if (!looser && listedBefore?.every((value) => meetsBound(value, key, after))) return;
    if (typeof a === 'number' && typeof b !== 'number')
      walk.emit(sided(direction, 'bound-tightened'), at, `added bound ${key} ${a}`, 'after');
    else if (typeof a !== 'number' && typeof b === 'number')
      walk.emit(sided(direction, 'bound-loosened'), at, `removed bound ${key} ${b}`, 'before');
    else if (typeof a === 'number' && typeof b === 'number' && a !== b) {
      if (tighter(b, a))
        walk.emit(sided(direction, 'bound-tightened'), at, `tighter bound ${key} ${b} → ${a}`);
      else walk.emit(sided(direction, 'bound-loosened'), at, `looser bound ${key} ${b} → ${a}`);
    }
  };
  for (const key of upperBounds) bound(key, (b, a) => a < b);
  for (const key of lowerBounds) bound(key, (b, a) => a > b);
  // OpenAPI 3.0: exclusiveMaximum/exclusiveMinimum are flags on maximum/minimum.
  for (const [flag, limit] of [
    ['exclusiveMaximum', 'maximum'],
    ['exclusiveMinimum', 'minimum'],
  ] as const) {
    const b = before[flag] === true;
    const a = after[flag] === true;
    if (b === a || typeof after[limit] !== 'number' || before[limit] !== after[limit]) continue;
    if (typeof before[flag] === 'number' || typeof after[flag] === 'number') continue;
    const at = child(loc, flag);
    if (a) walk.emit(sided(direction, 'bound-tightened'), at, `${limit} ${after[limit]} became exclusive`);
    else walk.emit(sided(direction, 'bound-loosened'), at, `${limit} ${after[limit]} became inclusive`);
  }

  // multipleOf: a multiple of the old step admits fewer values, a divisor more.
  const stepBefore = before.multipleOf;
  const stepAfter = after.multipleOf;
  if (typeof stepBefore === 'number' && typeof stepAfter === 'number' && stepBefore !== stepAfter) {
    const at = child(loc, 'multipleOf');
    const ratio = stepAfter / stepBefore;
    if (Number.isInteger(ratio))
      walk.emit(sided(direction, 'bound-tightened'), at, `multipleOf ${stepBefore} → ${stepAfter}`);
    else if (Number.isInteger(1 / ratio))
      walk.emit(sided(direction, 'bound-loosened'), at, `multipleOf ${stepBefore} → ${stepAfter}`);
    else
      walk.emit(sided(direction, 'multiple-of-changed'), at, `multipleOf ${stepBefore} became ${stepAfter}`);
  } else bound('multipleOf', () => false);

  const patternAt = child(loc, 'pattern');
  const pb = before.pattern;
  const pa = after.pattern;
  const matchAll = (values: unknown[] | undefined, pattern: unknown) =>
    values !== undefined && typeof pattern === 'string' && values.every((value) => matches(pattern, value));
  if (pa === undefined && matchAll(listedAfter, pb)) {
    // the listed values all match the pattern dropped: nothing loosened
  } else if (pb === undefined && matchAll(listedBefore, pa)) {
    // every value listed before matches the pattern added: nothing tightened
  } else if (!same(pb, pa)) {
    if (pb === undefined)
      walk.emit(sided(direction, 'pattern-added'), patternAt, `added pattern ${show(pa)}`, 'after');
    else if (pa === undefined)
      walk.emit(sided(direction, 'pattern-removed'), patternAt, `removed pattern ${show(pb)}`, 'before');
    else if (typeof pb === 'string' && typeof pa === 'string' && patternWidens(pb, pa))
      walk.emit(sided(direction, 'pattern-widened'), patternAt, `pattern ${show(pb)} widened to ${show(pa)}`);
    else if (typeof pb === 'string' && typeof pa === 'string' && patternWidens(pa, pb))
      walk.emit(
        sided(direction, 'pattern-narrowed'),
        patternAt,
        `pattern ${show(pb)} narrowed to ${show(pa)}`,
      );
    else walk.emit(sided(direction, 'pattern-changed'), patternAt, `pattern ${show(pb)} became ${show(pa)}`);
  }

  const formatAt = child(loc, 'format');
  const fb = before.format;
  const fa = after.format;
  if (!same(fb, fa)) {
    if (fb === undefined && withinFormat(before, fa))
      walk.emit(
        sided(direction, 'format-within-bounds'),
        formatAt,
        `added format ${show(fa)}, which every value the bounds allow meets`,
        'after',
      );
    else if (fa === undefined && withinFormat(after, fb))
      walk.emit(
        sided(direction, 'format-within-bounds'),
        formatAt,
        `removed format ${show(fb)}, which every value the bounds allow meets`,
        'before',
      );
    else if (fb === undefined)
      walk.emit(sided(direction, 'format-added'), formatAt, `added format ${show(fa)}`, 'after');
    else if (fa === undefined)
      walk.emit(sided(direction, 'format-removed'), formatAt, `removed format ${show(fb)}`, 'before');
    else if (widens(String(fb), String(fa)))
      walk.emit(sided(direction, 'format-widened'), formatAt, `format ${show(fb)} widened to ${show(fa)}`);
    else if (widens(String(fa), String(fb)))
      walk.emit(sided(direction, 'format-narrowed'), formatAt, `format ${show(fb)} narrowed to ${show(fa)}`);
    else walk.emit(sided(direction, 'format-changed'), formatAt, `format ${show(fb)} became ${show(fa)}`);
  }

  const uniqueAt = child(loc, 'uniqueItems');
  if (before.uniqueItems !== true && after.uniqueItems === true)
    walk.emit(sided(direction, 'unique-items-added'), uniqueAt, 'items must now be unique', 'after');
  else if (before.uniqueItems === true && after.uniqueItems !== true)
    walk.emit(sided(direction, 'unique-items-removed'), uniqueAt, 'items may now repeat', 'before');
}

/** The properties of an object schema, each with where it is written (a flattened allOf gathers them). */
interface PropertySet {
  properties: Map<string, { schema: unknown; pointer: string }>;
  required: Set<unknown>;
}

function ownProperties(schema: Json, pointer: string): PropertySet {
  return {
    properties: new Map(
      Object.entries(objectOr(schema.properties)).map(([name, property]) => [
        name,
        { schema: property, pointer: `${pointer}/properties/${escapePointer(name)}` },
      ]),
    ),
    required: new Set(Array.isArray(schema.required) ? schema.required : []),
  };
}

/** Keys an object schema may have and still be read as the properties its allOf gathers. */
const flatKeys = new Set([
  'type',
  'properties',
  'required',
  'allOf',
  'description',
  'title',
  'example',
  'examples',
]);

/** The properties of an object schema and of every allOf member (followed through `$ref`s), each where it is
 * written; undefined when the schema says anything else (bounds, additionalProperties, a non-object member,
 * a property defined twice), which is then compared keyword by keyword and member by member. */
function flatten(walk: Walk, doc: Json, schema: Json, pointer: string, depth = 0): PropertySet | undefined {
  if (depth > 32 || Object.keys(schema).some((key) => !flatKeys.has(key))) return undefined;
  if (schema.type !== undefined && schema.type !== 'object') return undefined;
  const set = ownProperties(schema, pointer);
  if (schema.allOf === undefined) return set;
  if (!Array.isArray(schema.allOf)) return undefined;
  for (const [index, member] of schema.allOf.entries()) {
    const { node, pointer: at } = walk.resolve(doc, member, `${pointer}/allOf/${index}`);
    if (!isObject(node)) return undefined;
    const inner = flatten(walk, doc, node, at, depth + 1);
    if (!inner) return undefined;
    for (const [name, entry] of inner.properties) {
      if (set.properties.has(name)) return undefined;
      set.properties.set(name, entry);
    }
    for (const name of inner.required) set.required.add(name);
  }
  return set;
}

function properties(walk: Walk, before: Json, after: Json, loc: Loc, direction: Direction): void {
  compareProperties(walk, ownProperties(before, loc.b), ownProperties(after, loc.a), loc, direction);
  additionalProperties(walk, before, after, loc, direction);
}

function compareProperties(walk: Walk, b: PropertySet, a: PropertySet, loc: Loc, direction: Direction): void {
  // A readOnly property is never written, a writeOnly one never read: changes to it do not reach that side.
  const hidden = direction === 'request' ? 'readOnly' : 'writeOnly';
  const flag = (doc: 'before' | 'after', schema: unknown, key: string) =>
    walk.objectOf(doc === 'before' ? walk.before : walk.after, schema)[key] === true;
  // Reported at the new side's place when the property is there, else where the old side had it.
  const where = (name: string): Loc => {
    const inBefore = b.properties.get(name)?.pointer ?? '';
    const inAfter = a.properties.get(name)?.pointer ?? '';
    const inline = `${loc.p}/properties/${escapePointer(name)}`;
    const p = inAfter && inAfter !== `${loc.a}/properties/${escapePointer(name)}` ? inAfter : inline;
    return { p, b: inBefore, a: inAfter };
  };
  for (const [name, entryBefore] of b.properties) {
    const at = where(name);
    const schemaBefore = entryBefore.schema;
    const entryAfter = a.properties.get(name);
    if (!entryAfter) {
      if (!flag('before', schemaBefore, hidden))
        walk.emit(sided(direction, 'property-removed'), at, `removed property \`${name}\``, 'before');
      continue;
    }
    const schemaAfter = entryAfter.schema;
    const hiddenBefore = flag('before', schemaBefore, hidden);
    const hiddenAfter = flag('after', schemaAfter, hidden);
    if (!hiddenBefore && hiddenAfter) {
      if (direction === 'request')
        walk.emit('request-property-became-read-only', at, `property \`${name}\` became readOnly`);
      else walk.emit('response-property-became-write-only', at, `property \`${name}\` became writeOnly`);
      continue;
    }
    if (hiddenBefore && !hiddenAfter) {
      if (direction === 'request')
        walk.emit('request-property-read-only-removed', at, `property \`${name}\` is no longer readOnly`);
      else
        walk.emit('response-property-write-only-removed', at, `property \`${name}\` is no longer writeOnly`);
      continue;
    }
    if (hiddenBefore && hiddenAfter) continue;
    if (!flag('before', schemaBefore, 'deprecated') && flag('after', schemaAfter, 'deprecated'))
      walk.emit(sided(direction, 'property-deprecated'), at, `property \`${name}\` deprecated`);
    compareSchemas(walk, schemaBefore, schemaAfter, at, direction);
    if (!b.required.has(name) && a.required.has(name))
      walk.emit(sided(direction, 'property-became-required'), at, `property \`${name}\` became required`);
    if (b.required.has(name) && !a.required.has(name))
      walk.emit(sided(direction, 'property-became-optional'), at, `property \`${name}\` became optional`);
  }
  for (const [name, entryAfter] of a.properties) {
    if (b.properties.has(name)) continue;
    const at = where(name);
    if (flag('after', entryAfter.schema, hidden)) continue;
    if (direction === 'request' && a.required.has(name))
      walk.emit('request-property-added-required', at, `added required property \`${name}\``, 'after');
    else walk.emit(sided(direction, 'property-added'), at, `added property \`${name}\``, 'after');
  }
}

function additionalProperties(walk: Walk, before: Json, after: Json, loc: Loc, direction: Direction): void {
  const extraBefore = before.additionalProperties;
  const extraAfter = after.additionalProperties;
  const extraAt = child(loc, 'additionalProperties');
  if (isObject(extraBefore) && isObject(extraAfter))
    compareSchemas(walk, extraBefore, extraAfter, extraAt, direction);
  else if (extraBefore !== false && extraAfter === false)
    walk.emit(sided(direction, 'object-closed'), extraAt, 'object closed (additionalProperties: false)');
  else if (extraBefore === false && extraAfter !== false)
    walk.emit(
      sided(direction, 'object-opened'),
      extraAt,
      'object opened (additionalProperties no longer false)',
    );
  else if (isObject(extraBefore) && (extraAfter === undefined || extraAfter === true))
    walk.emit(
      sided(direction, 'constraint-removed'),
      extraAt,
      'additionalProperties no longer constrained',
      'before',
    );
  else if ((extraBefore === undefined || extraBefore === true) && isObject(extraAfter))
    walk.emit(
      sided(direction, 'constraint-added'),
      extraAt,
      'additionalProperties constrained by a schema',
      'after',
    );
}

function arrays(walk: Walk, before: Json, after: Json, loc: Loc, direction: Direction): void {
  const itemsAt = child(loc, 'items');
  if (before.items !== undefined && after.items !== undefined)
    compareSchemas(walk, before.items, after.items, itemsAt, direction);
  else if (before.items === undefined && after.items !== undefined)
    walk.emit(sided(direction, 'constraint-added'), itemsAt, 'added `items`', 'after');
  else if (before.items !== undefined && after.items === undefined)
    walk.emit(sided(direction, 'constraint-removed'), itemsAt, 'removed `items`', 'before');
  const tupleBefore = Array.isArray(before.prefixItems) ? before.prefixItems : [];
  const tupleAfter = Array.isArray(after.prefixItems) ? after.prefixItems : [];
  const length = Math.max(tupleBefore.length, tupleAfter.length);
  for (let index = 0; index < length; index += 1) {
    const at = child(loc, 'prefixItems', index);
    if (index >= tupleAfter.length)
      walk.emit(
        sided(direction, 'prefix-item-removed'),
        at,
        `removed tuple item ${index} (prefixItems)`,
        'before',
      );
    else if (index >= tupleBefore.length)
      walk.emit(
        sided(direction, 'prefix-item-added'),
        at,
        `added tuple item ${index} (prefixItems)`,
        'after',
      );
    else compareSchemas(walk, tupleBefore[index], tupleAfter[index], at, direction);
  }
}

/** Member by member: a member is the same when it refers to the same component, or is written the same; the
 * remaining inline members pair with one of the same type and title and are compared. Unpaired members are
 * added or removed. */
function compositions(walk: Walk, before: Json, after: Json, loc: Loc, direction: Direction): void {
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const listBefore = Array.isArray(before[key]) ? (before[key] as unknown[]) : undefined;
    const listAfter = Array.isArray(after[key]) ? (after[key] as unknown[]) : undefined;
    if (!listBefore && !listAfter) continue;
    const at = child(loc, key);
    if (key !== 'allOf' && (!listBefore || !listAfter)) {
      if (listAfter)
        walk.emit(sided(direction, 'alternatives-introduced'), at, `\`${key}\` introduced`, 'after');
      else walk.emit(sided(direction, 'alternatives-dropped'), at, `\`${key}\` dropped`, 'before');
      continue;
    }
    const membersBefore = listBefore ?? [];
    const membersAfter = listAfter ?? [];
    const refOf = (member: unknown) =>
      isObject(member) && typeof member.$ref === 'string' ? member.$ref : undefined;
    const pairs: Array<[number, number]> = [];
    const freeAfter = new Set(membersAfter.map((_, index) => index));
    const unpairedBefore: number[] = [];
    membersBefore.forEach((member, index) => {
      const ref = refOf(member);
      const match = [...freeAfter].find((other) =>
        ref !== undefined ? refOf(membersAfter[other]) === ref : same(membersAfter[other], member),
      );
      if (match === undefined) unpairedBefore.push(index);
      else {
        pairs.push([index, match]);
        freeAfter.delete(match);
      }
    });
    // A one-member list whose member changed (Stripe's `anyOf: [$ref]` beside `nullable`): the two compared.
    const [onlyBefore] = unpairedBefore;
    const [onlyAfter] = [...freeAfter];
    if (
      membersBefore.length === 1 &&
      membersAfter.length === 1 &&
      onlyBefore !== undefined &&
      onlyAfter !== undefined
    ) {
      pairs.push([onlyBefore, onlyAfter]);
      unpairedBefore.length = 0;
      freeAfter.clear();
    }
    const inlineAfter = [...freeAfter].filter((index) => refOf(membersAfter[index]) === undefined);
    const removed: number[] = [];
    // Inline members pair with one of the same type (and title, when both have one).
    const typeKey = (member: unknown) =>
      isObject(member) ? JSON.stringify([member.type ?? null, member.title ?? null]) : JSON.stringify(member);
    for (const index of unpairedBefore) {
      const wanted = typeKey(membersBefore[index]);
      const at =
        refOf(membersBefore[index]) === undefined
          ? inlineAfter.findIndex((other) => typeKey(membersAfter[other]) === wanted)
          : -1;
      const other = at === -1 ? undefined : inlineAfter.splice(at, 1)[0];
      if (other === undefined) removed.push(index);
      else {
        pairs.push([index, other]);
        freeAfter.delete(other);
      }
    }
    for (const [b, a] of pairs) {
      const memberLoc = { p: `${at.p}/${a}`, b: `${at.b}/${b}`, a: `${at.a}/${a}` };
      compareSchemas(walk, membersBefore[b], membersAfter[a], memberLoc, direction);
    }
    const label = (member: unknown) => refOf(member) ?? JSON.stringify(member);
    for (const index of removed)
      walk.emit(
        sided(direction, key === 'allOf' ? 'all-of-member-removed' : 'alternative-removed'),
        { p: `${at.p}/${index}`, b: `${at.b}/${index}`, a: at.a },
        `removed \`${key}\` member ${show(label(membersBefore[index]))}`,
        'before',
      );
    for (const index of [...freeAfter].sort((x, y) => x - y))
      walk.emit(
        sided(direction, key === 'allOf' ? 'all-of-member-added' : 'alternative-added'),
        { p: `${at.p}/${index}`, b: at.b, a: `${at.a}/${index}` },
        `added \`${key}\` member ${show(label(membersAfter[index]))}`,
        'after',
      );
  }
}

/** `default`, the constraint keywords compared as written, and the discriminator. */
function keywords(
  walk: Walk,
  before: Json,
  after: Json,
  loc: Loc,
  direction: Direction,
  options: SchemaOptions,
): void {
  if (!options.skipDefault) {
    const at = child(loc, 'default');
    if (!('default' in before) && 'default' in after)
      walk.emit(sided(direction, 'default-added'), at, `added default ${show(after.default)}`, 'after');
    else if ('default' in before && !('default' in after))
      walk.emit(sided(direction, 'default-removed'), at, `removed default ${show(before.default)}`, 'before');
    else if ('default' in before && !same(before.default, after.default))
      walk.emit(
        sided(direction, 'default-changed'),
        at,
        `default ${show(before.default)} became ${show(after.default)}`,
      );
  }
  for (const key of constraintKeywords) {
    const at = child(loc, key);
    if (!(key in before) && key in after)
      walk.emit(sided(direction, 'constraint-added'), at, `added \`${key}\``, 'after');
    else if (key in before && !(key in after))
      walk.emit(sided(direction, 'constraint-removed'), at, `removed \`${key}\``, 'before');
    else if (key in before && !same(before[key], after[key]))
      constraintChanged(walk, before, after, key, at, direction);
  }
  if (!same(before.discriminator, after.discriminator)) {
    const b = objectOr(before.discriminator);
    const a = objectOr(after.discriminator);
    const what =
      before.discriminator === undefined
        ? 'discriminator added'
        : after.discriminator === undefined
          ? 'discriminator removed'
          : b.propertyName !== a.propertyName
            ? `discriminator property ${show(b.propertyName)} became ${show(a.propertyName)}`
            : 'discriminator mapping changed';
    if (
      before.discriminator === undefined ||
      after.discriminator === undefined ||
      !same(b.propertyName, a.propertyName) ||
      !same(b.mapping, a.mapping)
    )
      walk.emit(sided(direction, 'discriminator-changed'), child(loc, 'discriminator'), what);
  }
}

/** Keywords holding one schema that narrows the value when it narrows (compared on the same side). */
const nestedSchemas = new Set([
  'contains',
  'propertyNames',
  'contentSchema',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keywords holding a schema per name (a name added constrains more, a name removed less). */
const schemaMaps = new Set(['patternProperties', 'dependentSchemas']);

/** A constraint keyword present on both sides and changed: its schemas compared where that keeps the side's
 * meaning (`then`/`else` under the same `if` too); `not`, `if`, `dependentRequired` and the content keywords
 * as written. */
function constraintChanged(
  walk: Walk,
  before: Json,
  after: Json,
  key: string,
  at: Loc,
  direction: Direction,
): void {
  const b = before[key];
  const a = after[key];
  const nested = nestedSchemas.has(key) || ((key === 'then' || key === 'else') && same(before.if, after.if));
  if (nested && isObject(b) && isObject(a)) {
    compareSchemas(walk, b, a, at, direction);
    return;
  }
  if (schemaMaps.has(key) && isObject(b) && isObject(a)) {
    for (const [name, schema] of Object.entries(b)) {
      const entryAt = child(at, name);
      if (!(name in a))
        walk.emit(
          sided(direction, 'constraint-removed'),
          entryAt,
          `removed \`${key}\` entry ${show(name)}`,
          'before',
        );
      else compareSchemas(walk, schema, a[name], entryAt, direction);
    }
    for (const name of Object.keys(a))
      if (!(name in b))
        walk.emit(
          sided(direction, 'constraint-added'),
          child(at, name),
          `added \`${key}\` entry ${show(name)}`,
          'after',
        );
    return;
  }
  walk.emit(sided(direction, 'constraint-changed'), at, `\`${key}\` changed`);
}
