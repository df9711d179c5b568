import { describe, expect, it } from 'vitest';
import { lintVariant } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';

describe('svc-e164-no-inline-pattern', () => {
  it('accepts the pattern on the schema titled E164 and other patterns elsewhere', async () => {
    const found = await lintVariant('svc-e164-no-inline-pattern', (spec) => {
      spec.components.schemas.Order.properties.SiteId.pattern = '^[0-9]+$';
    });
    expect(found).toEqual([]);
  });

  it('reports an inline E.164-like pattern in a schema and in a parameter', async () => {
    const found = await lintVariant('svc-e164-no-inline-pattern', (spec) => {
      spec.components.schemas.NumberList.properties.owner = {
        type: 'string',
        pattern: '^\\+[1-9]\\d{1,14}$',
      };
      spec.paths[NUMBERS].get.parameters[2].schema = { type: 'string', pattern: '^[+][0-9]+$' };
    });
    expect(found).toEqual([
      {
        code: 'svc-e164-no-inline-pattern',
        path: ['paths', NUMBERS, 'get', 'parameters', '2', 'schema', 'pattern'],
        message:
          'Inline E.164-like pattern `^[+][0-9]+$`: telephone numbers use the shared E164 schema; replace this schema with `$ref` to it (`#/components/schemas/E164` when bundled, common/schemas/E164.yaml in the split spec).',
      },
      {
        code: 'svc-e164-no-inline-pattern',
        path: ['components', 'schemas', 'NumberList', 'properties', 'owner', 'pattern'],
        message:
          'Inline E.164-like pattern `^\\+[1-9]\\d{1,14}$`: telephone numbers use the shared E164 schema; replace this schema with `$ref` to it (`#/components/schemas/E164` when bundled, common/schemas/E164.yaml in the split spec).',
      },
    ]);
  });
});

describe('svc-e164-ref', () => {
  it('accepts $ref to E164 (directly, as items, in a oneOf with null, as items in an anyOf) and ignores switches that mention E.164', async () => {
    const found = await lintVariant('svc-e164-ref', (spec) => {
      spec.components.schemas.NumberList.properties.completed = {
        type: 'array',
        description: 'E.164 by default, 10 digits with NumberFormat LEGACY.',
        items: { anyOf: [{ $ref: '#/components/schemas/E164' }, { type: 'string', pattern: '^[0-9]{10}$' }] },
      };
      spec.components.schemas.NumberList.properties.numberFormat = {
        type: 'string',
        description: '`LEGACY` selects 10-digit numbers; without it numbers are E.164. Open string.',
        example: 'LEGACY',
      };
      spec.components.schemas.NumberList.properties.from = {
        description: 'Sender, E.164 or null.',
        oneOf: [{ $ref: '#/components/schemas/E164' }, { type: 'null' }],
      };
      spec.components.schemas.NumberList.properties.NumberFormat = {
        type: 'string',
        enum: ['LEGACY'],
        description: 'LEGACY selects 10-digit numbers; without it numbers are E.164.',
      };
    });
    expect(found).toEqual([]);
  });

  it('reports a property, an array property and a parameter described as E.164 without the shared schema', async () => {
    const found = await lintVariant('svc-e164-ref', (spec) => {
      spec.components.schemas.NumberList.properties.numbers.items = { type: 'string' };
      spec.components.schemas.NumberList.properties.owner = {
        type: 'string',
        description: 'The owner (E.164).',
      };
      spec.paths[NUMBERS].get.parameters[2].schema = { type: 'string' };
    });
    const message = (name: string) =>
      `\`${name}\` is described as an E.164 number but does not use the shared E164 schema: make its schema \`$ref\` the E164 schema (\`#/components/schemas/E164\` when bundled, common/schemas/E164.yaml in the split spec), or \`items: {$ref: ...}\` for a list.`;
    expect(found).toEqual([
      {
        code: 'svc-e164-ref',
        path: ['paths', NUMBERS, 'get', 'parameters', '2'],
        message: message('tn'),
      },
      {
        code: 'svc-e164-ref',
        path: ['components', 'schemas', 'NumberList', 'properties', 'numbers'],
        message: message('numbers'),
      },
      {
        code: 'svc-e164-ref',
        path: ['components', 'schemas', 'NumberList', 'properties', 'owner'],
        message: message('owner'),
      },
    ]);
  });
});
