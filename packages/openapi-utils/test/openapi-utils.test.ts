import { describe, expect, it } from 'vitest';
import {
  contentTypeMembers,
  countOperations,
  deref,
  derefWithPointer,
  describeOperation,
  examplesOf,
  findMediaType,
  firstExample,
  isJsonMediaType,
  isXmlMediaType,
  mediaTypeEssence,
  operationsOf,
  parseMediaType,
  pointerOf,
  resolvePointer,
  resolveStrict,
  schemaShape,
  schemaTypes,
  ReferenceError as UnresolvedReferenceError,
} from '../src/index.js';

const doc = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/a/{id}': { get: { responses: {} }, parameters: [], post: { $ref: '#/components/pathItems/post' } },
  },
  webhooks: { notify: { post: { responses: {} } } },
  components: {
    pathItems: { post: { responses: { '200': {} } } },
    schemas: {
      Base: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      Derived: { allOf: [{ $ref: '#/components/schemas/Base' }, { properties: { b: { type: 'integer' } } }] },
      Nullable: { type: ['integer', 'null'] },
      Choice: { oneOf: [{ type: 'string' }, { const: 3 }] },
      'a/b~c': { type: 'boolean' },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
  },
};

describe('pointers and references', () => {
  it('escapes and resolves RFC 6901 segments, with and without #', () => {
    expect(pointerOf(['components', 'schemas', 'a/b~c'])).toBe('#/components/schemas/a~1b~0c');
    expect(resolvePointer(doc, '#/components/schemas/a~1b~0c')).toEqual({ type: 'boolean' });
    expect(resolvePointer(doc, '/components/schemas/a~1b~0c')).toEqual({ type: 'boolean' });
    expect(resolvePointer(doc, 'components')).toBeUndefined();
    expect(resolvePointer(doc, '#/nothing/here')).toBeUndefined();
  });

  it('follows references and names where the node came from', () => {
    expect(deref(doc, { $ref: '#/components/schemas/Base' })).toBe(doc.components.schemas.Base);
    expect(derefWithPointer(doc, { $ref: '#/components/schemas/Base' }, '#/x').pointer).toBe(
      '#/components/schemas/Base',
    );
    expect(deref(doc, { $ref: 'other.yaml#/x' })).toEqual({ $ref: 'other.yaml#/x' });
    // A self-reference stops at the hop limit instead of looping.
    expect(deref(doc, { $ref: '#/components/schemas/Loop' })).toEqual({ $ref: '#/components/schemas/Loop' });
  });

  it('resolves strictly: siblings override, broken references throw', () => {
    expect(resolveStrict(doc, { $ref: '#/components/schemas/Nullable', description: 'd' })).toEqual({
      type: ['integer', 'null'],
      description: 'd',
    });
    expect(() => resolveStrict(doc, { $ref: '#/components/schemas/Loop' })).toThrow(UnresolvedReferenceError);
    expect(() => resolveStrict(doc, { $ref: '#/components/schemas/Missing' })).toThrow(/Unresolved/);
    expect(() => resolveStrict(doc, { $ref: 'x.yaml' })).toThrow(/Only local/);
  });
});

describe('operations', () => {
  it('lists paths then webhooks, following path item references', () => {
    const found = [...operationsOf(doc)].map((entry) => `${describeOperation(entry)} ${entry.pointer}`);
    expect(found).toEqual([
      'GET /a/{id} #/paths/~1a~1{id}/get',
      'POST /a/{id} #/paths/~1a~1{id}/post',
      'webhook notify (POST) #/webhooks/notify/post',
    ]);
    expect([...operationsOf(doc, ['webhooks'])]).toHaveLength(1);
    expect([...operationsOf('not a document')]).toEqual([]);
  });

  it('counts the operations under paths and the webhooks apart (the mocks and the docs print this)', () => {
    expect(countOperations(doc)).toEqual({ operations: 2, webhooks: 1 });
    expect(countOperations({ paths: {} })).toEqual({ operations: 0, webhooks: 0 });
    expect(countOperations(null)).toEqual({ operations: 0, webhooks: 0 });
  });
});

describe('media types', () => {
  it('parses parameters and refuses what is not a media type', () => {
    expect(parseMediaType('Application/JSON; charset="UTF-8"')).toEqual({
      essence: 'application/json',
      type: 'application',
      subtype: 'json',
      parameters: { charset: 'UTF-8' },
    });
    expect(parseMediaType('json')).toBeUndefined();
    expect(isJsonMediaType('application/problem+json')).toBe(true);
    expect(isXmlMediaType('text/xml; charset=utf-8')).toBe(true);
    expect(isXmlMediaType('application/json')).toBe(false);
    expect(['application/xml', 'application/soap+xml', 'Application/XML'].map(isXmlMediaType)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['application/xml-dtd', 'text/plain'].map(isXmlMediaType)).toEqual([false, false]);
  });

  // chrome-har repeats every request header, and repeated lines are joined with ', ': one rule for all.
  it.each([
    ['application/xml, application/xml', 'application/xml'],
    ['application/json, application/json', 'application/json'],
    ['application/json; charset=utf-8, application/json;charset=UTF-8', 'application/json'],
    ['multipart/form-data; boundary="a,b"', 'multipart/form-data'],
    ['application/json; charset=utf-8, text/html', undefined],
    ['application/xml, application/json', undefined],
    ['application/json; charset=utf-8, application/json; charset=iso-8859-1', undefined],
    ['application/json, json', undefined],
  ])('a repeated Content-Type %s: identical values are one, different ones none', (value, essence) => {
    expect(parseMediaType(value)?.essence).toBe(essence);
    expect(mediaTypeEssence(value)).toBe(essence ?? '');
    expect(findMediaType({ [essence ?? 'application/json']: {} }, value)?.key).toBe(essence);
  });

  it('contentTypeMembers: split at commas outside quotes, empty members dropped', () => {
    expect(contentTypeMembers('text/plain')).toEqual(['text/plain']);
    expect(contentTypeMembers('a/b; x="1,2", , c/d')).toEqual(['a/b; x="1,2"', 'c/d']);
  });

  it('picks the most specific declared key; the essence decides, declared parameters only rank', () => {
    const content = { 'application/*': {}, 'application/json': {}, 'text/plain; charset=utf-8': {} };
    expect(findMediaType(content, 'application/json; charset=utf-8')?.key).toBe('application/json');
    expect(findMediaType(content, 'application/xml')?.key).toBe('application/*');
    expect(findMediaType(content, 'text/plain; charset=UTF-8')?.key).toBe('text/plain; charset=utf-8');
    expect(findMediaType(content, 'text/plain')?.key).toBe('text/plain; charset=utf-8');
    expect(findMediaType(content, 'text/html')).toBeUndefined();
  });

  it('a key that names a charset does not cover another charset; a charset left out is not another one', () => {
    const content = { 'application/xml; charset=utf-8': {} };
    for (const sent of [
      'application/xml; charset=utf-8',
      'application/xml;charset=UTF-8',
      'application/xml',
    ]) {
      expect(findMediaType(content, sent)?.key, sent).toBe('application/xml; charset=utf-8');
    }
    for (const sent of ['application/xml; charset=iso-8859-1', 'application/xml; charset=utf-16']) {
      expect(findMediaType(content, sent), sent).toBeUndefined();
    }
    const open = { 'text/plain; charset=utf-8': {}, '*/*': {} };
    expect(findMediaType(open, 'text/plain; charset=iso-8859-1')?.key).toBe('*/*');
    expect(findMediaType({ 'application/json': {} }, 'application/json; charset=iso-8859-1')?.key).toBe(
      'application/json',
    );
  });
});

describe('examples and schemas', () => {
  it('reads example, then examples, following references', () => {
    const media = {
      example: 1,
      examples: { two: { value: 2 }, ref: { $ref: '#/components/examples/three' } },
    };
    const withExamples = { ...doc, components: { ...doc.components, examples: { three: { value: 3 } } } };
    expect(examplesOf(withExamples, media, '#/m').map((e) => [e.name, e.pointer, e.value])).toEqual([
      ['example', '#/m/example', 1],
      ['two', '#/m/examples/two', 2],
      ['ref', '#/m/examples/ref', 3],
    ]);
    expect(firstExample(doc, { examples: { only: { value: 'x' } } })).toBe('x');
    expect(firstExample(doc, {})).toBeUndefined();
  });

  it('reads types and shapes through references and composition', () => {
    expect(schemaTypes(doc, { $ref: '#/components/schemas/Nullable' })).toEqual(['integer', 'null']);
    expect(schemaTypes(doc, { $ref: '#/components/schemas/Choice' })).toEqual(['string', 'integer']);
    const shape = schemaShape(doc, { $ref: '#/components/schemas/Derived' });
    expect(Object.keys(shape.properties)).toEqual(['a', 'b']);
    expect(shape.required).toEqual(['a']);
  });
});
