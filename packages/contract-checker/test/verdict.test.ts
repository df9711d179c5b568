import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractSet, loadContracts } from '../src/index.js';
import {
  agent,
  apiKey,
  basic,
  bearer,
  campaign,
  dashboard,
  fixtures,
  fleet,
  jsonResponse,
  loadFixtureContracts,
  order,
  request,
  rules,
  validationError,
  voice,
  voiceError,
  xmlResponse,
} from './helpers.js';

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

const runs = `${fleet}/organizations/usage/runs`;
const rateLimit = { name: 'X-RateLimit-Remaining', value: '99' };

describe('verdicts', () => {
  it('conforms: a valid request answered as documented', async () => {
    const verdict = await contracts.checkExchange(
      request('POST', `${fleet}/campaign/381/pause`, bearer),
      jsonResponse(200, campaign, [rateLimit]),
    );
    expect(verdict).toMatchObject({ verdict: 'conforms', violations: [], requestViolations: [] });
    expect(verdict.match?.operationId).toBe('pauseCampaign');
  });

  it('rejected-as-expected: an invalid request refused with a documented 4xx', async () => {
    const verdict = await contracts.checkExchange(
      request('GET', `${runs}?limit=500`, bearer),
      jsonResponse(422, validationError),
    );
    expect(verdict.verdict).toBe('rejected-as-expected');
    expect(verdict.violations).toEqual([]);
    expect(rules(verdict.requestViolations)).toEqual(['parameter-invalid']);
  });

  it('rejected-as-expected: credentials refused with a documented 401', async () => {
    const verdict = await contracts.checkExchange(
      request('POST', `${fleet}/campaign/381/pause`, [...bearer, ...apiKey]),
      jsonResponse(401, {}),
    );
    expect(verdict.verdict).toBe('rejected-as-expected');
    expect(rules(verdict.requestViolations)).toEqual(['security-exclusive']);
  });

  it('accepted-invalid-request: an invalid request answered 2xx', async () => {
    const verdict = await contracts.checkExchange(
      request('GET', `${runs}?limit=500`, bearer),
      jsonResponse(200, { runs: [], total_count: 0 }),
    );
    expect(verdict.verdict).toBe('violation');
    expect(rules(verdict.violations)).toEqual(['parameter-invalid', 'accepted-invalid-request']);
  });

  it('the refusal must itself conform: a documented 4xx with a wrong body is a violation', async () => {
    const verdict = await contracts.checkExchange(
      request('GET', `${runs}?limit=500`, bearer),
      jsonResponse(422, { error: 'bad' }),
    );
    expect(verdict.verdict).toBe('violation');
    expect(rules(verdict.violations)).toEqual(['response-body-schema']);
  });

  it('an invalid request refused with an undocumented status is a violation', async () => {
    const verdict = await contracts.checkExchange(
      request('GET', `${fleet}/workflow/fetch/abc`, bearer),
      jsonResponse(400, {}),
    );
    expect(verdict.verdict).toBe('violation');
    expect(rules(verdict.violations)).toEqual(['parameter-invalid', 'undeclared-status']);
  });

  it('validation-status: a validation failure refused with 400 where x-validation-status says 422', async () => {
    const verdict = await contracts.checkExchange(
      request('GET', `${runs}?limit=500`, bearer),
      jsonResponse(400, {}),
    );
    expect(verdict.verdict).toBe('violation');
    expect(rules(verdict.violations)).toEqual(['validation-status']);
    expect(verdict.violations[0]?.message).toMatch(
      /answers such requests 422 \(x-validation-status\), not 400/,
    );
    // With a credential problem too, a documented 401 is a fine refusal (authentication comes first).
    const credentials = await contracts.checkExchange(
      request('GET', `${fleet}/workflow/fetch?status=bogus`),
      jsonResponse(401, {}),
    );
    expect(credentials.verdict).toBe('rejected-as-expected');
    expect(rules(credentials.requestViolations)).toEqual(['security-missing', 'parameter-invalid']);
  });

  it('validation-status: the documented validation status passes', async () => {
    const token = `${voice}/api/v1/oauth2/token`;
    const form = 'application/x-www-form-urlencoded';
    const invalid = request('POST', token, basic, 'grant_type=password&scope=voice.webrtc', form);
    expect((await contracts.checkExchange(invalid, jsonResponse(400, voiceError))).verdict).toBe(
      'rejected-as-expected',
    );
    // The numbers fixture answers validation failures with 400; its 400 is documented, so 400 passes,
    // while the fleet service (x-validation-status 422) documents no 400.
    const orders = request(
      'POST',
      `${dashboard}/accounts/9900/orders`,
      basic,
      order('maybe'),
      'application/xml',
    );
    const refused = await contracts.checkExchange(
      orders,
      xmlResponse(
        400,
        '<ResponseStatus><ErrorCode>400</ErrorCode><Description>bad</Description></ResponseStatus>',
      ),
    );
    expect(refused.verdict).toBe('rejected-as-expected');
  });

  it('an undocumented operation is a violation whatever the answer', async () => {
    const verdict = await contracts.checkExchange(
      request('GET', `${dashboard}/accounts/9/importTnOrders`, basic),
      jsonResponse(404, {}),
    );
    expect(verdict.verdict).toBe('violation');
    expect(verdict.match).toBeUndefined();
    expect(rules(verdict.violations)).toEqual(['undocumented-operation']);
  });

  it('a conforming request with a non-conforming response is a violation', async () => {
    const verdict = await contracts.checkExchange(
      request('GET', `${fleet}/workflow/fetch/42`, bearer),
      jsonResponse(200, { ...agent, id: '42' }),
    );
    expect(verdict.verdict).toBe('violation');
    expect(verdict.requestViolations).toEqual([]);
    expect(verdict.violations.map((violation) => violation.pointer)).toEqual(['/id']);
  });
});

describe('no x-validation-status: the source states no validation status', () => {
  let open: ContractSet;
  let dir: string;
  beforeAll(async () => {
    // The fixtures with the fleet service's `x-validation-status` removed.
    dir = mkdtempSync(join(tmpdir(), 'no-validation-status-'));
    cpSync(fixtures, dir, { recursive: true });
    const fleetSpec = join(dir, 'specs/fleet/openapi.yaml');
    writeFileSync(fleetSpec, readFileSync(fleetSpec, 'utf8').replace(/^x-validation-status: 422\n/m, ''));
    open = await loadContracts({ configPath: join(dir, 'redocly.yaml') });
  });
  afterAll(async () => {
    await open?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('any 4xx passes for a request that fails validation, and the verdict reports the status seen', async () => {
    for (const status of [400, 422, 409]) {
      const verdict = await open.checkExchange(
        request('GET', `${runs}?limit=500`, bearer),
        jsonResponse(status, validationError),
      );
      expect(verdict.verdict, String(status)).toBe('rejected-as-expected');
      expect(verdict.violations).toEqual([]);
      expect(verdict.note).toMatch(new RegExp(`^refused ${status}; the source states no validation status`));
    }
  });

  it('a 2xx still fails, and with x-validation-status the wrong status still fails', async () => {
    const accepted = await open.checkExchange(
      request('GET', `${runs}?limit=500`, bearer),
      jsonResponse(200, { runs: [] }),
    );
    expect(rules(accepted.violations)).toContain('accepted-invalid-request');
    const declared = await contracts.checkExchange(
      request('GET', `${runs}?limit=500`, bearer),
      jsonResponse(400, {}),
    );
    expect(rules(declared.violations)).toEqual(['validation-status']);
    expect(declared.note).toBeUndefined();
  });
});
