import {
  type ContractSet,
  collectHarFiles,
  loadContracts,
  type RecordedRequest,
  readHar,
  type Violation,
} from '@svc-contracts/contract-checker';
import { type MockSet, startMocks } from '@svc-contracts/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath, negativeDir, recordingsDir, shown } from './lib/paths.ts';

// Every recorded request (the positive set and the negative set) replayed against the mocks: a mock
// refuses a request exactly when the contract checker finds the request breaks the contract, with an
// answer the checker accepts as a documented refusal, and answers every other request with a success.
// The mocks validate through the checker, so this pins down what they make of its verdicts. Callbacks
// (entries marked `_webhook`) are left out: the service sends them, so a mock of the service never
// receives one; the checker checks them in recordings (tests/telephony/webhooks.test.ts).

/** Headers the HTTP client sets itself (or refuses to set) for the replayed request. */
const hopByHop = new Set([
  'host',
  'content-length',
  'connection',
  'transfer-encoding',
  'keep-alive',
  'expect',
]);

interface Replayed {
  label: string;
  request: RecordedRequest;
  service: string;
  /** What the checker finds wrong with the request itself. */
  violations: Violation[];
}

interface Outcome {
  status: number;
  /** The checker's verdict on the mock's answer to the request. */
  verdict: string;
  /** The request is valid but one the contract says is refused (`x-refusals`): a 2xx would fail. */
  refused?: boolean;
}

/** Why the mock's answer disagrees with the checker's view of the request; `undefined` when it agrees. */
function disagreement(violations: Violation[], outcome: Outcome): string | undefined {
  const rules = [...new Set(violations.map((violation) => violation.rule))].join(', ');
  if (violations.some((violation) => violation.rule === 'undocumented-operation')) {
    return outcome.status === 404 || outcome.status === 405
      ? undefined
      : `no operation matches, yet the mock answered ${outcome.status}`;
  }
  if (violations.length > 0) {
    if (outcome.status < 400) return `the checker finds ${rules}, yet the mock answered ${outcome.status}`;
    return outcome.verdict === 'rejected-as-expected'
      ? undefined
      : `the checker finds ${rules}; the mock's ${outcome.status} is not a documented refusal (${outcome.verdict})`;
  }
  if (outcome.refused) {
    return outcome.status >= 400 && outcome.verdict === 'conforms'
      ? undefined
      : `the contract refuses this request (x-refusals), yet the mock answered ${outcome.status} (${outcome.verdict})`;
  }
  if (outcome.status < 200 || outcome.status > 299) {
    return `the checker finds the request valid, yet the mock answered ${outcome.status}`;
  }
  return outcome.verdict === 'conforms' ? undefined : `the mock's ${outcome.status} does not conform`;
}

let contracts: ContractSet;
let mocks: MockSet;
const replayed: Replayed[] = [];
const outcomes = new Map<Replayed, Outcome>();

async function replay(entry: Replayed): Promise<Outcome> {
  const mock = mocks.mocks.find((candidate) => candidate.name === entry.service);
  if (!mock) throw new Error(`${entry.label}: no ${entry.service} mock`);
  const url = new URL(entry.request.url);
  const headers = entry.request.headers.filter((header) => !hopByHop.has(header.name.toLowerCase()));
  const response = await fetch(`${mock.url}${url.pathname}${url.search}`, {
    method: entry.request.method,
    headers: headers.map((header): [string, string] => [header.name, header.value]),
    ...(entry.request.body !== undefined && entry.request.body !== '' && { body: entry.request.body }),
    signal: AbortSignal.timeout(120_000),
  });
  const body = await response.text();
  const judged = await contracts.checkExchange(
    entry.request,
    {
      status: response.status,
      headers: headerList(response.headers),
      body,
    },
    { service: entry.service },
  );
  // A 2xx to a request the contract refuses (`x-refusals`) fails `refused-request`: ask the checker.
  const accepted = await contracts.checkExchange(
    entry.request,
    { status: 200, headers: [] },
    { service: entry.service },
  );
  const refused = accepted.violations.some((violation) => violation.rule === 'refused-request');
  return { status: response.status, verdict: judged.verdict, refused };
}

beforeAll(async () => {
  contracts = await loadContracts({ configPath });
  const { files, errors } = await collectHarFiles([recordingsDir, negativeDir]);
  if (errors.length > 0) throw new Error(`unreadable recordings: ${JSON.stringify(errors)}`);
  const unmatched: Array<Omit<Replayed, 'service'>> = [];
  // A request no operation matches belongs to the service its host serves in the other recordings.
  const serviceOfHost = new Map<string, string>();
  for (const file of files) {
    for (const { index, request } of (await readHar(file)).exchanges) {
      if (request.webhook !== undefined) continue;
      const label = `${shown(file)} #${index} ${request.method} ${request.url}`;
      const { match, violations } = await contracts.checkRequest(request);
      const requestViolations = violations.filter((violation) => violation.side === 'request');
      if (!match) {
        unmatched.push({ label, request, violations: requestViolations });
        continue;
      }
      serviceOfHost.set(new URL(request.url).host, match.service);
      replayed.push({ label, request, service: match.service, violations: requestViolations });
    }
  }
  for (const entry of unmatched) {
    const service = serviceOfHost.get(new URL(entry.request.url).host);
    if (!service) throw new Error(`${entry.label}: no recording tells which service its host is`);
    replayed.push({ ...entry, service });
  }
  const services = [...new Set(replayed.map((entry) => entry.service))];
  mocks = await startMocks({
    configPath,
    contracts,
    only: services,
    ports: Object.fromEntries(services.map((name) => [name, 0])),
  });
  for (const entry of replayed) outcomes.set(entry, await replay(entry));
});

afterAll(async () => {
  await mocks?.stop();
  await contracts?.close();
});

describe('the mocks refuse exactly the recorded requests the checker finds broken', () => {
  it('replays both sets, broken and valid requests alike', () => {
    const broken = replayed.filter((entry) => entry.violations.length > 0);
    expect(broken.length).toBeGreaterThan(0);
    expect(replayed.length - broken.length).toBeGreaterThan(0);
    expect(outcomes.size).toBe(replayed.length);
  });

  it('every answer agrees with the checker', () => {
    const disagreements = replayed.flatMap((entry) => {
      const outcome = outcomes.get(entry);
      const why = outcome && disagreement(entry.violations, outcome);
      return why ? [`${entry.label}: ${why}`] : [];
    });
    expect(disagreements).toEqual([]);
  });

  it('every refused request gets a documented refusal status (401, 403, 415 or the validation status)', () => {
    const statuses = new Set(
      replayed.filter((entry) => entry.violations.length > 0).map((entry) => outcomes.get(entry)?.status),
    );
    expect([...statuses].sort()).toEqual(expect.arrayContaining([400, 401, 403, 404, 415, 422]));
  });
});

describe('disagreement (the comparison itself)', () => {
  const violation = (rule: Violation['rule']): Violation => ({
    rule,
    severity: 'error',
    side: 'request',
    message: rule,
  });

  it('reports a broken request the mock accepted, and a valid one it refused', () => {
    expect(disagreement([violation('parameter-invalid')], { status: 200, verdict: 'violation' })).toMatch(
      /parameter-invalid, yet the mock answered 200/,
    );
    expect(disagreement([], { status: 422, verdict: 'violation' })).toMatch(
      /valid, yet the mock answered 422/,
    );
  });

  it('reports a refusal with a status the operation does not document', () => {
    expect(disagreement([violation('security-missing')], { status: 418, verdict: 'violation' })).toMatch(
      /not a documented refusal/,
    );
  });

  it('an unmatched request must be answered 404 or 405', () => {
    expect(disagreement([violation('undocumented-operation')], { status: 404, verdict: 'violation' })).toBe(
      undefined,
    );
    expect(
      disagreement([violation('undocumented-operation')], { status: 201, verdict: 'violation' }),
    ).toMatch(/no operation matches/);
  });

  it('a valid request the contract refuses (x-refusals) must get a conforming refusal, never a 2xx', () => {
    expect(disagreement([], { status: 200, verdict: 'violation', refused: true })).toMatch(
      /the contract refuses this request \(x-refusals\), yet the mock answered 200/,
    );
    expect(disagreement([], { status: 400, verdict: 'conforms', refused: true })).toBe(undefined);
  });

  it('agreement is silent', () => {
    expect(
      disagreement([violation('request-body-schema')], { status: 400, verdict: 'rejected-as-expected' }),
    ).toBe(undefined);
    expect(disagreement([], { status: 200, verdict: 'conforms' })).toBe(undefined);
  });
});

function headerList(headers: Headers): Array<{ name: string; value: string }> {
  const list: Array<{ name: string; value: string }> = [];
  headers.forEach((value, name) => {
    list.push({ name, value });
  });
  return list;
}
