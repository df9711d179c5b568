// The cases issue 44 names, each a base/revision pair with the level a client would expect.
import { describe, expect, it } from 'vitest';
import { type Change, requiredBump } from '../src/index.js';
import { changesOf, type Doc, doc, operation, schemaOn } from './tables/table.js';

const verdict = (before: Doc, after: Doc) =>
  changesOf({ openapi: [before, after] }).map((change: Change) => [change.id, change.severity, change.level]);

describe('issue 44: no longer major', () => {
  it.each([
    ['a response enum value removed', { enum: ['a', 'b'] }, { enum: ['a'] }, 'response-enum-value-removed'],
    [
      'a response property that became not nullable',
      { type: ['string', 'null'] },
      { type: 'string' },
      'response-became-not-nullable',
    ],
    ['number → integer in a response', { type: 'number' }, { type: 'integer' }, 'response-type-narrowed'],
  ])('%s: not breaking (minor)', (_name, before, after, id) => {
    expect(verdict(schemaOn('response', before), schemaOn('response', after))).toEqual([
      [id, 'not-breaking', 'minor'],
    ]);
  });
  it('a oneOf member added to a request: not breaking (minor)', () => {
    const one = { oneOf: [{ type: 'string' }] };
    const two = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
    expect(verdict(schemaOn('request', one), schemaOn('request', two))).toEqual([
      ['request-alternative-added', 'not-breaking', 'minor'],
    ]);
  });
  it('a request pattern ^\\w+$ → .* provably widens: not breaking; ^a → ^b is breaking', () => {
    expect(
      verdict(schemaOn('request', { pattern: '^\\w+$' }), schemaOn('request', { pattern: '.*' })),
    ).toEqual([['request-pattern-widened', 'not-breaking', 'minor']]);
    expect(verdict(schemaOn('request', { pattern: '^a' }), schemaOn('request', { pattern: '^b' }))).toEqual([
      ['request-pattern-changed', 'breaking', 'major'],
    ]);
  });
  it('a request format int32 → int64 widens: not breaking', () => {
    const int = (format: string) => schemaOn('request', { type: 'integer', format });
    expect(verdict(int('int32'), int('int64'))).toEqual([
      ['request-format-widened', 'not-breaking', 'minor'],
    ]);
  });
  it('a 404 dropped: not breaking', () => {
    const responses = (extra: Doc) => operation({ responses: { '200': { description: 'ok' }, ...extra } });
    expect(verdict(responses({ '404': { description: 'no' } }), responses({}))).toEqual([
      ['response-non-success-status-removed', 'not-breaking', 'minor'],
    ]);
  });
});

describe('issue 44: compared now, with the level a client expects', () => {
  const param = (schema: Doc, extra: Doc = {}) =>
    operation({ parameters: [{ in: 'query', name: 'limit', schema, ...extra }] });
  it('a parameter default changed: breaking', () => {
    expect(verdict(param({ type: 'integer', default: 10 }), param({ type: 'integer', default: 50 }))).toEqual(
      [['request-parameter-default-changed', 'breaking', 'major']],
    );
  });
  it('a response header that became optional: breaking', () => {
    const header = (required: boolean) =>
      operation({
        responses: {
          '200': { description: 'ok', headers: { 'X-Id': { required, schema: { type: 'string' } } } },
        },
      });
    expect(verdict(header(true), header(false))).toEqual([
      ['response-header-became-optional', 'breaking', 'major'],
    ]);
  });
  it('a webhook removed: breaking', () => {
    const hook = { post: { requestBody: { content: { 'application/json': {} } }, responses: {} } };
    expect(verdict(doc({}, { webhooks: { event: hook } }), doc({}, { webhooks: {} }))).toEqual([
      ['webhook-removed', 'breaking', 'major'],
    ]);
  });
  it('a security requirement that no longer accepts an API key: breaking (clients refuse before sending)', () => {
    const secured = (security: Doc[]) =>
      operation(
        { security },
        {
          components: {
            securitySchemes: {
              key: { type: 'apiKey', in: 'header', name: 'X-Key' },
              basic: { type: 'http', scheme: 'basic' },
            },
          },
        },
      );
    expect(verdict(secured([{ key: [] }, { basic: [] }]), secured([{ basic: [] }]))).toEqual([
      ['security-requirement-removed', 'breaking', 'major'],
    ]);
  });
  it('a securityScheme moved from a header to the query: breaking', () => {
    const scheme = (where: string) =>
      operation({}, { components: { securitySchemes: { key: { type: 'apiKey', in: where, name: 'key' } } } });
    expect(verdict(scheme('header'), scheme('query'))).toEqual([
      ['security-scheme-changed', 'breaking', 'major'],
    ]);
  });
  it('x-requires and x-security-exclusive added: breaking', () => {
    expect(
      verdict(param({ type: 'string' }), param({ type: 'string' }, { 'x-requires': ['offset'] })),
    ).toEqual([['request-parameter-requires-added', 'breaking', 'major']]);
    expect(verdict(operation({}), operation({}, { 'x-security-exclusive': true }))).toEqual([
      ['security-exclusive-added', 'breaking', 'major'],
    ]);
  });
  it('readOnly added to a request property, writeOnly to a response property: breaking', () => {
    const body = (side: 'request' | 'response', flag: Doc) =>
      schemaOn(side, { type: 'object', properties: { id: { type: 'string', ...flag } } });
    expect(verdict(body('request', {}), body('request', { readOnly: true }))).toEqual([
      ['request-property-became-read-only', 'breaking', 'major'],
    ]);
    expect(verdict(body('response', {}), body('response', { writeOnly: true }))).toEqual([
      ['response-property-became-write-only', 'breaking', 'major'],
    ]);
  });
  it('a parameter and a property deprecated: not breaking', () => {
    expect(verdict(param({ type: 'string' }), param({ type: 'string' }, { deprecated: true }))).toEqual([
      ['request-parameter-deprecated', 'not-breaking', 'minor'],
    ]);
    const body = (flag: Doc) =>
      schemaOn('response', { type: 'object', properties: { id: { type: 'string', ...flag } } });
    expect(verdict(body({}), body({ deprecated: true }))).toEqual([
      ['response-property-deprecated', 'not-breaking', 'minor'],
    ]);
  });
});

describe('issue 44: policy where semver and the wire disagree', () => {
  it('removing a deprecated operation or parameter, renaming an operationId, integer → string query: major', () => {
    const get = { responses: {} };
    const withOps = (extra: Doc) => doc({ '/a': { get, ...extra } });
    const cases = [
      verdict(withOps({ post: { deprecated: true, responses: {} } }), withOps({})),
      verdict(
        operation({ parameters: [{ in: 'query', name: 'q', deprecated: true }] }),
        operation({ parameters: [] }),
      ),
      verdict(operation({}), operation({ operationId: 'makeItem' })),
      verdict(
        operation({ parameters: [{ in: 'query', name: 'page', schema: { type: 'integer' } }] }),
        operation({ parameters: [{ in: 'query', name: 'page', schema: { type: 'string' } }] }),
      ),
    ];
    expect(cases).toEqual([
      [['deprecated-operation-removed', 'breaking', 'major']],
      [['request-deprecated-parameter-removed', 'breaking', 'major']],
      [['operation-id-changed', 'breaking', 'major']],
      [['request-parameter-type-generalized', 'breaking', 'major']],
    ]);
    expect(requiredBump(changesOf({ openapi: [operation({}), operation({ operationId: 'x' })] }))).toBe(
      'major',
    );
  });
});

describe('hostile input', () => {
  it('schemas nested past the limit stop the comparison with a reason (not judged), not a stack overflow', () => {
    let deep: Doc = { type: 'string' };
    for (let level = 0; level < 5000; level += 1) deep = { type: 'object', properties: { a: deep } };
    expect(() => changesOf({ openapi: [schemaOn('response', deep), schemaOn('response', deep)] })).toThrow(
      /^schemas nest deeper than 256 levels at #\/paths\/~1items\/post\/responses\/200\/content\/application~1json\/schema(\/properties\/a)+: the documents were not judged$/,
    );
  });
  it('a $ref cycle is compared once per pair and side', () => {
    const node = (extra: Doc) => ({
      type: 'object',
      properties: { child: { $ref: '#/components/schemas/Node' }, ...extra },
    });
    const before = schemaOn(
      'request',
      { $ref: '#/components/schemas/Node' },
      { Node: node({ a: { type: 'string' } }) },
    );
    const after = schemaOn('request', { $ref: '#/components/schemas/Node' }, { Node: node({}) });
    expect(changesOf({ openapi: [before, after] }).map((change) => change.id)).toEqual([
      'request-property-removed',
    ]);
  });
});
