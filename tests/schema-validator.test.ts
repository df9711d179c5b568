import { describe, expect, it } from 'vitest';
import { collectExamples } from '../scripts/lib/examples.ts';
import { createSchemaValidator } from '../scripts/lib/schema-validator.ts';
import type { OpenApiDocument } from '../scripts/lib/specs.ts';

const spec: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1.0.0' },
  paths: {
    '/things': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Thing' },
                examples: {
                  good: { value: { id: 1, phone: '+14155550100' } },
                  bad: { value: { id: 'one' } },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer' }, phone: { $ref: '#/components/schemas/E164' } },
        'x-note': 'extensions are ignored',
      },
      E164: { type: 'string', pattern: '^\\+[1-9][0-9]{1,14}$', example: '4155550100' },
    },
  },
};

describe('collectExamples + createSchemaValidator', () => {
  const validator = createSchemaValidator(spec);
  const sites = collectExamples(spec);

  it('finds media type and schema examples with their pointers', () => {
    expect(sites.map((site) => site.pointer)).toEqual([
      '#/paths/~1things/get/responses/200/content/application~1json/examples/good',
      '#/paths/~1things/get/responses/200/content/application~1json/examples/bad',
      '#/components/schemas/E164/example',
    ]);
  });

  it('accepts a conforming example and rejects drifted ones with the failing keyword', () => {
    const [good, bad, schemaExample] = sites;
    expect(validator.validate(good?.schema, good?.value)).toEqual([]);
    expect(validator.validate(bad?.schema, bad?.value)).toEqual([
      { instancePath: '/id', keyword: 'type', message: 'must be integer' },
    ]);
    expect(validator.validate(schemaExample?.schema, schemaExample?.value)[0]?.keyword).toBe('pattern');
  });

  it('keeps strict mode: a misspelt keyword is a spec error, not a silent no-op', () => {
    expect(() => validator.validate({ type: 'string', maxLenght: 3 }, 'abcd')).toThrow(/maxLenght/);
  });
});
