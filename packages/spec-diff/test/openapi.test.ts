import { describe, expect, it } from 'vitest';
import { type Change, diffSpecs, requiredBump } from '../src/index.js';

type Schema = Record<string, unknown>;

/** One POST /items whose request body is `request` and whose 200 response is `#/components/schemas/Item`. */
function spec(response: Schema, request: Schema = { type: 'object' }, extra: Schema = {}): Schema {
  return {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/items': {
        post: {
          operationId: 'createItem',
          parameters: [],
          requestBody: { required: true, content: { 'application/json': { schema: request } } },
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } },
            },
          },
          ...extra,
        },
      },
    },
    components: { schemas: { Item: response } },
  };
}

const base: Schema = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };

function kinds(changes: Change[]): Array<[string, string]> {
  return changes.map((change) => [change.id, change.level]);
}

describe('diffSpecs: operations and responses', () => {
  it('identical documents: no change', () => {
    expect(diffSpecs(spec(base), spec(base))).toEqual([]);
  });
  it('removed path is major, added operation minor', () => {
    const before = spec(base);
    const after = { ...spec(base), paths: { '/other': { get: { responses: {} } } } };
    expect(kinds(diffSpecs(before, after))).toEqual([
      ['path-removed', 'major'],
      ['operation-added', 'minor'],
    ]);
  });
  it('removed operation (same path) is major', () => {
    const after = spec(base);
    const before = spec(base);
    (before.paths as Schema)['/items'] = {
      ...((before.paths as Schema)['/items'] as Schema),
      get: { responses: {} },
    };
    expect(kinds(diffSpecs(before, after))).toEqual([['operation-removed', 'major']]);
    expect(kinds(diffSpecs(after, before))).toEqual([['operation-added', 'minor']]);
  });
  it('removed error response is minor (issue 44: a dropped 404 breaks no client), added response minor', () => {
    const withError = spec(base, { type: 'object' }, {});
    const ops = (withError.paths as Schema)['/items'] as { post: { responses: Schema } };
    ops.post.responses['404'] = { description: 'not found' };
    expect(kinds(diffSpecs(withError, spec(base)))).toEqual([
      ['response-non-success-status-removed', 'minor'],
    ]);
    expect(kinds(diffSpecs(spec(base), withError))).toEqual([['response-status-added', 'minor']]);
  });
  it('changed operationId is major (generated method names)', () => {
    expect(kinds(diffSpecs(spec(base), spec(base, undefined, { operationId: 'makeItem' })))).toEqual([
      ['operation-id-changed', 'major'],
    ]);
  });
  it('description, summary and example changes are patch', () => {
    const after = spec({ ...base, description: 'An item', example: { id: 'a' } }, undefined, {
      summary: 'Create',
    });
    const changes = diffSpecs(spec(base), after);
    expect(changes.every((change) => change.level === 'patch')).toBe(true);
    expect(changes.map((change) => change.reason).sort()).toEqual([
      'added description',
      'added example',
      'added summary',
    ]);
    expect(new Set(changes.map((change) => change.id))).toEqual(new Set(['documentation-changed']));
    expect(requiredBump(changes)).toBe('patch');
  });
});

describe('diffSpecs: response schemas', () => {
  it('removed property is major, with the component pointer', () => {
    const before = spec({
      ...base,
      properties: { ...(base.properties as Schema), state: { type: 'string' } },
    });
    expect(diffSpecs(before, spec(base))).toEqual([
      {
        id: 'response-property-removed',
        level: 'major',
        severity: 'breaking',
        direction: 'response',
        pointer: '#/components/schemas/Item/properties/state',
        before: '#/components/schemas/Item/properties/state',
        operation: 'POST /items',
        reason: 'removed property `state`',
      },
    ]);
  });
  it('added property is minor', () => {
    const after = spec({ ...base, properties: { ...(base.properties as Schema), name: { type: 'string' } } });
    expect(kinds(diffSpecs(spec(base), after))).toEqual([['response-property-added', 'minor']]);
  });
  it('removed enum value in a response is minor (issue 44: narrowing); added enum value in a response is major', () => {
    const two = spec({ type: 'string', enum: ['a', 'b'] });
    const one = spec({ type: 'string', enum: ['a'] });
    expect(kinds(diffSpecs(two, one))).toEqual([['response-enum-value-removed', 'minor']]);
    expect(kinds(diffSpecs(one, two))).toEqual([['response-enum-value-added', 'major']]);
  });
  it('a response that is no longer nullable ([string, null] → string) is minor (issue 44)', () => {
    expect(kinds(diffSpecs(spec({ type: ['string', 'null'] }), spec({ type: 'string' })))).toEqual([
      ['response-became-not-nullable', 'minor'],
    ]);
  });
  it('widened type in a response is major (clients meet null)', () => {
    expect(kinds(diffSpecs(spec({ type: 'string' }), spec({ type: ['string', 'null'] })))).toEqual([
      ['response-became-nullable', 'major'],
    ]);
  });
  it('number → integer narrows a response: minor (issue 44)', () => {
    expect(kinds(diffSpecs(spec({ type: 'number' }), spec({ type: 'integer' })))).toEqual([
      ['response-type-narrowed', 'minor'],
    ]);
  });
  it('property that became optional in a response is major', () => {
    expect(kinds(diffSpecs(spec(base), spec({ ...base, required: [] })))).toEqual([
      ['response-property-became-optional', 'major'],
    ]);
  });
  it('const added to a response narrows it (minor), changed const is major', () => {
    expect(kinds(diffSpecs(spec({ type: 'string' }), spec({ type: 'string', const: 'x' })))).toEqual([
      ['response-const-added', 'minor'],
    ]);
    expect(kinds(diffSpecs(spec({ const: 'x' }), spec({ const: 'y' })))).toEqual([
      ['response-const-changed', 'major'],
    ]);
  });
  it('looser bound in a response is major, tighter minor', () => {
    expect(
      kinds(diffSpecs(spec({ type: 'string', maxLength: 5 }), spec({ type: 'string', maxLength: 9 }))),
    ).toEqual([['response-bound-loosened', 'major']]);
    expect(
      kinds(diffSpecs(spec({ type: 'string', maxLength: 9 }), spec({ type: 'string', maxLength: 5 }))),
    ).toEqual([['response-bound-tightened', 'minor']]);
  });
  it('prefixItems: removed tuple item is major, changed item schema is compared', () => {
    const two = spec({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] });
    const one = spec({ type: 'array', prefixItems: [{ type: 'string' }] });
    expect(kinds(diffSpecs(two, one))).toEqual([['response-prefix-item-removed', 'major']]);
    expect(kinds(diffSpecs(one, two))).toEqual([['response-prefix-item-added', 'minor']]);
    const narrowed = spec({ type: 'array', prefixItems: [{ type: ['string', 'null'] }] });
    expect(diffSpecs(narrowed, one)).toMatchObject([
      { id: 'response-became-not-nullable', pointer: '#/components/schemas/Item/prefixItems/0/type' },
    ]);
  });
  it('follows $refs through cycles without looping', () => {
    const node = (extra: Schema) => ({
      type: 'object',
      properties: { child: { $ref: '#/components/schemas/Item' }, ...extra },
    });
    const changes = diffSpecs(spec(node({ name: { type: 'string' } })), spec(node({})));
    expect(kinds(changes)).toEqual([['response-property-removed', 'major']]);
  });
});

describe('diffSpecs: requests', () => {
  const body = (schema: Schema) => spec(base, schema);
  const obj: Schema = { type: 'object', properties: { a: { type: 'string' } } };
  it('added required property is major, added optional property minor', () => {
    const withB = (required: string[]) => body({ ...obj, properties: { a: {}, b: {} }, required });
    const plain = body({ ...obj, properties: { a: {} } });
    expect(kinds(diffSpecs(plain, withB(['b'])))).toEqual([['request-property-added-required', 'major']]);
    expect(kinds(diffSpecs(plain, withB([])))).toEqual([['request-property-added', 'minor']]);
  });
  it('property that became required is major; became optional minor', () => {
    expect(kinds(diffSpecs(body(obj), body({ ...obj, required: ['a'] })))).toEqual([
      ['request-property-became-required', 'major'],
    ]);
    expect(kinds(diffSpecs(body({ ...obj, required: ['a'] }), body(obj)))).toEqual([
      ['request-property-became-optional', 'minor'],
    ]);
  });
  it('narrowed type is major, widened type minor', () => {
    expect(kinds(diffSpecs(body({ type: ['string', 'null'] }), body({ type: 'string' })))).toEqual([
      ['request-became-not-nullable', 'major'],
    ]);
    expect(kinds(diffSpecs(body({ type: 'string' }), body({ type: ['string', 'null'] })))).toEqual([
      ['request-became-nullable', 'minor'],
    ]);
  });
  it('changed or added pattern is major, removed pattern minor', () => {
    expect(kinds(diffSpecs(body({ pattern: '^a' }), body({ pattern: '^b' })))).toEqual([
      ['request-pattern-changed', 'major'],
    ]);
    expect(kinds(diffSpecs(body({}), body({ pattern: '^b' })))).toEqual([['request-pattern-added', 'major']]);
    expect(kinds(diffSpecs(body({ pattern: '^b' }), body({})))).toEqual([
      ['request-pattern-removed', 'minor'],
    ]);
  });
  it.each([
    ['maxLength', 10, 5],
    ['maximum', 10, 5],
    ['maxItems', 10, 5],
    ['minLength', 1, 3],
    ['minimum', 1, 3],
    ['minItems', 1, 3],
  ])('tighter %s is major, looser minor, new bound major', (key, loose, tight) => {
    expect(kinds(diffSpecs(body({ [key]: loose }), body({ [key]: tight })))).toEqual([
      ['request-bound-tightened', 'major'],
    ]);
    expect(kinds(diffSpecs(body({ [key]: tight }), body({ [key]: loose })))).toEqual([
      ['request-bound-loosened', 'minor'],
    ]);
    expect(kinds(diffSpecs(body({}), body({ [key]: tight })))).toEqual([
      ['request-bound-tightened', 'major'],
    ]);
  });
  it('removed enum value is major, added enum value minor', () => {
    expect(kinds(diffSpecs(body({ enum: ['a', 'b'] }), body({ enum: ['a'] })))).toEqual([
      ['request-enum-value-removed', 'major'],
    ]);
    expect(kinds(diffSpecs(body({ enum: ['a'] }), body({ enum: ['a', 'b'] })))).toEqual([
      ['request-enum-value-added', 'minor'],
    ]);
  });
  it('const removed from a request is minor', () => {
    expect(kinds(diffSpecs(body({ const: 'x' }), body({})))).toEqual([['request-const-removed', 'minor']]);
  });
  it('parameters: added required major, added optional minor, became required major, removed major', () => {
    const withParam = (param: Schema | undefined) =>
      spec(base, undefined, {
        parameters: param ? [{ in: 'query', name: 'q', schema: { type: 'string' }, ...param }] : [],
      });
    expect(kinds(diffSpecs(withParam(undefined), withParam({ required: true })))).toEqual([
      ['request-parameter-added-required', 'major'],
    ]);
    expect(kinds(diffSpecs(withParam(undefined), withParam({})))).toEqual([
      ['request-parameter-added-optional', 'minor'],
    ]);
    expect(kinds(diffSpecs(withParam({}), withParam({ required: true })))).toEqual([
      ['request-parameter-became-required', 'major'],
    ]);
    expect(kinds(diffSpecs(withParam({}), withParam(undefined)))).toEqual([
      ['request-parameter-removed', 'major'],
    ]);
    expect(kinds(diffSpecs(withParam({}), withParam({ schema: { type: 'string', maxLength: 3 } })))).toEqual([
      ['request-bound-tightened', 'major'],
    ]);
  });
});
