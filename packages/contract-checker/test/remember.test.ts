import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractSet,
  type EntryVerdict,
  type LoadContractsOptions,
  loadContracts,
  parseHar,
  type RecordedRequest,
  type RecordedResponse,
} from '../src/index.js';
import { resolveRemember } from '../src/run/remember.js';
import {
  agent,
  basic,
  bearer,
  dashboard,
  fixtureConfig,
  fleet,
  jsonResponse,
  order,
  orderResponse,
  request,
  voice,
  xmlResponse,
} from './helpers.js';

// `loadContracts({ remember })` leaves out one remembered result per set, for `pnpm bench` to measure what
// each saves. A table: each row leaves some out, and every exchange must get the verdict the default set
// gives it, checked twice in a row (the second time is the one that reads what was remembered).

type Remember = NonNullable<LoadContractsOptions['remember']>;
type Exchange = { name: string; request: RecordedRequest; response: RecordedResponse };

const rows: Array<{ name: string; remember: Remember }> = [
  { name: 'no parse remembered', remember: { parses: false } },
  { name: 'no route remembered', remember: { routes: false } },
  { name: 'no credentials remembered', remember: { credentials: false } },
  { name: 'nothing remembered', remember: { parses: false, routes: false, credentials: false } },
];

const createCall = `${voice}/api/v2/accounts/9/calls/`;
const call = JSON.stringify({
  from: '+14155550100',
  to: '+14155550101',
  applicationId: 'app-1',
  answerUrl: 'https://example.com/answer',
});
const otherBasic = [
  { name: 'authorization', value: `basic ${Buffer.from('other:pass').toString('base64')}` },
];
const badBasic = [{ name: 'AUTHORIZATION', value: 'Basic not-base64!' }];

/** Exchanges against the fixtures that pass and fail on what each remembered result touches. */
const fixtureExchanges: Exchange[] = [
  {
    name: 'an agent',
    request: request('GET', `${fleet}/workflow/fetch/42`, bearer),
    response: jsonResponse(200, agent),
  },
  {
    name: 'the same agent, the header spelt otherwise',
    request: request('GET', `${fleet}/workflow/fetch/42`, [
      { name: 'AUTHORIZATION', value: 'Bearer fixture-token-123' },
    ]),
    response: jsonResponse(200, { ...agent, id: 'not a number' }),
  },
  {
    name: 'an unknown path',
    request: request('GET', `${fleet}/nowhere`, bearer),
    response: jsonResponse(404, {}),
  },
  {
    name: 'a call created with Basic',
    request: request('POST', createCall, basic, call, 'application/json'),
    response: jsonResponse(201, { callId: 'c-1' }),
  },
  {
    name: 'a call with other Basic credentials, lower case',
    request: request('POST', createCall, otherBasic, call, 'Application/JSON'),
    response: jsonResponse(201, { callId: 'c-1' }),
  },
  {
    name: 'a call with Basic that is not base64',
    request: request('POST', createCall, badBasic, call, 'application/json'),
    response: jsonResponse(401, {}),
  },
  {
    name: 'a call whose body does not parse',
    request: request('POST', createCall, basic, '{"from": bad}', 'application/json'),
    response: jsonResponse(400, {}),
  },
  {
    name: 'an order (XML)',
    request: request('POST', `${dashboard}/accounts/9900/orders`, basic, order(), 'application/xml'),
    response: xmlResponse(200, orderResponse),
  },
];

/** Every entry of the repository's contract-tests recordings, against the repository's specs. */
function recordedExchanges(): Exchange[] {
  const dir = fileURLToPath(new URL('../../../contract-tests/recordings/', import.meta.url));
  const exchanges: Exchange[] = [];
  for (const service of readdirSync(dir).sort()) {
    for (const file of readdirSync(join(dir, service)).sort()) {
      if (!file.endsWith('.har')) continue;
      const path = join(dir, service, file);
      for (const { index, request, response } of parseHar(readFileSync(path, 'utf8'), path).exchanges)
        exchanges.push({ name: `${service}/${file}#${index}`, request, response });
    }
  }
  return exchanges;
}

async function verdicts(contracts: ContractSet, exchanges: Exchange[]): Promise<EntryVerdict[]> {
  const found: EntryVerdict[] = [];
  for (const { request, response } of exchanges) {
    found.push(await contracts.checkExchange(request, response));
    found.push(await contracts.checkExchange(request, response));
  }
  return found;
}

const suites = [
  {
    name: 'the fixtures',
    configPath: fixtureConfig,
    exchanges: () => fixtureExchanges,
    seen: ['conforms', 'violation'],
  },
  {
    name: 'the contract-tests recordings',
    configPath: fileURLToPath(new URL('../../../redocly.yaml', import.meta.url)),
    exchanges: recordedExchanges,
    seen: ['conforms', 'rejected-as-expected'],
  },
];

describe.each(suites)(
  'each remembered result left out changes no verdict: $name',
  ({ configPath, exchanges, seen }) => {
    const sets: ContractSet[] = [];
    let expected: EntryVerdict[];
    beforeAll(async () => {
      const contracts = await loadContracts({ configPath });
      sets.push(contracts);
      expected = await verdicts(contracts, exchanges());
    });
    afterAll(() => Promise.all(sets.map((set) => set.close())));

    it(`has exchanges of each verdict in ${seen.join(', ')}`, () => {
      expect(new Set(expected.map((verdict) => verdict.verdict))).toEqual(new Set(seen));
    });

    it.each(rows)('$name', async ({ remember }) => {
      const contracts = await loadContracts({ configPath, remember });
      sets.push(contracts);
      const found = await verdicts(contracts, exchanges());
      const names = exchanges().flatMap(({ name }) => [name, `${name} (again)`]);
      for (const [at, verdict] of found.entries()) expect(verdict, names[at]).toEqual(expected[at]);
      expect(found).toHaveLength(expected.length);
    });
  },
);

describe('loadContracts({ remember })', () => {
  it('remembers everything by default, and leaves out only what is turned off', () => {
    expect(resolveRemember(undefined)).toEqual({
      parses: true,
      routes: true,
      credentials: true,
    });
    expect(resolveRemember({ routes: false, parses: undefined })).toEqual({
      parses: true,
      routes: false,
      credentials: true,
    });
  });

  it.each([
    {
      given: { parse: false },
      message: /remember\.parse is not an option \(remember takes parses, routes, credentials\)/,
    },
    { given: { routes: 'no' }, message: /remember\.routes must be true or false, got "no"/ },
    { given: { credentials: 0 }, message: /remember\.credentials must be true or false, got number/ },
    { given: { headerNames: false }, message: /remember\.headerNames is not an option/ },
    { given: null, message: /remember must be an object of booleans .*, got null/ },
    { given: [false], message: /remember must be an object of booleans .*, got an array/ },
    { given: false, message: /remember must be an object of booleans .*, got boolean/ },
  ])('refuses $given before loading anything', async ({ given, message }) => {
    expect(() => resolveRemember(given)).toThrow(message);
    await expect(
      loadContracts({ configPath: fixtureConfig, remember: given as unknown as Remember }),
    ).rejects.toThrow(message);
  });
});
