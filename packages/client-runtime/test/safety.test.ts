import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Internals of the call signal, not exported: a signal only Node's built-in fetch follows.
import {
  ApiError,
  basicAuth,
  type CallOptions,
  CallRequest,
  type ClientOptions,
  errorInit,
  type FailedResponse,
  headerAuth,
  NetworkError,
  REDACTED,
  RedirectError,
  ServiceClient,
  TimeoutError,
  Transport,
} from '../src/index.js';
import { type LocalServer, sendJson, sendText, sequence, startServer } from './support/local-server.js';

interface Paths {
  '/items': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody?: never;
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { n: number } } };
      };
    };
    post: {
      parameters: { query?: never; header?: never; path?: never; cookie?: never };
      requestBody: { content: { 'application/json': { name: string } } };
      responses: {
        200: { headers: Record<string, unknown>; content: { 'application/json': { n: number } } };
      };
    };
  };
}

/** The smallest service client: what every real one does, on a test path. */
class ItemsClient extends ServiceClient<Paths> {
  constructor(options: ClientOptions, credentials = { username: 'acct-user-77', password: 'p@ss w/rd+9' }) {
    super({ options, auth: basicAuth(credentials) });
  }
  listItems(call?: CallOptions): Promise<{ n: number }> {
    return this.send('GET', this.raw.GET('/items', { ...this.init(call) }));
  }
  createItem(name: string, call?: CallOptions): Promise<{ n: number }> {
    return this.send('POST', this.raw.POST('/items', { body: { name }, ...this.init(call) }));
  }
  protected createError(failure: FailedResponse): ApiError {
    return new ApiError(errorInit('Items', failure));
  }
}

/** Everything an error shows: message, stack, JSON and what `console.log` prints, causes included. */
const everything = (error: unknown) =>
  `${String(error)}\n${(error as Error).stack}\n${JSON.stringify(error)}\n${inspect(error, { depth: 10 })}`;

/** A loopback port nobody listens on (taken, then closed). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let server: LocalServer;
let other: LocalServer | undefined;
beforeEach(async () => {
  server = await startServer((_, res) => sendJson(res, 200, { n: 1 }));
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await server.close();
  await other?.close();
  other = undefined;
});

describe('errors redact by value, in every field', () => {
  const PASSWORD = 'p@ss w/rd+9';

  it('redacts a request id that echoes a credential', () => {
    const error = new ApiError({
      service: 'Items',
      status: 400,
      body: {},
      method: 'GET',
      url: 'https://items.example.com/items',
      headers: new Headers({ 'x-request-id': 'sk-live-123456' }),
      secrets: ['sk-live-123456'],
    });
    expect(error.requestId).toBe(REDACTED);
    expect(everything(error)).not.toContain('sk-live-123456');
  });

  it('redacts a credential echoed as an object key, in Retry-After or in the path', () => {
    const error = new ApiError({
      service: 'Items',
      status: 429,
      body: { 'sk-live-123456': 'unknown key', nested: [{ 'sk-live-123456': 1 }] },
      method: 'GET',
      url: 'https://items.example.com/keys/sk-live-123456',
      headers: new Headers({ 'retry-after': 'sk-live-123456' }),
      secrets: ['sk-live-123456'],
    });
    expect(error.body).toEqual({ [REDACTED]: 'unknown key', nested: [{ [REDACTED]: 1 }] });
    expect(everything(error)).not.toContain('sk-live-123456');
  });

  it('redacts the Basic user name and the password as sent, URL-encoded or form-encoded', async () => {
    const echoed = {
      user: 'acct-user-77',
      raw: `bad password ${PASSWORD}`,
      url: `https://x.example.com/?pw=${encodeURIComponent(PASSWORD)}`,
      form: `password=${new URLSearchParams({ v: PASSWORD }).toString().slice(2)}`,
    };
    server.handle((_, res) => sendJson(res, 401, echoed, { 'x-request-id': 'acct-user-77' }));
    const failure = await new ItemsClient({ baseUrl: server.origin }).listItems().catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const shown = everything(failure);
    for (const secret of [
      'acct-user-77',
      PASSWORD,
      encodeURIComponent(PASSWORD),
      'p%40ss+w%2Frd%2B9',
      btoa(`acct-user-77:${PASSWORD}`),
    ]) {
      expect(shown).not.toContain(secret);
    }
    expect(failure.body.raw).toBe(`bad password ${REDACTED}`);
  });
});

describe('transport failures become the SDK error, without credentials', () => {
  it('wraps a refused connection in a NetworkError that keeps the cause', async () => {
    const port = await closedPort();
    const failure = await new ItemsClient({ baseUrl: `http://127.0.0.1:${port}`, retry: false })
      .listItems()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure).not.toBeInstanceOf(TypeError);
    expect(failure).toMatchObject({
      method: 'GET',
      url: `http://127.0.0.1:${port}/items`,
      code: 'ECONNREFUSED',
    });
    expect((failure as Error).message).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/items failed: .*ECONNREFUSED/,
    );
    expect((failure as Error).cause).toBeInstanceOf(Error);
    expect(((failure as Error).cause as Error).message).toBe('fetch failed');
  });

  it('also through the transport used directly', async () => {
    const port = await closedPort();
    const transport = new Transport({ auth: basicAuth({ username: 'u', password: 'secret-pw' }) });
    await expect(transport.fetch(new Request(`http://127.0.0.1:${port}/x?api_key=k`))).rejects.toMatchObject({
      name: 'NetworkError',
      url: `http://127.0.0.1:${port}/x`,
    });
  });

  it('refuses a redirect to a URL with user info, and never shows it', async () => {
    server.handle((_, res) =>
      sendText(res, 302, '', { location: 'http://someone:hunter2-pw@127.0.0.1:9/x' }),
    );
    const failure = await new ItemsClient({ baseUrl: server.origin }).listItems().catch((error) => error);
    expect(failure).toBeInstanceOf(RedirectError);
    expect(failure.message).toMatch(
      /redirected to a URL with user info \(http:\/\/127\.0\.0\.1:9\/x\); refused/,
    );
    expect(everything(failure)).not.toContain('hunter2-pw');
    expect(server.requests).toHaveLength(1);
  });

  it('removes credentials and URL user info from the whole cause chain', async () => {
    const inner = Object.assign(new Error('socket to http://admin:hunter2-pw@proxy.example.com failed'), {
      code: 'ECONNRESET',
    });
    const thrown = new TypeError('fetch failed with key sk-header-secret', { cause: inner });
    const transport = new Transport({
      auth: headerAuth({ 'X-Key': 'sk-header-secret' }, ['X-Key']),
      fetch: async () => {
        throw thrown;
      },
    });
    const failure = await transport.fetch(new Request('https://api.example.com/x')).catch((error) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(failure.code).toBe('ECONNRESET');
    const shown = everything(failure);
    expect(shown).not.toContain('sk-header-secret');
    expect(shown).not.toContain('hunter2-pw');
    expect(shown).toContain('proxy.example.com');
    expect(failure.cause.cause.code).toBe('ECONNRESET');
  });

  it('wraps a connection reset while the body is read', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      // Cut once the first part is written: no wait on a real clock.
      res.write('{"n":', () => res.socket?.destroy());
    });
    const viaMethod = await new ItemsClient({ baseUrl: server.origin }).listItems().catch((error) => error);
    expect(viaMethod).toBeInstanceOf(NetworkError);
    const viaTransport = await new Transport()
      .fetch(new Request(`${server.origin}/items`))
      .catch((error) => error);
    expect(viaTransport).toBeInstanceOf(NetworkError);
  });

  it('leaves errors of the caller’s own code as they are', async () => {
    const failure = new Error('no session');
    const transport = new Transport({
      auth: { headerNames: [], refreshable: false, apply: () => Promise.reject(failure), secrets: () => [] },
    });
    await expect(transport.fetch(new Request(`${server.origin}/items`))).rejects.toBe(failure);
  });
});

describe('a client method call costs little over fetch', () => {
  it('hands openapi-fetch the answer as fetch gave it, and the body as serialized', async () => {
    const answers: Response[] = [];
    const bodies: unknown[] = [];
    const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(init?.body);
      // A declared length within maxResponseBytes: nothing to count, the answer is handed on as it came.
      const response = new Response('{"n":2}', {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-length': '7' },
      });
      answers.push(response);
      return response;
    };
    const client = new (class extends ItemsClient {
      rawCreate(name: string) {
        return this.raw.POST('/items', { body: { name }, ...this.init(undefined) });
      }
    })({ baseUrl: 'https://items.example.com', fetch });
    const result = await client.rawCreate('widget');
    expect(result.data).toEqual({ n: 2 });
    expect(result.response).toBe(answers[0]);
    expect(bodies).toEqual(['{"name":"widget"}']);
  });

  it('gives middleware the call as a CallRequest that converts to a WHATWG Request', async () => {
    const seen: CallRequest[] = [];
    const client = new ItemsClient({ baseUrl: server.origin });
    client.raw.use({
      onRequest({ request }) {
        seen.push(request as unknown as CallRequest);
        return undefined;
      },
    });
    await client.createItem('widget');
    const [request] = seen;
    expect(request).toBeInstanceOf(CallRequest);
    expect(request).toMatchObject({
      method: 'POST',
      url: `${server.origin}/items`,
      body: '{"name":"widget"}',
    });
    const whatwg = request?.toRequest() as Request;
    expect(whatwg).toBeInstanceOf(Request);
    expect(await whatwg.text()).toBe('{"name":"widget"}');
    expect(whatwg.headers.get('content-type')).toBe('application/json');
    expect(whatwg.headers.get('authorization')).toBeNull();
  });

  it('starts one timer per call, not one per attempt', async () => {
    let n = 0;
    const fetch = async () =>
      ++n === 1
        ? new Response('{}', { status: 503, headers: { 'retry-after': '0' } })
        : new Response('{"n":3}', { headers: { 'content-type': 'application/json' } });
    const client = new ItemsClient({ baseUrl: 'https://items.example.com', fetch, timeoutMs: 12_345 });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    expect(await client.listItems()).toEqual({ n: 3 });
    expect(n).toBe(2);
    // Two attempts, one timer for their limit (restarted for the second); other timers (the wait before
    // the second attempt, the runtime's own) have other delays.
    expect(timers.mock.calls.filter(([, delay]) => delay === 12_345)).toHaveLength(1);
  });

  it('still bounds the body openapi-fetch reads with the timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const pending = new ItemsClient({ baseUrl: server.origin, timeoutMs: 500 }).listItems();
    const assertion = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await server.received(1);
    await vi.advanceTimersByTimeAsync(500);
    await assertion;
  });

  it('still retries a 503 of a method call, and redirects keep working', async () => {
    let n = 0;
    server.handle((request, res) => {
      n++;
      if (n === 1) return sendJson(res, 503, {}, { 'retry-after': '0' });
      if (request.url === '/items') return sendText(res, 307, '', { location: '/items/moved' });
      return sendJson(res, 200, { n });
    });
    expect(await new ItemsClient({ baseUrl: server.origin }).listItems()).toEqual({ n: 3 });
    expect(server.requests.map((request) => request.url)).toEqual(['/items', '/items', '/items/moved']);
  });
});

describe('the abort signal of a method call', () => {
  /** A server that accepts the request and never answers; resolves `closed` when the connection goes. */
  function hangingServer(): { closed: Promise<void> } {
    let closed!: () => void;
    const promise = new Promise<void>((resolve) => {
      closed = resolve;
    });
    server.handle((_, res) => {
      res.on('close', () => closed());
    });
    return { closed: promise };
  }

  it('is a standard AbortSignal handed to the built-in fetch, joined to the caller’s', async () => {
    const seen: unknown[] = [];
    const builtin = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
      seen.push(init?.signal);
      return builtin(input, init);
    });
    try {
      server.handle((_, res) => sendJson(res, 200, { n: 1 }));
      const caller = new AbortController();
      await new ItemsClient({ baseUrl: server.origin }).listItems({ signal: caller.signal });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(AbortSignal);
  });

  it('stops a hung call at timeoutMs without a caller signal, closing its connection', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { closed } = hangingServer();
    let outcome: unknown = 'pending';
    const pending = new ItemsClient({ baseUrl: server.origin, timeoutMs: 200 }).listItems();
    pending.catch((error: unknown) => {
      outcome = error;
    });
    await server.received(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await closed;
  });

  it('stops a hung call when the caller aborts, with the caller’s reason', async () => {
    const { closed } = hangingServer();
    const controller = new AbortController();
    const pending = new ItemsClient({ baseUrl: server.origin }).createItem('x', {
      signal: controller.signal,
    });
    await server.received(1);
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await closed;
  });

  it('is a real AbortSignal for a fetch option and for a global fetch replaced later', async () => {
    const signals: unknown[] = [];
    const fetch = async (_input: string | URL | Request, init?: RequestInit) => {
      signals.push(init?.signal);
      return new Response('{"n":1}', { headers: { 'content-type': 'application/json' } });
    };
    await new ItemsClient({ baseUrl: server.origin, fetch }).listItems();
    vi.stubGlobal('fetch', fetch);
    try {
      await new ItemsClient({ baseUrl: server.origin }).listItems();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(signals).toHaveLength(2);
    for (const signal of signals) expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('still returns a 503 of a POST without retrying it, and a 401 of fixed credentials as it is', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 503, {}, { 'retry-after': '0' }),
        (_, res) => sendJson(res, 401, {}),
      ),
    );
    const client = new ItemsClient({ baseUrl: server.origin });
    await expect(client.createItem('x')).rejects.toMatchObject({ status: 503 });
    await expect(client.listItems()).rejects.toMatchObject({ status: 401 });
    expect(server.requests).toHaveLength(2);
  });

  it('still follows a redirect to another origin without the credentials', async () => {
    other = await startServer((_, res) => sendJson(res, 200, { n: 2 }));
    server.handle((_, res) => sendText(res, 307, '', { location: `${other?.origin}/items` }));
    expect(await new ItemsClient({ baseUrl: server.origin }).createItem('x')).toEqual({ n: 2 });
    expect(server.requests[0]?.headers.authorization).toMatch(/^Basic /);
    expect(other.requests[0]?.headers.authorization).toBeUndefined();
    expect(other.requests[0]?.body).toBe('{"name":"x"}');
  });
});
