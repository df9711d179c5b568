import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AgentsClient,
  type AgentsCredentials,
  ConfigurationError,
  InvalidRequestError,
} from '../src/index.js';
import {
  API_KEY,
  apiKeyClient,
  bearerClient,
  type LocalServer,
  sendJson,
  sequence,
  startServer,
} from './support.js';

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((_, res) => sendJson(res, 200, { id: 17, name: 'Renewal reminder' }));
});
afterEach(() => server.close());

const make = (credentials: unknown) =>
  new AgentsClient({ baseUrl: 'https://agents.example.com', credentials: credentials as AgentsCredentials });

describe('credentials', () => {
  it('refuses API key and bearer token together', () => {
    expect(() => make({ apiKey: API_KEY, organizationId: 1, bearerToken: () => 't' })).toThrow(
      /either \{ apiKey, organizationId \} or \{ bearerToken \}, never both/,
    );
    expect(() => make({ organizationId: 1, bearerToken: () => 't' })).toThrow(ConfigurationError);
  });

  it('refuses missing credentials and an API key without a workspace', () => {
    expect(() => make(undefined)).toThrow(/credentials are required/);
    expect(() => make({ apiKey: API_KEY })).toThrow(/organizationId must be a positive integer/);
    expect(() => make({ organizationId: 3 })).toThrow(/apiKey must be a non-empty string/);
  });

  it.each([0, -4, 1.5, Number.NaN, '0', '07', 'abc', '', null])(
    'refuses organizationId %s',
    (organizationId) => {
      expect(() => make({ apiKey: API_KEY, organizationId })).toThrow(
        /organizationId must be a positive integer/,
      );
    },
  );

  it('never puts the API key in a message', () => {
    try {
      make({ apiKey: API_KEY, organizationId: -1 });
    } catch (error) {
      expect((error as Error).message).not.toContain(API_KEY);
    }
  });

  it('refuses a bearer token given as a string: tokens expire, a provider is needed', () => {
    expect(() => make({ bearerToken: 'static' })).toThrow(/must be a function/);
  });

  it('sends the API key with the organization id, in decimal', async () => {
    await apiKeyClient(server, 42).getAgent(17);
    await apiKeyClient(server, '7').getAgent(17);
    expect(server.requests[0]?.headers['x-svc-agents-api-key']).toBe(API_KEY);
    expect(server.requests[0]?.headers['x-svc-organization-id']).toBe('42');
    expect(server.requests[1]?.headers['x-svc-organization-id']).toBe('7');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the bearer token only, asking the provider for each request', async () => {
    let calls = 0;
    const client = bearerClient(server, () => `token-${++calls}`);
    await client.getAgent(17);
    await client.getAgent(17);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(server.requests[0]?.headers['x-svc-agents-api-key']).toBeUndefined();
    expect(server.requests[0]?.headers['x-svc-organization-id']).toBeUndefined();
  });

  it('gets a fresh token after a 401 and retries once', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 401, { detail: 'expired' }),
        (_, res) => sendJson(res, 200, { id: 5 }),
      ),
    );
    const client = bearerClient(server, async ({ forceRefresh }) => (forceRefresh ? 'renewed' : 'stale'));
    expect(await client.pauseCampaign(5)).toEqual({ id: 5 });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer stale',
      'Bearer renewed',
    ]);
  });
});

describe('bearer-only operations with an API key', () => {
  const calls = {
    pauseCampaign: (client: AgentsClient) => client.pauseCampaign(381),
    resumeCampaign: (client: AgentsClient) => client.resumeCampaign(381),
    getCampaignProgress: (client: AgentsClient) => client.getCampaignProgress(381),
  };

  it.each(Object.entries(calls))('%s fails before any request and says why', async (operationId, call) => {
    const failure = await call(apiKeyClient(server)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvalidRequestError);
    expect((failure as Error).message).toBe(
      `${operationId} accepts only a user access token ({ bearerToken }), and this client was created with an API key; the service rejects API keys there, so the request was not sent.`,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('is refused through the raw client too', async () => {
    const client = apiKeyClient(server);
    await expect(
      client.raw.POST('/api/v1/campaign/{campaign_id}/pause', { params: { path: { campaign_id: 381 } } }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('works with a bearer token', async () => {
    await bearerClient(server).pauseCampaign(381);
    expect(server.requests).toHaveLength(1);
  });
});
