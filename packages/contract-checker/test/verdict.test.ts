import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '../src/index.js';
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
import type { Want } from './rule-table.js';

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

const runs = `${fleet}/organizations/usage/runs`;
const rateLimit = { name: 'X-RateLimit-Remaining', value: '99' };

const pause = request('POST', `${fleet}/campaign/381/pause`, bearer);
const overLimit = request('GET', `${runs}?limit=500`, bearer);
const token = `${voice}/api/v1/oauth2/token`;
const form = 'application/x-www-form-urlencoded';
const xmlRefusal =
  '<ResponseStatus><ErrorCode>400</ErrorCode><Description>bad</Description></ResponseStatus>';

/**
 * A row of the exchange verdicts: `given` the request and the answer recorded for it, `want` the verdict,
 * the operation matched (undefined: none), the exchange's violations and, where the row says so, the
 * request's own (each list in order; a violation by the fields the row pins down).
 */
interface VerdictRow {
  name: string;
  given: [RecordedRequest, RecordedResponse];
  want: {
    verdict: 'conforms' | 'rejected-as-expected' | 'violation';
    operationId?: string | undefined;
    violations: Want[];
    requestViolations?: Want[];
  };
}

const verdicts: VerdictRow[] = [
  {
    name: 'conforms: a valid request answered as documented',
    given: [pause, jsonResponse(200, campaign, [rateLimit])],
    want: { verdict: 'conforms', operationId: 'pauseCampaign', violations: [], requestViolations: [] },
  },
  {
    name: 'rejected-as-expected: an invalid request refused with a documented 4xx',
    given: [overLimit, jsonResponse(422, validationError)],
    want: {
      verdict: 'rejected-as-expected',
      violations: [],
      requestViolations: [{ rule: 'parameter-invalid' }],
    },
  },
  {
    name: 'rejected-as-expected: credentials refused with a documented 401',
    given: [request('POST', `${fleet}/campaign/381/pause`, [...bearer, ...apiKey]), jsonResponse(401, {})],
    want: {
      verdict: 'rejected-as-expected',
      violations: [],
      requestViolations: [{ rule: 'security-exclusive' }],
    },
  },
  {
    name: 'rejected-as-expected: a credential problem with a validation one, refused with a documented 401 (authentication comes first)',
    given: [request('GET', `${fleet}/workflow/fetch?status=bogus`), jsonResponse(401, {})],
    want: {
      verdict: 'rejected-as-expected',
      violations: [],
      requestViolations: [{ rule: 'security-missing' }, { rule: 'parameter-invalid' }],
    },
  },
  {
    name: 'rejected-as-expected: the documented validation status (x-validation-status 400)',
    given: [
      request('POST', token, basic, 'grant_type=password&scope=voice.webrtc', form),
      jsonResponse(400, voiceError),
    ],
    want: { verdict: 'rejected-as-expected', violations: [] },
  },
  {
    // The numbers fixture answers validation failures with 400 (x-validation-status 400); its 400 is
    // documented, so 400 passes, while the fleet service (x-validation-status 422) documents no 400.
    name: 'rejected-as-expected: an XML body refused with the documented validation status (400)',
    given: [
      request('POST', `${dashboard}/accounts/9900/orders`, basic, order('maybe'), 'application/xml'),
      xmlResponse(400, xmlRefusal),
    ],
    want: { verdict: 'rejected-as-expected', violations: [] },
  },
  {
    name: 'accepted-invalid-request: an invalid request answered 2xx',
    given: [overLimit, jsonResponse(200, { runs: [], total_count: 0 })],
    want: {
      verdict: 'violation',
      violations: [{ rule: 'parameter-invalid' }, { rule: 'accepted-invalid-request' }],
    },
  },
  {
    name: 'the refusal must itself conform: a documented 4xx with a wrong body',
    given: [overLimit, jsonResponse(422, { error: 'bad' })],
    want: { verdict: 'violation', violations: [{ rule: 'response-body-schema' }] },
  },
  {
    name: 'an invalid request refused with an undocumented status',
    given: [request('GET', `${fleet}/workflow/fetch/abc`, bearer), jsonResponse(400, {})],
    want: {
      verdict: 'violation',
      violations: [{ rule: 'parameter-invalid' }, { rule: 'undeclared-status' }],
    },
  },
  {
    name: 'validation-status: a validation failure refused with 400 where x-validation-status says 422',
    given: [overLimit, jsonResponse(400, {})],
    want: {
      verdict: 'violation',
      violations: [
        {
          rule: 'validation-status',
          message: expect.stringMatching(/answers such requests 422 \(x-validation-status\), not 400/),
        },
      ],
    },
  },
  {
    name: 'an undocumented operation, whatever the answer',
    given: [request('GET', `${dashboard}/accounts/9/importTnOrders`, basic), jsonResponse(404, {})],
    want: { verdict: 'violation', operationId: undefined, violations: [{ rule: 'undocumented-operation' }] },
  },
  {
    name: 'a conforming request with a non-conforming response',
    given: [request('GET', `${fleet}/workflow/fetch/42`, bearer), jsonResponse(200, { ...agent, id: '42' })],
    want: {
      verdict: 'violation',
      violations: [{ rule: 'response-body-schema', pointer: '/id' }],
      requestViolations: [],
    },
  },
];

describe('verdicts', () => {
  it('each verdict has its rows', () => {
    const seen = new Set(verdicts.map((row) => row.want.verdict));
    expect([...seen].sort()).toEqual(['conforms', 'rejected-as-expected', 'violation']);
  });

  it.each(verdicts)('$name', async ({ given: [req, res], want }) => {
    const found = await contracts.checkExchange(req, res);
    expect(rules(found.violations)).toEqual(want.violations.map((wanted) => wanted.rule));
    expect({
      verdict: found.verdict,
      operationId: found.match?.operationId,
      violations: found.violations,
      requestViolations: found.requestViolations,
    }).toMatchObject(want);
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
