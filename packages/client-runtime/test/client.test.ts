import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  callInit,
  createRawClient,
  credentialGuard,
  headerAuth,
  InvalidRequestError,
  parameterRequirementsGuard,
  type ServiceContract,
  unwrap,
} from '../src/index.js';
import { type LocalServer, sendJson, startServer } from './support/local-server.js';

interface Paths {
  '/items': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: {
        query?: { area?: string; country?: string };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { n: number } } };
      };
    };
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { n: number } } };
      };
    };
  };
}

const contract: ServiceContract = {
  operations: {
    listItems: {
      method: 'GET',
      path: '/items',
      security: [['key']],
      serverSideOnly: false,
      requires: [{ in: 'query', name: 'area', requires: ['country'] }],
    },
    createItem: {
      method: 'POST',
      path: '/items',
      security: [['bearer']],
      serverSideOnly: false,
      requires: [],
    },
  },
  securitySchemes: {},
  securityExclusive: true,
};

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((_, res) => sendJson(res, 200, { n: 1 }));
});
afterEach(() => server.close());

function client() {
  return createRawClient<Paths>({
    options: { baseUrl: `${server.origin}/` },
    auth: headerAuth({ 'X-Key': 'k-secret' }, ['X-Key']),
    middleware: [
      credentialGuard(contract, ['key'], (operationId) => `${operationId} needs a bearer token`),
      parameterRequirementsGuard(contract),
    ],
  });
}

describe('createRawClient', () => {
  it('sends typed calls through the transport', async () => {
    const { raw } = client();
    const { data } = await raw.GET('/items', { params: { query: { area: '919', country: 'USA' } } });
    expect(data).toEqual({ n: 1 });
    expect(server.requests[0]?.url).toBe('/items?area=919&country=USA');
    expect(server.requests[0]?.headers['x-key']).toBe('k-secret');
  });

  it('refuses an operation the credentials do not fit, before sending', async () => {
    const { raw } = client();
    await expect(raw.POST('/items')).rejects.toThrow(
      new InvalidRequestError('createItem needs a bearer token'),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a parameter sent without the parameters it requires (x-requires)', async () => {
    const { raw } = client();
    await expect(raw.GET('/items', { params: { query: { area: '919' } } })).rejects.toThrow(
      /area requires country as well/,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('unwrap and callInit', () => {
  it('returns the data of a 2xx answer', async () => {
    const { raw, transport } = client();
    const data = await unwrap(raw.GET('/items', callInit(transport, {})), () => new Error('unexpected'));
    expect(data).toEqual({ n: 1 });
  });

  it('throws the error the service client builds for a non-2xx answer', async () => {
    server.handle((_, res) => sendJson(res, 404, { detail: 'gone' }));
    const { raw, transport } = client();
    const toError = (response: Response, body: unknown) =>
      new ApiError({
        service: 'Test',
        status: response.status,
        body,
        method: 'GET',
        url: response.url,
        headers: response.headers,
        secrets: transport.secrets(),
      });
    const failure = await unwrap(raw.GET('/items'), toError).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, body: { detail: 'gone' } });
  });

  it('passes the caller signal through', async () => {
    const { raw, transport } = client();
    const init = callInit(transport, { signal: AbortSignal.abort(new Error('stop')) });
    await expect(raw.GET('/items', init)).rejects.toThrow('stop');
    expect(server.requests).toHaveLength(0);
  });
});
