import { bundleSpecs, listServices as servicesFromConfig } from '@svc-contracts/contract-model';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compileContracts, type PreparedOperation } from '../src/contract/compiled.js';
import { isPlanned, planOf } from '../src/contract/contract-set.js';
import { type XsdCache, xsdCache } from '../src/contract/xsd-cache.js';
import type { RecordedRequest, RecordedResponse, Violation } from '../src/index.js';
import {
  contentTypeOf,
  headerNames,
  headerValue,
  pickHeaders,
  splitRequest,
} from '../src/parameters/request-parts.js';
import {
  agent,
  apiKey,
  bearer,
  campaign,
  fixtureConfig,
  fleet,
  jsonResponse,
  request,
  rules,
  voice,
  voiceError,
} from './helpers.js';

let compiled: Awaited<ReturnType<typeof compileContracts>>;
let xsd: XsdCache;
beforeAll(async () => {
  const bundled = await bundleSpecs(servicesFromConfig(fixtureConfig), { configPath: fixtureConfig });
  xsd = xsdCache();
  compiled = await compileContracts(bundled.specs, xsd);
});
afterAll(() => xsd.close());

function operation(operationId: string): PreparedOperation {
  const indexed = compiled.index.operations.find((candidate) => candidate.operationId === operationId);
  const prepared = indexed && compiled.operations.get(indexed);
  if (!prepared) throw new Error(`no operation ${operationId} in the fixtures`);
  return prepared;
}

async function checkRequest(recorded: RecordedRequest): Promise<Violation[]> {
  const found = compiled.index.match(recorded.method, recorded.url);
  if (!found.match || !found.operation) throw new Error(`${recorded.url} matches no operation`);
  const prepared = compiled.operations.get(found.operation) as PreparedOperation;
  const plan = planOf(prepared);
  return plan.checkRequest(recorded, plan.readRequest(recorded, found.match));
}

async function checkResponse(recorded: RecordedRequest, response: RecordedResponse): Promise<Violation[]> {
  const found = compiled.index.match(recorded.method, recorded.url);
  const prepared = found.operation && compiled.operations.get(found.operation);
  if (!prepared) throw new Error(`${recorded.url} matches no operation`);
  return planOf(prepared).checkResponse(recorded, response);
}

const pause = request('POST', `${fleet}/campaign/381/pause`, bearer);
const getAgent = (headers: RecordedRequest['headers']) =>
  request('GET', `${fleet}/workflow/fetch/42`, headers);
const createCall = `${voice}/api/v2/accounts/9/calls/`;
const basicOf = (text: string) => [
  { name: 'Authorization', value: `Basic ${Buffer.from(text, 'latin1').toString('base64')}` },
];

describe('the plan of an operation', () => {
  it('is not built at load, and is built on the first entry of its operation only', () => {
    // A warm set-up then costs what reading the cache costs, whatever the number of operations.
    expect(
      compiled.index.operations.map((indexed) =>
        isPlanned(compiled.operations.get(indexed) as PreparedOperation),
      ),
    ).toEqual(compiled.index.operations.map(() => false));
    const first = planOf(operation('listAgents'));
    expect(planOf(operation('listAgents'))).toBe(first);
    expect(isPlanned(operation('getAgent'))).toBe(false);
  });

  it('compiles its checks once: later entries of the operation reuse them', async () => {
    const prepared = operation('pauseCampaign');
    const tester = vi.spyOn(prepared.service.validator, 'tester');
    const answer = jsonResponse(200, campaign, [{ name: 'X-RateLimit-Remaining', value: '9' }]);
    expect(await checkRequest(pause)).toEqual([]);
    expect(await checkResponse(pause, answer)).toEqual([]);
    const compiledChecks = tester.mock.calls.length;
    expect(compiledChecks).toBeGreaterThan(0);
    for (let round = 0; round < 3; round++) {
      expect(await checkRequest(pause)).toEqual([]);
      expect(await checkResponse(pause, answer)).toEqual([]);
    }
    // A failing entry of the same status uses the same compiled checks too.
    expect(rules(await checkResponse(pause, jsonResponse(200, campaign)))).toEqual([
      'response-header-missing',
    ]);
    expect(tester.mock.calls.length).toBe(compiledChecks);
    tester.mockRestore();
  });
  it('plans a response key once for every status under it (`4XX`, `default`)', async () => {
    const prepared = operation('createCall');
    const tester = vi.spyOn(prepared.service.validator, 'tester');
    const call = request('POST', createCall, basicOf('user:secret'));
    expect(await checkResponse(call, jsonResponse(400, voiceError))).toEqual([]);
    const compiledChecks = tester.mock.calls.length;
    expect(compiledChecks).toBeGreaterThan(0);
    for (const status of [404, 409, 422, 429]) {
      expect(await checkResponse(call, jsonResponse(status, voiceError))).toEqual([]);
    }
    // Same key, same plan: a body that breaks it is still refused, by the checks compiled for 400.
    expect(rules(await checkResponse(call, jsonResponse(418, { type: 7 })))).toContain(
      'response-body-schema',
    );
    expect(tester.mock.calls.length).toBe(compiledChecks);
    tester.mockRestore();
  });
});

describe('headers, read in one pass', () => {
  it('finds a header the plan needs whatever the case of its name', async () => {
    for (const name of ['authorization', 'AUTHORIZATION', 'Authorization']) {
      expect(await checkRequest(request('POST', pause.url, [{ name, value: 'Bearer t-1' }]))).toEqual([]);
    }
    const shouted = jsonResponse(200, campaign, [{ name: 'X-RATELIMIT-REMAINING', value: '-1' }]);
    expect((await checkResponse(pause, shouted)).map((violation) => violation.message)).toEqual([
      'response header X-RateLimit-Remaining must be >= 0',
    ]);
  });

  it('takes a name as toLowerCase reads it, the Kelvin sign included, and no other name', async () => {
    const [key, organization] = apiKey as [{ name: string; value: string }, { name: string; value: string }];
    // U+212A KELVIN SIGN lower-cases to an ASCII k, so the header is the API key, as before.
    const kelvin = { name: 'X-SVC-AGENTS-API-\u212AEY', value: key.value };
    expect(await checkRequest(getAgent([kelvin, organization]))).toEqual([]);
    const longer = { name: 'X-SVC-AGENTS-API-KEYS', value: key.value };
    expect(rules(await checkRequest(getAgent([longer, organization])))).toEqual(['security-missing']);
  });

  it('reads the same header in every spelling, each seen again, and after many other names', async () => {
    const [key, organization] = apiKey as [{ name: string; value: string }, { name: string; value: string }];
    const spellings = ['X-SVC-AGENTS-API-KEY', 'x-svc-agents-api-key', 'X-Svc-Agents-Api-Key'];
    for (let round = 0; round < 3; round++) {
      for (const name of spellings) {
        expect(await checkRequest(getAgent([{ name, value: key.value }, organization]))).toEqual([]);
      }
      // More distinct names of the same length than are kept lower-cased: none of them is ours.
      const others = Array.from({ length: 1200 }, (_, at) => ({
        name: `X-Other-${String(at).padStart(12, '0')}`,
        value: 'v',
      }));
      expect(rules(await checkRequest(getAgent([...others, organization])))).toEqual(['security-missing']);
    }
  });

  it('joins a repeated header as before: `, ` for a header read whole, `,` for a credential value', async () => {
    const twice = jsonResponse(200, campaign, [
      { name: 'X-RateLimit-Remaining', value: '1' },
      { name: 'x-ratelimit-remaining', value: '1' },
    ]);
    expect((await checkResponse(pause, twice)).map((violation) => violation.message)).toEqual([
      'response header X-RateLimit-Remaining must be integer',
    ]);
    const key = apiKey[0] as { name: string; value: string };
    const twoOrganizations = getAgent([
      key,
      { name: 'X-SVC-ORGANIZATION-ID', value: '7' },
      { name: 'x-svc-organization-id', value: '8' },
    ]);
    expect((await checkRequest(twoOrganizations)).map((violation) => violation.message)).toEqual([
      'credential of organizationId is malformed: header X-SVC-ORGANIZATION-ID must be integer (x-value-schema)',
    ]);
    const twoTypes = request('POST', createCall, basicOf('user:pass'), '{}', 'application/json');
    twoTypes.headers.push({ name: 'content-type', value: 'charset=utf-8' });
    const violations = await checkRequest(twoTypes);
    expect(violations.find((violation) => violation.rule === 'request-content-type')?.message).toMatch(
      /^Content-Type holds different values \('application\/json', 'charset=utf-8'\)/,
    );
  });

  it('still reports credentials that must not travel together, and unsupported ones', async () => {
    const both = await checkRequest(request('POST', pause.url, [...bearer, ...apiKey]));
    expect(both.map((violation) => [violation.rule, violation.reason])).toEqual([
      ['security-exclusive', 'scheme-not-allowed'],
    ]);
    const retired = await checkRequest(
      request('POST', pause.url, [...bearer, { name: 'x-api-key', value: 'k' }]),
    );
    expect(rules(retired)).toEqual(['unsupported-credential']);
  });
});

describe("Basic credentials, decoded by redact's decodeBasic", () => {
  it('needs a colon after a non-empty user id, in the decoded bytes', async () => {
    const malformed = async (text: string) =>
      (await checkRequest(request('POST', createCall, basicOf(text)))).find(
        (violation) => violation.rule === 'security-malformed',
      )?.message;
    expect(await malformed(':pass')).toBe(
      'credential of basicAuth is malformed: the Basic credentials have an empty user id',
    );
    expect(await malformed('userpass')).toBe(
      'credential of basicAuth is malformed: the Basic credentials do not decode to user-id:password',
    );
    // Not UTF-8 before the colon: still a user id (U+FFFD once decoded), so not malformed.
    expect(await malformed('\xe2:pass')).toBeUndefined();
    expect(await malformed('a:')).toBeUndefined();
    expect(await malformed('ab:c')).toBeUndefined();
  });

  it('judges the same credentials the same when they come again, and others on their own', async () => {
    const states = [];
    for (const text of [':pass', ':pass', 'a:b', 'a:b', 'userpass', ':pass', 'a:b']) {
      const found = await checkRequest(request('POST', createCall, basicOf(text)));
      states.push(found.find((violation) => violation.rule === 'security-malformed') ? 'malformed' : 'ok');
    }
    expect(states).toEqual(['malformed', 'malformed', 'ok', 'ok', 'malformed', 'malformed', 'ok']);
  });
});

describe('a request taken apart as far as the plan reads it', () => {
  const recorded = request('GET', 'http://h/p?a=1&b=x+y#f', [
    { name: 'User-Agent', value: 'curl' },
    { name: 'Cookie', value: 'sid=1; theme=dark' },
    { name: 'Accept', value: 'text/plain' },
    { name: 'accept', value: 'application/json' },
  ]);

  it('keeps only the headers named, each with all its lines', () => {
    const picked = pickHeaders(recorded.headers, headerNames(['Accept']));
    expect([...picked]).toEqual([['accept', ['text/plain', 'application/json']]]);
    expect(headerValue(picked, 'accept')).toBe('text/plain, application/json');
    expect(headerValue(picked, 'user-agent')).toBeUndefined();
    expect(pickHeaders(recorded.headers, headerNames(['X-Absent'])).size).toBe(0);
  });

  it('reads a Content-Type without a map as headerValue reads it from picked headers', () => {
    const rows: Array<[headers: Array<[string, string]>, want: string | undefined]> = [
      [[], undefined],
      [[['X-Request-Id', 'r-1']], undefined],
      [[['Content-Type', 'application/json']], 'application/json'],
      [
        [
          ['content-TYPE', 'text/plain'],
          ['X-Request-Id', 'r-1'],
        ],
        'text/plain',
      ],
      [
        [
          ['Content-Type', 'text/plain'],
          ['Date', 'x'],
          ['content-type', 'application/json'],
        ],
        'text/plain, application/json',
      ],
      [
        [
          ['Content-Typ', 'a/b'],
          ['Content-Types', 'c/d'],
        ],
        undefined,
      ],
    ];
    for (const [fields, want] of rows) {
      const headers = fields.map(([name, value]) => ({ name, value }));
      const picked = headerValue(pickHeaders(headers, headerNames(['content-type'])), 'content-type');
      expect({ fields, value: contentTypeOf(headers) }).toEqual({ fields, value: want });
      expect(picked).toBe(want);
    }
  });

  it('decodes the query and the cookies only when asked to', () => {
    const none = splitRequest(recorded, {}, { headers: headerNames([]), query: false, cookies: false });
    expect([none.headers.size, none.query.size, none.cookies.size]).toEqual([0, 0, 0]);
    const all = splitRequest(recorded, {}, { headers: headerNames(['cookie']), query: true, cookies: true });
    expect([...all.query]).toEqual([
      ['a', ['1']],
      ['b', ['x y']],
    ]);
    expect([...all.cookies]).toEqual([
      ['sid', '1'],
      ['theme', 'dark'],
    ]);
  });
});

describe('entries through the whole plan', () => {
  it('give what they gave before for a conforming exchange and its broken twin', async () => {
    const ok = getAgent(bearer);
    expect(await checkRequest(ok)).toEqual([]);
    expect(await checkResponse(ok, jsonResponse(200, agent))).toEqual([]);
    const broken = await checkResponse(ok, jsonResponse(200, { ...agent, id: 'x' }));
    expect(broken.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['response-body-schema', '/id'],
    ]);
  });
});
