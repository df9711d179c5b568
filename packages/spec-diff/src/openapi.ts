import {
  derefWithPointer,
  escapePointer,
  httpMethods,
  isObject,
  type JsonObject,
} from '@svc-contracts/openapi-utils';
import type { Change, Level } from './change.js';

/** A bundled OpenAPI 3.1 document as a plain object (the output of `redocly bundle`). */
export type OpenApiDocument = Record<string, unknown>;

type Json = JsonObject;
/** Who writes the value: the client (`request`) or the service (`response`). */
type Direction = 'request' | 'response';

const documentationKeys = ['description', 'title', 'summary', 'example', 'examples'] as const;
const upperBounds = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
const lowerBounds = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function show(value: unknown): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** Types a schema admits, or `undefined` for any type. `integer` is covered by `number`. */
function typeSet(schema: Json): Set<string> | undefined {
  const { type } = schema;
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.filter((t): t is string => typeof t === 'string'));
  return undefined;
}

function covers(types: Set<string> | undefined, type: string): boolean {
  return types === undefined || types.has(type) || (type === 'integer' && types.has('number'));
}

/** Classifies every difference between two bundled OpenAPI 3.1 documents (see README for the rules). */
export function diffSpecs(before: OpenApiDocument, after: OpenApiDocument): Change[] {
  return new SpecWalker(before, after).run();
}

class SpecWalker {
  readonly changes: Change[] = [];
  private readonly seen = new Set<string>();

  constructor(
    private readonly before: Json,
    private readonly after: Json,
  ) {}

  run(): Change[] {
    this.documentation(this.before.info, this.after.info, '#/info');
    const pathsBefore = isObject(this.before.paths) ? this.before.paths : {};
    const pathsAfter = isObject(this.after.paths) ? this.after.paths : {};
    for (const [path, itemBefore] of Object.entries(pathsBefore)) {
      const pointer = `#/paths/${escapePointer(path)}`;
      const itemAfter = pathsAfter[path];
      if (itemAfter === undefined) {
        this.add('removed-path', 'major', pointer, `removed path \`${path}\``);
        continue;
      }
      this.pathItem(
        this.resolveObject(this.before, itemBefore),
        this.resolveObject(this.after, itemAfter),
        pointer,
        path,
      );
    }
    for (const [path, item] of Object.entries(pathsAfter)) {
      if (path in pathsBefore) continue;
      const resolved = this.resolveObject(this.after, item);
      for (const method of httpMethods) {
        if (isObject(resolved[method]))
          this.add(
            'added-operation',
            'minor',
            `#/paths/${escapePointer(path)}/${method}`,
            `added operation \`${method.toUpperCase()} ${path}\``,
          );
      }
    }
    return this.changes;
  }

  private add(kind: string, level: Level, pointer: string, reason: string): void {
    this.changes.push({ kind, level, pointer, reason });
  }

  /** Level by direction: what a change costs when the client writes the value, and when it reads it. */
  private pick(direction: Direction, request: Level, response: Level): Level {
    return direction === 'request' ? request : response;
  }

  /**
   * Follows local `$ref`s (`#/…`) to their target; `ref` says whether one was followed, so a change is
   * reported where the shared component lives. A dangling reference is compared as it is written.
   */
  private resolve(
    doc: Json,
    node: unknown,
    pointer: string,
  ): { node: unknown; pointer: string; ref: boolean } {
    const found = derefWithPointer(doc, node, pointer);
    if (found.node === undefined && node !== undefined) return { node, pointer, ref: false };
    return { ...found, ref: found.node !== node };
  }

  /** The object a node is or refers to; `{}` for anything else, so a missing part compares as empty. */
  private resolveObject(doc: Json, node: unknown): Json {
    const { node: resolved } = this.resolve(doc, node, '');
    return isObject(resolved) ? resolved : {};
  }

  private documentation(before: unknown, after: unknown, pointer: string): void {
    if (!isObject(before) || !isObject(after)) return;
    for (const key of documentationKeys) {
      if (!same(before[key], after[key])) {
        const verb = before[key] === undefined ? 'added' : after[key] === undefined ? 'removed' : 'changed';
        this.add(`${verb}-${key}`, 'patch', `${pointer}/${key}`, `${verb} ${key}`);
      }
    }
  }

  private pathItem(before: Json, after: Json, pointer: string, path: string): void {
    this.documentation(before, after, pointer);
    for (const method of httpMethods) {
      const opBefore = before[method];
      const opAfter = after[method];
      const opPointer = `${pointer}/${method}`;
      const label = `\`${method.toUpperCase()} ${path}\``;
      if (isObject(opBefore) && !isObject(opAfter))
        this.add('removed-operation', 'major', opPointer, `removed operation ${label}`);
      else if (!isObject(opBefore) && isObject(opAfter))
        this.add('added-operation', 'minor', opPointer, `added operation ${label}`);
      else if (isObject(opBefore) && isObject(opAfter))
        this.operation(before, opBefore, after, opAfter, opPointer);
    }
  }

  private operation(itemBefore: Json, before: Json, itemAfter: Json, after: Json, pointer: string): void {
    this.documentation(before, after, pointer);
    if (before.operationId !== after.operationId && before.operationId !== undefined) {
      this.add(
        'changed-operation-id',
        'major',
        `${pointer}/operationId`,
        `operationId ${show(before.operationId)} became ${show(after.operationId)} (generated method names change)`,
      );
    }
    if (before.deprecated !== true && after.deprecated === true)
      this.add('deprecated-operation', 'minor', `${pointer}/deprecated`, 'operation deprecated');
    this.parameters(
      this.collectParameters(this.before, itemBefore, before),
      this.collectParameters(this.after, itemAfter, after),
      pointer,
    );
    this.requestBody(before.requestBody, after.requestBody, `${pointer}/requestBody`);
    this.responses(before.responses, after.responses, `${pointer}/responses`);
  }

  /** Path-level and operation-level parameters keyed by `in:name` (the operation's win), refs resolved. */
  private collectParameters(
    doc: Json,
    item: Json,
    operation: Json,
  ): Map<string, { param: Json; pointer: string }> {
    const found = new Map<string, { param: Json; pointer: string }>();
    const lists: Array<[unknown, string]> = [
      [item.parameters, 'path item'],
      [operation.parameters, 'operation'],
    ];
    for (const [list] of lists) {
      if (!Array.isArray(list)) continue;
      for (const raw of list) {
        const { node, pointer } = this.resolve(doc, raw, '');
        if (!isObject(node) || typeof node.name !== 'string') continue;
        found.set(`${String(node.in)}:${node.name}`, { param: node, pointer });
      }
    }
    return found;
  }

  private parameters(
    before: Map<string, { param: Json; pointer: string }>,
    after: Map<string, { param: Json; pointer: string }>,
    opPointer: string,
  ): void {
    const at = (entry: { pointer: string }, key: string) =>
      entry.pointer || `${opPointer}/parameters/${escapePointer(key)}`;
    for (const [key, entry] of before) {
      const label = `${String(entry.param.in)} parameter \`${String(entry.param.name)}\``;
      const other = after.get(key);
      if (!other) {
        this.add('removed-parameter', 'major', at(entry, key), `removed ${label}`);
        continue;
      }
      const pointer = at(other, key);
      if (entry.param.required !== true && other.param.required === true)
        this.add('parameter-became-required', 'major', pointer, `${label} became required`);
      if (entry.param.required === true && other.param.required !== true)
        this.add('parameter-became-optional', 'minor', pointer, `${label} became optional`);
      this.documentation(entry.param, other.param, pointer);
      if (entry.param.schema !== undefined && other.param.schema !== undefined)
        this.schema(entry.param.schema, other.param.schema, `${pointer}/schema`, 'request');
    }
    for (const [key, entry] of after) {
      if (before.has(key)) continue;
      const label = `${String(entry.param.in)} parameter \`${String(entry.param.name)}\``;
      if (entry.param.required === true)
        this.add('added-required-parameter', 'major', at(entry, key), `added required ${label}`);
      else this.add('added-optional-parameter', 'minor', at(entry, key), `added optional ${label}`);
    }
  }

  private requestBody(rawBefore: unknown, rawAfter: unknown, fallback: string): void {
    if (rawBefore === undefined && rawAfter === undefined) return;
    const b = this.resolve(this.before, rawBefore, fallback);
    const a = this.resolve(this.after, rawAfter, fallback);
    const pointer = a.ref ? a.pointer : b.ref ? b.pointer : fallback;
    if (!isObject(a.node)) {
      this.add('removed-request-body', 'major', pointer, 'removed request body');
      return;
    }
    if (!isObject(b.node)) {
      if (a.node.required === true)
        this.add('added-required-body', 'major', pointer, 'added required request body');
      else this.add('added-optional-body', 'minor', pointer, 'added optional request body');
      return;
    }
    if (b.node.required !== true && a.node.required === true)
      this.add('body-became-required', 'major', pointer, 'request body became required');
    if (b.node.required === true && a.node.required !== true)
      this.add('body-became-optional', 'minor', pointer, 'request body became optional');
    this.documentation(b.node, a.node, pointer);
    this.content(b.node.content, a.node.content, `${pointer}/content`, 'request');
  }

  private responses(rawBefore: unknown, rawAfter: unknown, pointer: string): void {
    const before = isObject(rawBefore) ? rawBefore : {};
    const after = isObject(rawAfter) ? rawAfter : {};
    for (const [status, responseBefore] of Object.entries(before)) {
      const statusPointer = `${pointer}/${escapePointer(status)}`;
      if (!(status in after)) {
        this.add('removed-response', 'major', statusPointer, `removed response \`${status}\``);
        continue;
      }
      const b = this.resolve(this.before, responseBefore, statusPointer);
      const a = this.resolve(this.after, after[status], statusPointer);
      if (!isObject(b.node) || !isObject(a.node)) continue;
      const at = a.ref ? a.pointer : b.ref ? b.pointer : statusPointer;
      this.documentation(b.node, a.node, at);
      this.headers(b.node.headers, a.node.headers, `${at}/headers`);
      this.content(b.node.content, a.node.content, `${at}/content`, 'response');
    }
    for (const status of Object.keys(after)) {
      if (!(status in before))
        this.add(
          'added-response',
          'minor',
          `${pointer}/${escapePointer(status)}`,
          `added response \`${status}\``,
        );
    }
  }

  private headers(rawBefore: unknown, rawAfter: unknown, pointer: string): void {
    const before = isObject(rawBefore) ? rawBefore : {};
    const after = isObject(rawAfter) ? rawAfter : {};
    for (const [name, header] of Object.entries(before)) {
      const at = `${pointer}/${escapePointer(name)}`;
      if (!(name in after)) {
        this.add('removed-header', 'major', at, `removed response header \`${name}\``);
        continue;
      }
      const b = this.resolveObject(this.before, header);
      const a = this.resolveObject(this.after, after[name]);
      this.documentation(b, a, at);
      if (b.schema !== undefined && a.schema !== undefined)
        this.schema(b.schema, a.schema, `${at}/schema`, 'response');
    }
    for (const name of Object.keys(after)) {
      if (!(name in before))
        this.add(
          'added-header',
          'minor',
          `${pointer}/${escapePointer(name)}`,
          `added response header \`${name}\``,
        );
    }
  }

  private content(rawBefore: unknown, rawAfter: unknown, pointer: string, direction: Direction): void {
    const before = isObject(rawBefore) ? rawBefore : {};
    const after = isObject(rawAfter) ? rawAfter : {};
    for (const [type, mediaBefore] of Object.entries(before)) {
      const at = `${pointer}/${escapePointer(type)}`;
      const mediaAfter = after[type];
      if (!isObject(mediaAfter) || !isObject(mediaBefore)) {
        if (mediaAfter === undefined)
          this.add('removed-media-type', 'major', at, `removed media type \`${type}\``);
        continue;
      }
      this.documentation(mediaBefore, mediaAfter, at);
      if (mediaBefore.schema !== undefined && mediaAfter.schema !== undefined)
        this.schema(mediaBefore.schema, mediaAfter.schema, `${at}/schema`, direction);
    }
    for (const type of Object.keys(after)) {
      if (!(type in before))
        this.add(
          'added-media-type',
          'minor',
          `${pointer}/${escapePointer(type)}`,
          `added media type \`${type}\``,
        );
    }
  }

  /** Compares two JSON Schemas (2020-12) in the given direction, following `$ref`s once per pair. */
  private schema(rawBefore: unknown, rawAfter: unknown, fallback: string, direction: Direction): void {
    const b = this.resolve(this.before, rawBefore, fallback);
    const a = this.resolve(this.after, rawAfter, fallback);
    const pointer = a.ref ? a.pointer : b.ref ? b.pointer : fallback;
    if (b.ref || a.ref) {
      const key = `${direction}|${b.pointer}|${a.pointer}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
    }
    if (!isObject(b.node) || !isObject(a.node)) {
      if (!same(b.node, a.node))
        this.add('changed-schema', 'major', pointer, `schema ${show(b.node)} became ${show(a.node)}`);
      return;
    }
    const before = b.node;
    const after = a.node;
    this.documentation(before, after, pointer);
    this.types(before, after, pointer, direction);
    this.constAndEnum(before, after, pointer, direction);
    this.constraints(before, after, pointer, direction);
    this.properties(before, after, pointer, direction);
    this.arrays(before, after, pointer, direction);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const listBefore = before[key];
      const listAfter = after[key];
      if (Array.isArray(listBefore) && Array.isArray(listAfter) && listBefore.length === listAfter.length) {
        listBefore.forEach((item, index) => {
          this.schema(item, listAfter[index], `${pointer}/${key}/${index}`, direction);
        });
      } else if (listBefore !== undefined || listAfter !== undefined) {
        this.add('changed-composition', 'major', `${pointer}/${key}`, `\`${key}\` changed its members`);
      }
    }
  }

  private types(before: Json, after: Json, pointer: string, direction: Direction): void {
    const typesBefore = typeSet(before);
    const typesAfter = typeSet(after);
    const lost = [...(typesBefore ?? ['any'])].filter((t) => t !== 'any' && !covers(typesAfter, t));
    if (typesBefore === undefined && typesAfter !== undefined) lost.push('any other type');
    const gained = [...(typesAfter ?? [])].filter((t) => !covers(typesBefore, t));
    if (typesAfter === undefined && typesBefore !== undefined) gained.push('any other type');
    if (lost.length > 0)
      this.add(
        'narrowed-type',
        'major',
        `${pointer}/type`,
        `type narrowed: no longer ${lost.map(show).join(', ')}`,
      );
    if (gained.length > 0)
      this.add(
        'widened-type',
        this.pick(direction, 'minor', 'major'),
        `${pointer}/type`,
        `type widened: now also ${gained.map(show).join(', ')}`,
      );
  }

  private constAndEnum(before: Json, after: Json, pointer: string, direction: Direction): void {
    const hadConst = 'const' in before;
    const hasConst = 'const' in after;
    if (!hadConst && hasConst)
      this.add('added-const', 'major', `${pointer}/const`, `added const ${show(after.const)}`);
    else if (hadConst && hasConst && !same(before.const, after.const))
      this.add(
        'changed-const',
        'major',
        `${pointer}/const`,
        `const ${show(before.const)} became ${show(after.const)}`,
      );
    else if (hadConst && !hasConst)
      this.add(
        'removed-const',
        this.pick(direction, 'minor', 'major'),
        `${pointer}/const`,
        `removed const ${show(before.const)}`,
      );

    const enumBefore = Array.isArray(before.enum) ? before.enum : undefined;
    const enumAfter = Array.isArray(after.enum) ? after.enum : undefined;
    if (enumBefore && enumAfter) {
      for (const value of enumBefore)
        if (!enumAfter.some((other) => same(other, value)))
          this.add('removed-enum-value', 'major', `${pointer}/enum`, `removed enum value ${show(value)}`);
      for (const value of enumAfter)
        if (!enumBefore.some((other) => same(other, value)))
          this.add(
            'added-enum-value',
            this.pick(direction, 'minor', 'major'),
            `${pointer}/enum`,
            direction === 'request'
              ? `added enum value ${show(value)}`
              : `added enum value ${show(value)} to a response (clients switching on it meet an unknown value)`,
          );
    } else if (!enumBefore && enumAfter) {
      this.add(
        'added-enum',
        this.pick(direction, 'major', 'minor'),
        `${pointer}/enum`,
        'values restricted to an enum',
      );
    } else if (enumBefore && !enumAfter) {
      this.add(
        'removed-enum',
        this.pick(direction, 'minor', 'major'),
        `${pointer}/enum`,
        'enum restriction removed',
      );
    }
  }

  /** Bounds, pattern, format: stricter breaks a request (major), looser breaks a response (major). */
  private constraints(before: Json, after: Json, pointer: string, direction: Direction): void {
    const stricter = this.pick(direction, 'major', 'minor');
    const looser = this.pick(direction, 'minor', 'major');
    const bound = (key: string, tighter: (b: number, a: number) => boolean) => {
      const b = before[key];
      const a = after[key];
      if (typeof a === 'number' && typeof b !== 'number')
        this.add('tighter-bound', stricter, `${pointer}/${key}`, `added bound ${key} ${a}`);
      else if (typeof a !== 'number' && typeof b === 'number')
        this.add('looser-bound', looser, `${pointer}/${key}`, `removed bound ${key} ${b}`);
      else if (typeof a === 'number' && typeof b === 'number' && a !== b) {
        if (tighter(b, a))
          this.add('tighter-bound', stricter, `${pointer}/${key}`, `tighter bound ${key} ${b} → ${a}`);
        else this.add('looser-bound', looser, `${pointer}/${key}`, `looser bound ${key} ${b} → ${a}`);
      }
    };
    for (const key of upperBounds) bound(key, (b, a) => a < b);
    for (const key of lowerBounds) bound(key, (b, a) => a > b);
    for (const key of ['pattern', 'format', 'multipleOf'] as const) {
      const b = before[key];
      const a = after[key];
      if (same(a, b)) continue;
      if (b === undefined) this.add(`added-${key}`, stricter, `${pointer}/${key}`, `added ${key} ${show(a)}`);
      else if (a === undefined)
        this.add(`removed-${key}`, looser, `${pointer}/${key}`, `removed ${key} ${show(b)}`);
      // A changed pattern may accept less and more at once: major both ways, conservatively.
      else this.add(`changed-${key}`, 'major', `${pointer}/${key}`, `${key} ${show(b)} became ${show(a)}`);
    }
    if (before.uniqueItems !== true && after.uniqueItems === true)
      this.add('added-unique-items', stricter, `${pointer}/uniqueItems`, 'items must now be unique');
  }

  private properties(before: Json, after: Json, pointer: string, direction: Direction): void {
    const propsBefore = isObject(before.properties) ? before.properties : {};
    const propsAfter = isObject(after.properties) ? after.properties : {};
    const requiredBefore = new Set(Array.isArray(before.required) ? before.required : []);
    const requiredAfter = new Set(Array.isArray(after.required) ? after.required : []);
    for (const [name, schemaBefore] of Object.entries(propsBefore)) {
      const at = `${pointer}/properties/${escapePointer(name)}`;
      if (!(name in propsAfter)) {
        this.add('removed-property', 'major', at, `removed property \`${name}\``);
        continue;
      }
      this.schema(schemaBefore, propsAfter[name], at, direction);
      if (!requiredBefore.has(name) && requiredAfter.has(name))
        this.add(
          'property-became-required',
          this.pick(direction, 'major', 'minor'),
          at,
          `property \`${name}\` became required`,
        );
      if (requiredBefore.has(name) && !requiredAfter.has(name))
        this.add(
          'property-became-optional',
          this.pick(direction, 'minor', 'major'),
          at,
          direction === 'request'
            ? `property \`${name}\` became optional`
            : `property \`${name}\` became optional (clients relying on it may find it absent)`,
        );
    }
    for (const name of Object.keys(propsAfter)) {
      if (name in propsBefore) continue;
      const at = `${pointer}/properties/${escapePointer(name)}`;
      if (direction === 'request' && requiredAfter.has(name))
        this.add('added-required-property', 'major', at, `added required property \`${name}\``);
      else this.add('added-optional-property', 'minor', at, `added property \`${name}\``);
    }
    const extraBefore = before.additionalProperties;
    const extraAfter = after.additionalProperties;
    if (isObject(extraBefore) && isObject(extraAfter))
      this.schema(extraBefore, extraAfter, `${pointer}/additionalProperties`, direction);
    else if (extraBefore !== false && extraAfter === false)
      this.add(
        'closed-object',
        this.pick(direction, 'major', 'minor'),
        `${pointer}/additionalProperties`,
        'object closed (additionalProperties: false)',
      );
  }

  private arrays(before: Json, after: Json, pointer: string, direction: Direction): void {
    if (before.items !== undefined && after.items !== undefined)
      this.schema(before.items, after.items, `${pointer}/items`, direction);
    const tupleBefore = Array.isArray(before.prefixItems) ? before.prefixItems : [];
    const tupleAfter = Array.isArray(after.prefixItems) ? after.prefixItems : [];
    const length = Math.max(tupleBefore.length, tupleAfter.length);
    for (let index = 0; index < length; index += 1) {
      const at = `${pointer}/prefixItems/${index}`;
      if (index >= tupleAfter.length)
        this.add('removed-prefix-item', 'major', at, `removed tuple item ${index} (prefixItems)`);
      else if (index >= tupleBefore.length)
        this.add(
          'added-prefix-item',
          this.pick(direction, 'major', 'minor'),
          at,
          `added tuple item ${index} (prefixItems)`,
        );
      else this.schema(tupleBefore[index], tupleAfter[index], at, direction);
    }
  }
}
