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

  it('prefers literal segments over templated ones', () => {
    expect(contracts.match('GET', `${fleet}/workflow/fetch`)?.operationId).toBe('listAgents');
    expect(contracts.match('get', `${fleet}/workflow/fetch?status=active`)?.operationId).toBe('listAgents');
  });

  it('includes the server base path', () => {
    expect(contracts.match('POST', `${dashboard}/accounts/9900/orders`)?.operationId).toBe('createOrder');
    // Without the server's /api/v2 the path is not the documented one.
    expect(contracts.match('POST', 'http://localhost:4015/accounts/9900/orders')).toBeUndefined();
  });

  it('is exact about trailing slashes and says so', async () => {
    expect(contracts.match('POST', `${voice}/api/v2/accounts/9/calls/`)?.operationId).toBe('createCall');
    expect(contracts.match('POST', `${voice}/api/v2/accounts/9/calls`)).toBeUndefined();
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

  it('lets --service force one service', async () => {
    expect(contracts.match('GET', `${fleet}/workflow/fetch/42`, { service: 'telephony' })).toBeUndefined();
    expect(contracts.match('GET', `${fleet}/workflow/fetch/42`, { service: 'fleet' })?.operationId).toBe(
      'getAgent',
    );
    expect(() => contracts.match('GET', `${fleet}/workflow/fetch/42`, { service: 'nope' })).toThrow(
      /Unknown service "nope"/,
    );
  });
});
