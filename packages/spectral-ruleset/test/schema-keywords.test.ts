import { describe, expect, it } from 'vitest';
import { lintVariant, type Spec } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';

describe('svc-no-nullable', () => {
  it('accepts type arrays, a property named nullable, and nullable inside example data', async () => {
    const found = await lintVariant('svc-no-nullable', (spec) => {
      spec.components.schemas.NumberList.properties.nullable = { type: 'boolean' };
      spec.components.schemas.NumberList.example = { numbers: [], nullable: true };
    });
    expect(found).toEqual([]);
  });

  it('reports the 3.0 keyword', async () => {
    const found = await lintVariant('svc-no-nullable', (spec) => {
      spec.components.schemas.NumberList.properties.count = { type: 'integer', nullable: true };
    });
    expect(found).toEqual([
      {
        code: 'svc-no-nullable',
        path: ['components', 'schemas', 'NumberList', 'properties', 'count', 'nullable'],
        message:
          '`nullable` is an OpenAPI 3.0 keyword that 3.1 ignores: remove it and allow null with a type array, for example `type: [integer, "null"]` (or `oneOf: [{$ref: ...}, {type: "null"}]` for a reference).',
      },
    ]);
  });
});

describe('svc-valid-media-example', () => {
  it('accepts valid JSON examples and skips XML examples of object schemas', async () => {
    const found = await lintVariant('svc-valid-media-example', (spec) => {
      spec.paths[NUMBERS].post.responses['201'].content['application/xml; charset=utf-8'].example =
        '<Order/>';
    });
    expect(found).toEqual([]);
  });

  it('reports a JSON example and a named example that do not match the schema', async () => {
    const found = await lintVariant('svc-valid-media-example', (spec) => {
      const media = spec.paths[NUMBERS].get.responses['200'].content['application/json'];
      media.example = { numbers: 'not a list' };
      media.examples = { empty: { value: {} } };
    });
    const base = ['paths', NUMBERS, 'get', 'responses', '200', 'content', 'application/json'];
    expect(found).toEqual([
      {
        code: 'svc-valid-media-example',
        path: [...base, 'example', 'numbers'],
        message: 'The example does not match its schema: "numbers" property type must be array.',
      },
      {
        code: 'svc-valid-media-example',
        path: [...base, 'examples', 'empty', 'value'],
        message:
          'The example does not match its schema: "value" property must have required property "numbers".',
      },
    ]);
  });

  it('replaces the built-in oas3-valid-media-example, which fails XML examples', async () => {
    expect(await lintVariant('oas3-valid-media-example', () => {})).toEqual([]);
  });
});

describe('svc-valid-schema-example', () => {
  it('accepts valid schema examples and an XML text example on a schema serialised as XML', async () => {
    const found = await lintVariant('svc-valid-schema-example', (spec) => {
      spec.components.schemas.Order.example = '<Order><SiteId>1</SiteId></Order>';
      spec.components.schemas.NumberList.properties.count.examples = [3, null];
    });
    expect(found).toEqual([]);
  });

  it('reports example, default and examples entries that do not match, JSON strings on object schemas included', async () => {
    const found = await lintVariant('svc-valid-schema-example', (spec) => {
      spec.components.schemas.NumberList.properties.count.examples = ['three'];
      spec.components.schemas.NumberList.properties.count.default = 'none';
      spec.components.schemas.ValidationError.example = '<Error/>';
    });
    const count = ['components', 'schemas', 'NumberList', 'properties', 'count'];
    expect(found).toEqual([
      {
        code: 'svc-valid-schema-example',
        path: [...count, 'examples', '0'],
        message: 'The example does not match its schema: "0" property type must be integer,null.',
      },
      {
        code: 'svc-valid-schema-example',
        path: [...count, 'default'],
        message: 'The example does not match its schema: "default" property type must be integer,null.',
      },
      {
        code: 'svc-valid-schema-example',
        path: ['components', 'schemas', 'ValidationError', 'example'],
        message: 'The example does not match its schema: "example" property type must be object.',
      },
    ]);
  });

  it('replaces the built-in oas3-valid-schema-example', async () => {
    const found = await lintVariant('oas3-valid-schema-example', (spec) => {
      spec.components.schemas.Order.example = '<Order/>';
    });
    expect(found).toEqual([]);
  });
});

describe('svc-bound-not-shown', () => {
  it('accepts a schema that lists a bound it does not set', async () => {
    const found = await lintVariant('svc-bound-not-shown', (spec) => {
      spec.components.schemas.Order.properties.SiteId['x-bound-not-shown'] = ['maxLength'];
    });
    expect(found).toEqual([]);
  });

  it('reports a listed keyword that the schema sets, and a malformed list', async () => {
    const found = await lintVariant('svc-bound-not-shown', (spec) => {
      spec.components.schemas.Order.properties.SiteId['x-bound-not-shown'] = ['maxLength'];
      spec.components.schemas.Order.properties.SiteId.maxLength = 64;
      spec.components.schemas.NumberList.properties.count['x-bound-not-shown'] = 'maximum';
    });
    expect(found).toEqual([
      {
        code: 'svc-bound-not-shown',
        path: ['components', 'schemas', 'NumberList', 'properties', 'count', 'x-bound-not-shown'],
        message:
          '`x-bound-not-shown` must be a non-empty list of JSON Schema keywords, for example `[maxLength]`.',
      },
      {
        code: 'svc-bound-not-shown',
        path: ['components', 'schemas', 'Order', 'properties', 'SiteId', 'maxLength'],
        message:
          '`maxLength` is listed in `x-bound-not-shown` (the source says the bound exists but does not show it), so the schema must not set it: remove `maxLength`, or remove it from `x-bound-not-shown` if the source does show the value.',
      },
    ]);
  });
});

describe('svc-jwt-claims', () => {
  const tokenSchema = (spec: Spec): Spec => {
    spec.components.schemas.Token = {
      type: 'object',
      properties: { access_token: { type: 'string' }, access_token_id: { type: 'string' } },
      'x-jwt-claims': [{ token: 'access_token', claim: 'jti', equals: 'access_token_id' }],
    };
    return spec.components.schemas.Token;
  };

  it('accepts entries that name two properties of the schema', async () => {
    const found = await lintVariant('svc-jwt-claims', (spec) => {
      tokenSchema(spec);
    });
    expect(found).toEqual([]);
  });

  it('reports a malformed list, a malformed entry and a name that is not a property', async () => {
    const found = await lintVariant('svc-jwt-claims', (spec) => {
      tokenSchema(spec)['x-jwt-claims'] = [
        { token: 'access_token', claim: 'jti', equals: 'token_id' },
        { token: 'access_token', claim: '' },
      ];
      spec.components.schemas.NumberList['x-jwt-claims'] = 'jti';
    });
    const shape =
      '`x-jwt-claims` must be a non-empty list of `{token, claim, equals}`: the property holding the JWT, the claim, and the property that must equal it, for example `[{token: access_token, claim: jti, equals: access_token_id}]`.';
    expect(found).toEqual([
      {
        code: 'svc-jwt-claims',
        path: ['components', 'schemas', 'NumberList', 'x-jwt-claims'],
        message: shape,
      },
      {
        code: 'svc-jwt-claims',
        path: ['components', 'schemas', 'Token', 'x-jwt-claims', '0', 'equals'],
        message:
          '`x-jwt-claims` equals `token_id` is not a property of this schema: name one of its `properties`.',
      },
      {
        code: 'svc-jwt-claims',
        path: ['components', 'schemas', 'Token', 'x-jwt-claims', '1'],
        message: shape,
      },
    ]);
  });
});
