import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractSet, loadContracts } from '../src/index.js';
import { serverBasePath } from '../src/router/operation-index.js';
import {
  basic,
  bearer,
  dashboard,
  fixtures,
  fleet,
  jsonResponse,
  loadFixtureContracts,
  request,
  rules,
  voice,
} from './helpers.js';

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

describe('loading', () => {
  it('loads the written services once and lists the unwritten ones', () => {
    expect(contracts.services).toEqual(['fleet', 'telephony', 'numbers']);
    expect(contracts.missingServices).toEqual(['ghost']);
    expect(contracts.problems).toEqual([]);
  });
});

describe('loading explicit specs', () => {
  it('takes { name, root } pairs instead of a config, locations relative to baseDir', async () => {
    const single = await loadContracts({
      specs: [{ name: 'fleet', root: 'specs/fleet/openapi.yaml' }],
      baseDir: fixtures,
    });
    try {
      expect(single.services).toEqual(['fleet']);
      expect(single.match('POST', `${voice}/api/v2/accounts/9/calls/`)).toBeUndefined();
      const { violations } = await single.checkRequest(request('GET', `${fleet}/workflow/fetch/x`, bearer));
      expect(violations[0]?.specLocation).toBe(
        'specs/fleet/openapi.yaml#/paths/~1api~1v1~1workflow~1fetch~1{workflow_id}/get/parameters/0/schema',
      );
    } finally {
      await single.close();
    }
  });
});

describe('serverBasePath', () => {
  it('takes the path after the scheme, host or leading variable', () => {
    expect(serverBasePath('{base_url}')).toBe('');
    expect(serverBasePath('{dashboard_url}/api/v2')).toBe('/api/v2');
    expect(serverBasePath('{dashboard_url}/api/v2/')).toBe('/api/v2');
    expect(serverBasePath('https://{region}.example.com/v1?x=1')).toBe('/v1');
    expect(serverBasePath('/relative')).toBe('/relative');
  });
});

describe('operation matching', () => {
  it('matches a template and decodes its parameters', () => {
    expect(contracts.match('GET', `${fleet}/workflow/fetch/42`)).toEqual({
      service: 'fleet',
      operationId: 'getAgent',
      method: 'GET',
      pathTemplate: '/api/v1/workflow/fetch/{workflow_id}',
      pathParams: { workflow_id: '42' },
    });
    expect(contracts.match('POST', `${voice}/api/v2/accounts/9%2F9/calls/c-1`)?.pathParams).toEqual({
      accountId: '9/9',
      callId: 'c-1',
    });
  });

  /** `given` a method, a URL and the options of a match; `want` the operation matched, or undefined for none. */
  const routes: Array<{
    name: string;
    given: [string, string, { service?: string }?];
    want: string | undefined;
  }> = [
    {
      name: 'a literal segment before a templated one',
      given: ['GET', `${fleet}/workflow/fetch`],
      want: 'listAgents',
    },
    {
      name: 'the method in any case, the query not part of the path',
      given: ['get', `${fleet}/workflow/fetch?status=active`],
      want: 'listAgents',
    },
    {
      name: 'the server base path included',
      given: ['POST', `${dashboard}/accounts/9900/orders`],
      want: 'createOrder',
    },
    {
      name: "without the server's /api/v2 the path is not the documented one",
      given: ['POST', 'http://localhost:4015/accounts/9900/orders'],
      want: undefined,
    },
    {
      name: 'the documented trailing slash',
      given: ['POST', `${voice}/api/v2/accounts/9/calls/`],
      want: 'createCall',
    },
    {
      name: 'exact about trailing slashes: without it, no operation',
      given: ['POST', `${voice}/api/v2/accounts/9/calls`],
      want: undefined,
    },
    {
      name: '--service forces one service: the operation of another is not matched',
      given: ['GET', `${fleet}/workflow/fetch/42`, { service: 'telephony' }],
      want: undefined,
    },
    {
      name: '--service forces one service: its own operation is',
      given: ['GET', `${fleet}/workflow/fetch/42`, { service: 'fleet' }],
      want: 'getAgent',
    },
  ];

  it.each(routes)('$name', ({ given: [method, url, options], want }) => {
    expect(contracts.match(method, url, options)).toEqual(
      want === undefined ? undefined : expect.objectContaining({ operationId: want }),
    );
  });

  it('says so when a trailing slash is all that differs', async () => {
    const { violations } = await contracts.checkRequest(
      request('POST', `${voice}/api/v2/accounts/9/calls`, basic),
    );
    expect(rules(violations)).toEqual(['undocumented-operation']);
    expect(violations[0]?.message).toMatch(/trailing slash/);
  });

  it('reports an undocumented operation, and an undocumented method of a documented path', async () => {
    const v1 = await contracts.checkExchange(
      request('GET', `${dashboard}/accounts/9/addresses`, basic),
      jsonResponse(200, {}),
    );
    expect(v1.verdict).toBe('violation');
    expect(rules(v1.violations)).toEqual(['undocumented-operation']);
    const wrongMethod = await contracts.checkRequest(request('DELETE', `${fleet}/workflow/fetch/42`, bearer));
    expect(wrongMethod.violations[0]?.message).toMatch(/DELETE is not documented .* documents GET/);
  });

  it('refuses an unknown --service', async () => {
    expect(() => contracts.match('GET', `${fleet}/workflow/fetch/42`, { service: 'nope' })).toThrow(
      /Unknown service "nope"/,
    );
  });
});
