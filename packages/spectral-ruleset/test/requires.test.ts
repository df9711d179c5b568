import { describe, expect, it } from 'vitest';
import { lintVariant } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';
const PARAMETERS = ['paths', NUMBERS, 'get', 'parameters'];

describe('svc-requires-exist', () => {
  it('accepts x-requires that names a parameter of the operation with the same `in`', async () => {
    const found = await lintVariant('svc-requires-exist', (spec) => {
      // A path-level parameter may require one declared on the operation, and the other way round.
      spec.paths[NUMBERS].get.parameters.push({
        name: 'accountScope',
        in: 'path',
        required: true,
        schema: { type: 'string' },
      });
      spec.paths[NUMBERS].parameters[0]['x-requires'] = ['accountScope'];
      spec.paths[NUMBERS].post.parameters = [
        { name: 'accountScope', in: 'path', required: true, schema: { type: 'string' } },
      ];
    });
    expect(found).toEqual([]);
  });

  it('reports a name that is missing, declared with another `in`, or the parameter itself', async () => {
    const found = await lintVariant('svc-requires-exist', (spec) => {
      spec.paths[NUMBERS].get.parameters[0].in = 'header';
      spec.paths[NUMBERS].get.parameters[1]['x-requires'] = ['countryCodeA3', 'areaCode', 'siteId'];
    });
    const path = [...PARAMETERS, '1', 'x-requires'];
    expect(found).toEqual([
      {
        code: 'svc-requires-exist',
        path,
        message:
          '`areaCode` requires `countryCodeA3`, but GET /api/v1/accounts/{accountId}/numbers has no query parameter `countryCodeA3`: add it to the operation, or fix `x-requires`.',
      },
      {
        code: 'svc-requires-exist',
        path,
        message: '`areaCode` lists itself in `x-requires`: list only the other parameters it needs.',
      },
      {
        code: 'svc-requires-exist',
        path,
        message:
          '`areaCode` requires `siteId`, but GET /api/v1/accounts/{accountId}/numbers has no query parameter `siteId`: add it to the operation, or fix `x-requires`.',
      },
    ]);
  });

  it('reports an x-requires that is not a list of names', async () => {
    const found = await lintVariant('svc-requires-exist', (spec) => {
      spec.paths[NUMBERS].get.parameters[1]['x-requires'] = 'countryCodeA3';
    });
    expect(found).toEqual([
      {
        code: 'svc-requires-exist',
        path: [...PARAMETERS, '1', 'x-requires'],
        message:
          '`x-requires` of `areaCode` must be a non-empty list of parameter names, for example `x-requires: [countryCodeA3]`.',
      },
    ]);
  });
});

describe('svc-requires-declared', () => {
  it('accepts a description whose requirement is listed, and prose that names no parameter', async () => {
    const found = await lintVariant('svc-requires-declared', (spec) => {
      spec.paths[NUMBERS].get.parameters[0].description = 'Country code; requires authentication.';
    });
    expect(found).toEqual([]);
  });

  it('reports a back-quoted or bare parameter name that x-requires does not list', async () => {
    const found = await lintVariant('svc-requires-declared', (spec) => {
      delete spec.paths[NUMBERS].get.parameters[1]['x-requires'];
      spec.paths[NUMBERS].get.parameters[2].description =
        'E.164 number; requires the query parameter areaCode.';
    });
    expect(found).toEqual([
      {
        code: 'svc-requires-declared',
        path: [...PARAMETERS, '1'],
        message:
          'The description of `areaCode` says it requires `countryCodeA3`, but `x-requires` does not list it: add `x-requires: [countryCodeA3]` so mocks, the contract checker and clients enforce it.',
      },
      {
        code: 'svc-requires-declared',
        path: [...PARAMETERS, '2'],
        message:
          'The description of `tn` says it requires `areaCode`, but `x-requires` does not list it: add `x-requires: [areaCode]` so mocks, the contract checker and clients enforce it.',
      },
    ]);
  });
});
