import { describe, expect, it } from 'vitest';
import { lintVariant } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';

describe('svc-no-x-api-key', () => {
  it('accepts the retired header only in x-unsupported-credentials', async () => {
    expect(await lintVariant('svc-no-x-api-key', () => {})).toEqual([]);
  });

  it('reports a header parameter, an apiKey scheme and a response header named X-API-Key in any case', async () => {
    const found = await lintVariant('svc-no-x-api-key', (spec) => {
      spec.paths[NUMBERS].get.parameters.push({
        name: 'x-api-key',
        in: 'header',
        schema: { type: 'string' },
      });
      spec.components.securitySchemes.legacyKey = { type: 'apiKey', in: 'header', name: 'X-API-Key' };
      spec.paths[NUMBERS].get.responses['200'].headers = { 'X-Api-Key': { schema: { type: 'string' } } };
    });
    expect(found).toEqual([
      {
        code: 'svc-no-x-api-key',
        path: ['paths', NUMBERS, 'get', 'parameters', '3', 'name'],
        message:
          'The X-API-Key header is no longer supported by the service: remove this header parameter; credentials are described by the security schemes, and a retired header belongs in the root `x-unsupported-credentials`.',
      },
      {
        code: 'svc-no-x-api-key',
        path: ['paths', NUMBERS, 'get', 'responses', '200', 'headers', 'X-Api-Key'],
        message:
          'The X-API-Key header is no longer supported by the service: remove the `X-Api-Key` header from this response.',
      },
      {
        code: 'svc-no-x-api-key',
        path: ['components', 'securitySchemes', 'legacyKey', 'name'],
        message:
          "The X-API-Key header is no longer supported by the service: remove this security scheme; API keys travel in the service's own documented header.",
      },
    ]);
  });
});

describe('svc-unsupported-credentials', () => {
  it('accepts schemes and parameters that use other names', async () => {
    expect(await lintVariant('svc-unsupported-credentials', () => {})).toEqual([]);
  });

  it('reports a scheme and a parameter that use a listed name', async () => {
    const found = await lintVariant('svc-unsupported-credentials', (spec) => {
      spec['x-unsupported-credentials'].push({
        in: 'query',
        name: 'api_key',
        description: 'Keys in the query string are refused.',
      });
      spec.components.securitySchemes.queryKey = { type: 'apiKey', in: 'query', name: 'api_key' };
      spec.paths[NUMBERS].post.parameters = [{ name: 'x-api-key', in: 'header', schema: { type: 'string' } }];
    });
    expect(found).toEqual([
      {
        code: 'svc-unsupported-credentials',
        path: ['paths', NUMBERS, 'post', 'parameters', '0'],
        message:
          'Parameter `x-api-key` uses header `X-API-Key`, which the root `x-unsupported-credentials` lists as not a credential of this service: remove it (requests that carry it are refused).',
      },
      {
        code: 'svc-unsupported-credentials',
        path: ['components', 'securitySchemes', 'queryKey'],
        message:
          'Security scheme `queryKey` uses query `api_key`, which the root `x-unsupported-credentials` lists as not a credential of this service: remove it (requests that carry it are refused).',
      },
    ]);
  });
});

describe('svc-value-schema', () => {
  it('accepts a valid JSON Schema', async () => {
    expect(await lintVariant('svc-value-schema', () => {})).toEqual([]);
  });

  it('reports an x-value-schema that is not a JSON Schema', async () => {
    const found = await lintVariant('svc-value-schema', (spec) => {
      spec.components.securitySchemes.organizationId['x-value-schema'] = { type: 'string', minLength: -1 };
    });
    expect(found).toEqual([
      {
        code: 'svc-value-schema',
        path: ['components', 'securitySchemes', 'organizationId', 'x-value-schema', 'minLength'],
        message:
          '`x-value-schema` is not a valid JSON Schema (2020-12): "minLength" property must be >= 0; it must describe the credential value, for example `{type: string, pattern: \'^[1-9][0-9]*$\'}`.',
      },
    ]);
  });
});
