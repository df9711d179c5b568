import { describe, expect, it } from 'vitest';
import { lintVariant } from './helpers.js';

const NUMBERS = '/api/v1/accounts/{accountId}/numbers';

describe('svc-version-prefix', () => {
  it('accepts paths under the prefix, and the prefix itself', async () => {
    const found = await lintVariant('svc-version-prefix', (spec) => {
      spec.paths['/api/v1'] = {};
    });
    expect(found).toEqual([]);
  });

  it('reports a path outside the prefix, including a longer version', async () => {
    const found = await lintVariant('svc-version-prefix', (spec) => {
      spec.paths['/api/v10/numbers'] = {};
      spec.paths['/numbers'] = {};
    });
    expect(found).toEqual([
      {
        code: 'svc-version-prefix',
        path: ['paths', '/api/v10/numbers'],
        message:
          'Path `/api/v10/numbers` does not start with the root x-version-prefix `/api/v1`: every path of the service carries the version prefix; move it under `/api/v1`.',
      },
      {
        code: 'svc-version-prefix',
        path: ['paths', '/numbers'],
        message:
          'Path `/numbers` does not start with the root x-version-prefix `/api/v1`: every path of the service carries the version prefix; move it under `/api/v1`.',
      },
    ]);
  });
});

describe('svc-version-prefix-declared', () => {
  it('accepts a root with x-version-prefix', async () => {
    expect(await lintVariant('svc-version-prefix-declared', () => {})).toEqual([]);
  });

  it('reports a root without x-version-prefix', async () => {
    const found = await lintVariant('svc-version-prefix-declared', (spec) => {
      delete spec['x-version-prefix'];
    });
    expect(found).toEqual([
      {
        code: 'svc-version-prefix-declared',
        path: [],
        message:
          'The root has no `x-version-prefix`: declare the prefix every path starts with (for example `x-version-prefix: /api/v1`).',
      },
    ]);
  });
});

describe('svc-server-url-variable', () => {
  it('accepts a URL that starts with a declared variable', async () => {
    const found = await lintVariant('svc-server-url-variable', (spec) => {
      spec.servers.push({
        url: '{dashboard_url}/api/v2',
        variables: { dashboard_url: { default: 'http://localhost' } },
      });
    });
    expect(found).toEqual([]);
  });

  it('reports a fixed URL and an undeclared variable', async () => {
    const found = await lintVariant('svc-server-url-variable', (spec) => {
      spec.servers = [{ url: 'https://api.example.com' }];
      spec.paths[NUMBERS].get.servers = [{ url: '{voice_url}' }];
    });
    expect(found).toEqual([
      {
        code: 'svc-server-url-variable',
        path: ['servers', '0', 'url'],
        message:
          'Server URL `https://api.example.com` does not start with a declared server variable: write it as `{base_url}` (or `{base_url}/...`) with `variables.base_url.default`, so each environment and the mocks can set the base URL.',
      },
      {
        code: 'svc-server-url-variable',
        path: ['paths', NUMBERS, 'get', 'servers', '0', 'url'],
        message:
          'Server URL `{voice_url}` does not start with a declared server variable: write it as `{base_url}` (or `{base_url}/...`) with `variables.base_url.default`, so each environment and the mocks can set the base URL.',
      },
    ]);
  });
});

describe('svc-root-extensions', () => {
  it('accepts the documented shapes, including x-error-schemas as Reference Objects', async () => {
    const found = await lintVariant('svc-root-extensions', (spec) => {
      spec['x-error-schemas'] = {
        '4XX': { $ref: '#/components/schemas/ValidationError' },
        default: '#/components/schemas/ValidationError',
      };
    });
    expect(found).toEqual([]);
  });

  it('reports each malformed extension', async () => {
    const found = await lintVariant('svc-root-extensions', (spec) => {
      spec['x-version-prefix'] = 'api/v1/';
      spec['x-error-schemas'] = { '42': 'ValidationError' };
      spec['x-validation-status'] = 400;
      spec['x-security-exclusive'] = 'yes';
      spec['x-unsupported-credentials'] = [{ in: 'body', name: 'X-API-Key' }];
    });
    expect(found).toEqual([
      {
        code: 'svc-root-extensions',
        path: ['x-version-prefix'],
        message:
          '`x-version-prefix` must be a path that starts with `/` and has no trailing slash, for example `/api/v1`.',
      },
      {
        code: 'svc-root-extensions',
        path: ['x-error-schemas', '42'],
        message:
          "`x-error-schemas` key `42` is not a response status: use a status such as `'422'`, a range such as `'4XX'`, or `default`.",
      },
      {
        code: 'svc-root-extensions',
        path: ['x-error-schemas', '42'],
        message:
          "`x-error-schemas['42']` must be a JSON pointer such as `'#/components/schemas/ValidationError'` or `{$ref: ...}` to the error schema.",
      },
      {
        code: 'svc-root-extensions',
        path: ['x-validation-status'],
        message:
          '`x-validation-status` is 400, but `x-error-schemas` has no entry for 400 (or 4XX): add the schema of the validation error body.',
      },
      {
        code: 'svc-root-extensions',
        path: ['x-security-exclusive'],
        message: '`x-security-exclusive` must be `true` or `false`.',
      },
      {
        code: 'svc-root-extensions',
        path: ['x-unsupported-credentials', '0'],
        message:
          '`x-unsupported-credentials` entries are `{in: header|query|cookie, name, description}`; the description says why it is refused.',
      },
    ]);
  });
});

describe('oas3-schema (spectral:oas, with the Path Item $ref workaround)', () => {
  it('still reports real structural problems', async () => {
    const found = await lintVariant('oas3-schema', (spec) => {
      delete spec.info.version;
    });
    expect(found).toEqual([
      {
        code: 'oas3-schema',
        path: ['info'],
        message: '"info" property must have required property "version".',
      },
    ]);
  });

  it('does not report a Path Item that is a $ref (stoplightio/spectral#2655)', async () => {
    const found = await lintVariant('oas3-schema', (spec) => {
      spec.paths['/api/v1/other'] = { $ref: '#/paths/~1api~1v1~1accounts~1{accountId}~1numbers' };
    });
    expect(found).toEqual([]);
  });
});
