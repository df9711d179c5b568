import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { type ContractSet, judge, loadContractSet } from './contract-check.ts';
import { call, configPath, mockUrl, startOnFreePorts } from './support.ts';

/**
 * `x-filters`: the mocks serve an example list without the items the request's query excludes, so
 * what they answer is what the contract checker accepts (the same rules, `applyFilters`).
 */
let mocks: MockSet;
let contracts: ContractSet;

beforeAll(async () => {
  contracts = await loadContractSet(configPath);
  mocks = await startOnFreePorts({ contracts, only: ['agents'] });
});

afterAll(async () => {
  await mocks?.stop();
  await contracts?.close();
});

const bearer = { authorization: 'Bearer t' };

async function conforming(path: string): Promise<unknown> {
  const agents = mockUrl(mocks, 'agents');
  const request = { headers: bearer };
  const answer = await call(agents, path, request);
  expect(answer.status, answer.text).toBe(200);
  const verdict = await judge(contracts, 'agents', agents, path, request, answer);
  expect(verdict.violations).toEqual([]);
  return JSON.parse(answer.text);
}

const statuses = (list: unknown) => (list as Array<{ status: string }>).map((agent) => agent.status);
const runIds = (page: unknown) => (page as { runs: Array<{ id: number }> }).runs.map((run) => run.id);

describe('x-filters in the mocks', () => {
  it('lists only the agents of the status asked for', async () => {
    expect(statuses(await conforming('/api/v1/workflow/fetch'))).toEqual(['active', 'archived']);
    expect(statuses(await conforming('/api/v1/workflow/fetch?status=archived'))).toEqual(['archived']);
    expect(statuses(await conforming('/api/v1/workflow/fetch?status=active'))).toEqual(['active']);
    expect(statuses(await conforming('/api/v1/workflow/fetch?status=archived,%20active'))).toEqual([
      'active',
      'archived',
    ]);
  });

  it('lists only the runs within the dates and filters sent', async () => {
    const runs = '/api/v1/organizations/usage/runs';
    const all = runIds(await conforming(runs));
    expect(all.length).toBeGreaterThan(0);
    expect(runIds(await conforming(`${runs}?end_date=2000-01-01T00:00:00Z`))).toEqual([]);
    expect(runIds(await conforming(`${runs}?start_date=2000-01-01T00:00:00Z`))).toEqual(all);
    const first = all[0] as number;
    const byId = encodeURIComponent(
      JSON.stringify([{ attribute: 'runId', type: 'number', value: { value: first } }]),
    );
    expect(runIds(await conforming(`${runs}?filters=${byId}`))).toEqual([first]);
  });

  it('ignores filter objects of an unknown attribute or an unsupported type value of any JSON type; refuses an element that is not an object or has no value', async () => {
    const runs = '/api/v1/organizations/usage/runs';
    const all = runIds(await conforming(runs));
    const sent = (filters: unknown) => `${runs}?filters=${encodeURIComponent(JSON.stringify(filters))}`;
    for (const ignored of [
      { attribute: 'runId', type: 1, value: { value: 901 } },
      { attribute: 'runId', type: null, value: { value: 901 } },
      { attribute: 42, type: 'number', value: { value: 901 } },
    ]) {
      expect(runIds(await conforming(sent([ignored]))), JSON.stringify(ignored)).toEqual(all);
    }
    for (const refused of [['runId'], [{ attribute: 'runId', type: 'number' }]]) {
      const answer = await call(mockUrl(mocks, 'agents'), sent(refused), { headers: bearer });
      expect(answer.status, JSON.stringify(refused)).toBe(422);
    }
  });
});
