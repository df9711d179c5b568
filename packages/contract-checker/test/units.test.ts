import { readdirSync, readFileSync } from 'node:fs';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { findMediaType, parseMediaType } from '@svc-contracts/openapi-utils';
import { MASK, maskHeaders, maskUrl, maskXmlMessage } from '@svc-contracts/redact';
import { describe, expect, it } from 'vitest';
import { createSchemaValidator, ruleCatalogue } from '../src/index.js';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'units', version: '1' },
  components: {
    schemas: {
      Cat: {
        type: 'object',
        required: ['kind', 'lives'],
        properties: { kind: { const: 'cat' }, lives: { type: 'integer', maximum: 9 } },
      },
      Dog: {
        type: 'object',
        required: ['kind', 'bark'],
        properties: { kind: { const: 'dog' }, bark: { type: 'boolean' } },
      },
    },
  },
};

describe('schema validator', () => {
  const validator = createSchemaValidator(doc);
  const pet = { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] };

  it('validateConcise reports a failed oneOf at its closest branch', () => {
    expect(validator.validateConcise(pet, { kind: 'cat', lives: 12 })).toEqual([
      {
        instancePath: '/lives',
        keyword: 'maximum',
        message: 'must be <= 9 (closest alternative of the oneOf at /)',
      },
    ]);
    // validate keeps every Ajv error (the branch that failed on `kind` included).
    expect(validator.validate(pet, { kind: 'cat', lives: 12 }).length).toBeGreaterThan(1);
  });

  it('keeps a oneOf that failed because two branches matched', () => {
    const both = { oneOf: [{ type: 'integer' }, { type: 'number' }] };
    expect(validator.validateConcise(both, 3).map((issue) => issue.keyword)).toEqual(['oneOf']);
  });

  it('precompile returns the compile error instead of throwing', () => {
    expect(validator.precompile({ type: 'string', maxLenght: 3 })).toMatch(/maxLenght/);
    expect(validator.precompile({ type: 'string' })).toBeUndefined();
  });
});

describe('media types', () => {
  it('parses essence and parameters', () => {
    expect(parseMediaType('Text/Plain; Charset="UTF-8"')).toEqual({
      essence: 'text/plain',
      type: 'text',
      subtype: 'plain',
      parameters: { charset: 'UTF-8' },
    });
    expect(parseMediaType('not a media type')).toBeUndefined();
  });

  it('finds the most specific declared entry; media types match by essence, parameters only rank', () => {
    const content = { 'application/json': 1, 'application/*': 2, 'text/plain;charset=UTF-8': 3, '*/*': 4 };
    expect(findMediaType(content, 'application/json; charset=utf-8')?.key).toBe('application/json');
    expect(findMediaType(content, 'application/problem+json')?.key).toBe('application/*');
    expect(findMediaType(content, 'text/plain;charset=utf-8')?.key).toBe('text/plain;charset=UTF-8');
    // text/plain, text/plain;charset=UTF-8 and text/plain; charset=utf-8 are one media type: never */*.
    expect(findMediaType(content, 'text/plain')?.key).toBe('text/plain;charset=UTF-8');
    expect(findMediaType({ 'text/plain;charset=UTF-8': 1 }, 'text/plain')?.key).toBe(
      'text/plain;charset=UTF-8',
    );
    expect(findMediaType({ 'text/plain;charset=UTF-8': 1 }, 'text/html')).toBeUndefined();
    const both = { 'text/plain': 1, 'text/plain; charset=utf-8': 2 };
    expect(findMediaType(both, 'text/plain;charset=UTF-8')?.key).toBe('text/plain; charset=utf-8');
    expect(findMediaType(both, 'text/plain')?.key).toBe('text/plain');
  });
});

describe('masking (the one module, @svc-contracts/redact)', () => {
  it('masks user info and credential query values in URLs', () => {
    expect(maskUrl('https://user:pw@h/p?api_key=s3cret&page=2&token=abc#frag')).toBe(
      `https://${MASK}@h/p?api_key=${MASK}&page=2&token=${MASK}#frag`,
    );
    expect(maskUrl('/p?site=v', { names: ['site'] })).toBe(`/p?site=${MASK}`);
    expect(maskUrl('/p?site=v')).toBe('/p?site=v');
  });

  it('masks credential headers, keeping the Authorization scheme word and the token shape', () => {
    expect(
      maskHeaders(
        [
          { name: 'Authorization', value: 'Bearer abc' },
          { name: 'X-SVC-AGENTS-API-KEY', value: 'k' },
          { name: 'X-Client-Secret', value: 's' },
          { name: 'Accept', value: 'application/json' },
        ],
        { names: ['X-SVC-AGENTS-API-KEY'] },
      ),
    ).toEqual([
      { name: 'Authorization', value: `Bearer ${MASK}` },
      { name: 'X-SVC-AGENTS-API-KEY', value: MASK },
      { name: 'X-Client-Secret', value: MASK },
      { name: 'Accept', value: 'application/json' },
    ]);
  });

  it('masks values the XML engine quotes for secret-named elements', () => {
    expect(maskXmlMessage("body, line 3: element 'Password': 'hunter2' is not valid")).toBe(
      `body, line 3: element 'Password': '${MASK}' is not valid`,
    );
    expect(maskXmlMessage("element 'SiteId': 'x' is not valid")).toBe("element 'SiteId': 'x' is not valid");
  });
});

describe('rule catalogue', () => {
  it('every rule has a failing case in the tests', () => {
    const testDir = new URL('./', import.meta.url);
    const sources = readdirSync(testDir)
      .filter((name) => name.endsWith('.test.ts') && name !== 'units.test.ts')
      .map((name) => readFileSync(new URL(name, testDir), 'utf8'))
      .join('\n');
    const untested = Object.keys(ruleCatalogue).filter((rule) => !sources.includes(`'${rule}'`));
    expect(untested).toEqual([]);
  });

  it('the README documents every rule', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(Object.keys(ruleCatalogue).filter((rule) => !readme.includes(`\`${rule}\``))).toEqual([]);
  });
});
