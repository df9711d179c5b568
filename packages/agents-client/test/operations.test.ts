import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentsApiError, InvalidRequestError } from '../src/index.js';
import {
  API_KEY,
  apiKeyClient,
  bearerClient,
  type LocalServer,
  queryOf,
  sendJson,
  startServer,
} from './support.js';

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((request, res) =>
    sendJson(res, 200, { echo: `${request.method} ${request.url}` }),
  );
});
afterEach(() => server.close());

describe('convenience methods', () => {
  it('call each of the six operations', async () => {
    const client = bearerClient(server);
    const results = [
      await client.pauseCampaign(381),
      await client.resumeCampaign(381),
      await client.getCampaignProgress(381),
      await client.getAgent(17),
      await client.listAgents(),
      await client.listRuns(),
    ];
    expect(results).toEqual([
      { echo: 'POST /api/v1/campaign/381/pause' },
      { echo: 'POST /api/v1/campaign/381/resume' },
      { echo: 'GET /api/v1/campaign/381/progress' },
      { echo: 'GET /api/v1/workflow/fetch/17' },
      { echo: 'GET /api/v1/workflow/fetch' },
      { echo: 'GET /api/v1/organizations/usage/runs' },
    ]);
  });

  it('keep the raw typed client reachable for every operation', async () => {
    const { data } = await apiKeyClient(server).raw.GET('/api/v1/workflow/fetch/{workflow_id}', {
      params: { path: { workflow_id: 17 } },
    });
    expect(data).toEqual({ echo: 'GET /api/v1/workflow/fetch/17' });
  });

  it('refuse ids that are not integers, before sending', async () => {
    const client = bearerClient(server);
    await expect(client.getAgent(1.5)).rejects.toThrow(
      new InvalidRequestError('workflowId must be an integer, got 1.5.'),
    );
    await expect(client.pauseCampaign(Number.NaN)).rejects.toThrow(/campaignId must be an integer/);
    expect(server.requests).toHaveLength(0);
  });

  it('list agents by one status or several', async () => {
    const client = apiKeyClient(server);
    await client.listAgents({ status: 'archived' });
    await client.listAgents({ status: ['active', 'archived'] });
    expect(queryOf(server.requests[0]?.url ?? '')).toEqual({ status: 'archived' });
    expect(queryOf(server.requests[1]?.url ?? '')).toEqual({ status: 'active,archived' });
  });

  it('refuse an unknown or empty status', async () => {
    const client = apiKeyClient(server);
    await expect(client.listAgents({ status: 'deleted' as 'active' })).rejects.toThrow(/status must be/);
    await expect(client.listAgents({ status: [] })).rejects.toThrow(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('errors', () => {
  const validation = {
    detail: [
      {
        loc: ['query', 'limit'],
        msg: 'Input should be less than or equal to 100',
        type: 'less_than_equal',
        input: '500',
      },
    ],
  };

  it('a 422 becomes an AgentsApiError with the validation body typed', async () => {
    server.handle((_, res) => sendJson(res, 422, validation, { 'x-request-id': 'req-422' }));
    const failure = await apiKeyClient(server)
      .listRuns({ limit: 100 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AgentsApiError);
    const error = failure as AgentsApiError;
    expect(error.status).toBe(422);
    expect(error.requestId).toBe('req-422');
    expect(error.message).toBe(
      `Agents API answered 422 to GET ${server.origin}/api/v1/organizations/usage/runs: query.limit: Input should be less than or equal to 100 (request id req-422)`,
    );
    if (!error.hasStatus(422)) throw new Error('expected 422');
    expect(error.body.detail?.[0]?.type).toBe('less_than_equal');
    expect(error.validationErrors).toHaveLength(1);
  });

  it('other statuses keep their open body and have no validation errors', async () => {
    server.handle((_, res) => sendJson(res, 404, { detail: 'Campaign not found' }));
    const error = (await bearerClient(server)
      .pauseCampaign(9)
      .catch((failure: unknown) => failure)) as AgentsApiError;
    expect(error).toMatchObject({ status: 404, body: { detail: 'Campaign not found' }, method: 'POST' });
    expect(error.message).toContain(': Campaign not found');
    expect(error.validationErrors).toEqual([]);
  });

  it('never carries the API key, even when the server echoes it', async () => {
    server.handle((request, res) =>
      sendJson(res, 403, { detail: `key ${String(request.headers['x-svc-agents-api-key'])} has no access` }),
    );
    const error = (await apiKeyClient(server)
      .getAgent(1)
      .catch((failure: unknown) => failure)) as AgentsApiError;
    expect(error.status).toBe(403);
    expect(`${error.message} ${JSON.stringify(error)} ${error.stack}`).not.toContain(API_KEY);
  });
});
