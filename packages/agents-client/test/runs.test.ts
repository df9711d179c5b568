import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentsApiError, InvalidRequestError, runFilter, serializeRunFilters } from '../src/index.js';
import { apiKeyClient, type LocalServer, queryOf, sendJson, startServer } from './support.js';

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((_, res) => sendJson(res, 200, { runs: [], total_pages: 1 }));
});
afterEach(() => server.close());

describe('runFilter', () => {
  it('builds the seven documented shapes', () => {
    expect([
      runFilter.runId(1042),
      runFilter.workflowId(17),
      runFilter.campaignId(381),
      runFilter.callerNumber('415555'),
      runFilter.calledNumber('212555'),
      runFilter.dispositionCode(['INTERESTED', 'CALLBACK_REQUESTED']),
      runFilter.duration({ min: 30, max: 300 }),
    ]).toEqual([
      { attribute: 'runId', type: 'number', value: { value: 1042 } },
      { attribute: 'workflowId', type: 'number', value: { value: 17 } },
      { attribute: 'campaignId', type: 'number', value: { value: 381 } },
      { attribute: 'callerNumber', type: 'text', value: { value: '415555' } },
      { attribute: 'calledNumber', type: 'text', value: { value: '212555' } },
      {
        attribute: 'dispositionCode',
        type: 'multiSelect',
        value: { codes: ['INTERESTED', 'CALLBACK_REQUESTED'] },
      },
      { attribute: 'duration', type: 'numberRange', value: { min: 30, max: 300 } },
    ]);
  });

  it('serializes to the exact JSON text the service expects', () => {
    expect(serializeRunFilters([runFilter.campaignId(381), runFilter.duration({ min: 30, max: 300 })])).toBe(
      '[{"attribute":"campaignId","type":"number","value":{"value":381}},{"attribute":"duration","type":"numberRange","value":{"min":30,"max":300}}]',
    );
    expect(serializeRunFilters([runFilter.dispositionCode(['A'])])).toBe(
      '[{"attribute":"dispositionCode","type":"multiSelect","value":{"codes":["A"]}}]',
    );
  });

  it('leaves the parameter out for no filters', () => {
    expect(serializeRunFilters(undefined)).toBeUndefined();
    expect(serializeRunFilters([])).toBeUndefined();
  });

  it('refuses values of the wrong type', () => {
    expect(() => runFilter.runId(Number.NaN)).toThrow(InvalidRequestError);
    expect(() => runFilter.campaignId('381' as unknown as number)).toThrow(/finite number/);
    expect(() => runFilter.callerNumber(415 as unknown as string)).toThrow(/must be a string/);
    expect(() => runFilter.dispositionCode('A' as unknown as string[])).toThrow(/array of strings/);
    expect(() => runFilter.duration({ min: 1, max: Number.POSITIVE_INFINITY })).toThrow(/duration max/);
    expect(() => serializeRunFilters([{ attribute: 'x' } as never])).toThrow(/filters\[0\]/);
  });
});

describe('listRuns', () => {
  it('sends filters as percent-encoded JSON text', async () => {
    await apiKeyClient(server).listRuns({ filters: [runFilter.campaignId(381)] });
    const url = server.requests[0]?.url ?? '';
    expect(url).toBe(
      '/api/v1/organizations/usage/runs?filters=%5B%7B%22attribute%22%3A%22campaignId%22%2C%22type%22%3A%22number%22%2C%22value%22%3A%7B%22value%22%3A381%7D%7D%5D',
    );
    expect(JSON.parse(queryOf(url).filters ?? '')).toEqual([
      { attribute: 'campaignId', type: 'number', value: { value: 381 } },
    ]);
  });

  it('sends dates in UTC, from a Date or from text', async () => {
    await apiKeyClient(server).listRuns({
      start_date: new Date(Date.UTC(2025, 2, 1)),
      end_date: '2025-03-31T23:59:59+00:00',
      page: 2,
      limit: 100,
    });
    expect(queryOf(server.requests[0]?.url ?? '')).toEqual({
      start_date: '2025-03-01T00:00:00.000Z',
      end_date: '2025-03-31T23:59:59+00:00',
      page: '2',
      limit: '100',
    });
  });

  it('sends ISO 8601 text in UTC that is not RFC 3339 as it is (the source names ISO 8601)', async () => {
    await apiKeyClient(server).listRuns({ start_date: '2025-03-01T00:00Z', end_date: '20250331T235959Z' });
    expect(queryOf(server.requests[0]?.url ?? '')).toEqual({
      start_date: '2025-03-01T00:00Z',
      end_date: '20250331T235959Z',
    });
  });

  it.each([
    [{ limit: 0 }, 'limit must be an integer from 1 to 100, got 0.'],
    [{ limit: 101 }, 'limit must be an integer from 1 to 100, got 101.'],
    [{ limit: 2.5 }, 'limit must be an integer from 1 to 100, got 2.5.'],
    [{ page: 0 }, 'page must be an integer >= 1, got 0.'],
    [{ page: -3 }, 'page must be an integer >= 1, got -3.'],
  ])('refuses %o before sending', async (params, message) => {
    await expect(apiKeyClient(server).listRuns(params)).rejects.toThrow(new InvalidRequestError(message));
    expect(server.requests).toHaveLength(0);
  });

  it('refuses dates that are not UTC or not dates', async () => {
    const client = apiKeyClient(server);
    await expect(client.listRuns({ start_date: '2025-03-01T00:00:00+02:00' })).rejects.toThrow(/in UTC/);
    await expect(client.listRuns({ end_date: '2025-03-01' })).rejects.toThrow(/end_date/);
    await expect(client.listRuns({ end_date: '2025-03-01 00:00:00Z' })).rejects.toThrow(/ISO 8601/);
    await expect(client.listRuns({ end_date: '2025-13-01T00:00:00Z' })).rejects.toThrow(/end_date/);
    await expect(client.listRuns({ end_date: new Date('nope') })).rejects.toThrow(/invalid Date/);
    expect(server.requests).toHaveLength(0);
  });
});

describe('iterateRuns', () => {
  function pagedServer(totalPages: number | undefined, perPage = 2) {
    server.handle((request, res) => {
      const page = Number(queryOf(request.url).page);
      const runs = Array.from({ length: perPage }, (_, index) => ({ id: (page - 1) * perPage + index + 1 }));
      sendJson(res, 200, { runs, page, total_pages: totalPages, total_count: (totalPages ?? 1) * perPage });
    });
  }

  it('walks every page until total_pages, keeping the other parameters', async () => {
    pagedServer(3);
    const ids: number[] = [];
    const client = apiKeyClient(server);
    for await (const run of client.iterateRuns({ limit: 2, filters: [runFilter.workflowId(17)] }))
      ids.push(run.id ?? 0);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);
    const queries = server.requests.map((request) => queryOf(request.url));
    expect(queries.map((query) => query.page)).toEqual(['1', '2', '3']);
    expect(queries.every((query) => query.limit === '2' && query.filters?.includes('workflowId'))).toBe(true);
  });

  it('fetches pages only as the loop asks for them', async () => {
    pagedServer(5);
    for await (const run of apiKeyClient(server).iterateRuns({ limit: 2 })) {
      if (run.id === 3) break;
    }
    expect(server.requests).toHaveLength(2);
  });

  it('starts at the given page', async () => {
    pagedServer(3);
    const pages: number[] = [];
    for await (const page of apiKeyClient(server).iterateRunPages({ page: 2 })) pages.push(page.page ?? 0);
    expect(pages).toEqual([2, 3]);
  });

  it('stops after one page when total_pages is missing or a page is empty', async () => {
    pagedServer(undefined);
    const runs = [];
    for await (const run of apiKeyClient(server).iterateRuns()) runs.push(run);
    expect(runs).toHaveLength(2);
    server.handle((_, res) => sendJson(res, 200, { runs: [], total_pages: 9 }));
    for await (const run of apiKeyClient(server).iterateRuns()) runs.push(run);
    expect(server.requests).toHaveLength(2);
  });

  it('passes an error of a later page to the loop', async () => {
    server.handle((request, res) =>
      queryOf(request.url).page === '1'
        ? sendJson(res, 200, { runs: [{ id: 1 }], total_pages: 2 })
        : sendJson(res, 422, { detail: [{ loc: ['query', 'page'], msg: 'bad', type: 'x' }] }),
    );
    const seen: number[] = [];
    const loop = async () => {
      for await (const run of apiKeyClient(server).iterateRuns()) seen.push(run.id ?? 0);
    };
    await expect(loop()).rejects.toBeInstanceOf(AgentsApiError);
    expect(seen).toEqual([1]);
  });

  it('refuses an invalid limit before the first request', async () => {
    const loop = async () => {
      for await (const _ of apiKeyClient(server).iterateRuns({ limit: 500 })) break;
    };
    await expect(loop()).rejects.toThrow(/limit must be/);
    expect(server.requests).toHaveLength(0);
  });
});
