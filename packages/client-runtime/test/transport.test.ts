import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Authenticator,
  basicAuth,
  bearerAuth,
  ConfigurationError,
  headerAuth,
  RedirectError,
  TimeoutError,
  Transport,
  type TransportEvent,
  type TransportOptions,
} from '../src/index.js';
import { type LocalServer, sendJson, sendText, sequence, startServer } from './support/local-server.js';

let server: LocalServer;
let other: LocalServer | undefined;

beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
  await other?.close();
  other = undefined;
});

/** A transport whose retry events resolve `nextRetry`, so fake-timer tests know when the wait started. */
function transportWithEvents(options: TransportOptions = {}) {
  const events: TransportEvent[] = [];
  let onRetry: ((event: TransportEvent & { type: 'retry' }) => void) | undefined;
  const transport = new Transport({
    random: () => 0.5,
    ...options,
    onEvent(event) {
      events.push(event);
      if (event.type === 'retry') onRetry?.(event);
    },
  });
  const nextRetry = () =>
    new Promise<TransportEvent & { type: 'retry' }>((resolve) => {
      onRetry = resolve;
    });
  return { transport, events, nextRetry };
}

const get = (path = '/thing', init: RequestInit = {}) => new Request(`${server.origin}${path}`, init);
const post = (path = '/thing', body = '{"a":1}') =>
  new Request(`${server.origin}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });

describe('retries', () => {
  it('retries a 503 GET after the backoff and returns the success', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle(
      sequence(
        (_, res) => sendJson(res, 503, { busy: true }),
        (_, res) => sendJson(res, 200, { ok: 1 }),
      ),
    );
    const { transport, nextRetry } = transportWithEvents();
    const retry = nextRetry();
    const pending = transport.fetch(get());
    const event = await retry;
    expect(event).toMatchObject({ status: 503, delayMs: 250, attempt: 1 }); // random 0.5 × 500 ms
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(server.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('honours Retry-After in seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle(
      sequence(
        (_, res) => sendJson(res, 429, {}, { 'retry-after': '7' }),
        (_, res) => sendJson(res, 200, {}),
      ),
    );
    const { transport, nextRetry } = transportWithEvents();
    const retry = nextRetry();
    const pending = transport.fetch(get());
    expect((await retry).delayMs).toBe(7_000);
    await vi.advanceTimersByTimeAsync(7_000);
    expect((await pending).status).toBe(200);
  });

  it('honours Retry-After as an HTTP date', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    server.handle(
      sequence(
        (_, res) => sendJson(res, 503, {}, { 'retry-after': 'Tue, 01 Jan 2030 00:00:05 GMT' }),
        (_, res) => sendJson(res, 200, {}),
      ),
    );
    const { transport, nextRetry } = transportWithEvents();
    const retry = nextRetry();
    const pending = transport.fetch(get());
    expect((await retry).delayMs).toBe(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await pending).status).toBe(200);
  });

  it('stops after maxAttempts and returns the last answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle((_, res) => sendJson(res, 429, { n: 'limited' }, { 'retry-after': '1' }));
    const { transport, nextRetry } = transportWithEvents({ retry: { maxAttempts: 3 } });
    let retry = nextRetry();
    const pending = transport.fetch(get());
    await retry;
    retry = nextRetry();
    await vi.advanceTimersByTimeAsync(1_000);
    await retry;
    await vi.advanceTimersByTimeAsync(1_000);
    const response = await pending;
    expect(response.status).toBe(429);
    expect(server.requests).toHaveLength(3);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs', async () => {
    server.handle((_, res) => sendJson(res, 503, {}, { 'retry-after': '3600' }));
    const { transport, events } = transportWithEvents();
    expect((await transport.fetch(get())).status).toBe(503);
    expect(server.requests).toHaveLength(1);
    expect(events.some((event) => event.type === 'retry')).toBe(false);
  });

  it('does not retry other statuses', async () => {
    server.handle((_, res) => sendJson(res, 500, {}));
    const { transport } = transportWithEvents();
    expect((await transport.fetch(get())).status).toBe(500);
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry a POST unless the caller says it is repeatable', async () => {
    server.handle((_, res) => sendJson(res, 503, {}, { 'retry-after': '0' }));
    const { transport } = transportWithEvents();
    expect((await transport.fetch(post())).status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a repeatable POST and resends its body', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 503, {}, { 'retry-after': '0' }),
        (_, res) => sendJson(res, 201, {}),
      ),
    );
    const { transport } = transportWithEvents();
    const response = await transport.withOptions({ repeatable: true })(post('/thing', '{"same":true}'));
    expect(response.status).toBe(201);
    expect(server.requests.map((request) => request.body)).toEqual(['{"same":true}', '{"same":true}']);
  });

  it('can switch retries off for one call or for the client', async () => {
    server.handle((_, res) => sendJson(res, 503, {}, { 'retry-after': '0' }));
    const { transport } = transportWithEvents();
    expect((await transport.withOptions({ retry: false })(get())).status).toBe(503);
    expect((await new Transport({ retry: false }).fetch(get())).status).toBe(503);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses invalid retry and timeout settings', () => {
    expect(() => new Transport({ retry: { maxAttempts: 0 } })).toThrow(ConfigurationError);
    expect(() => new Transport({ retry: { baseDelayMs: -1 } })).toThrow(ConfigurationError);
    expect(() => new Transport({ timeoutMs: 0 })).toThrow(ConfigurationError);
    expect(() => new Transport().withOptions({ timeoutMs: -5 })).toThrow(ConfigurationError);
  });
});

describe('abort and timeout', () => {
  it('aborts the wait between attempts when the caller aborts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle((_, res) => sendJson(res, 503, {}, { 'retry-after': '30' }));
    const { transport, nextRetry } = transportWithEvents();
    const controller = new AbortController();
    const retry = nextRetry();
    const pending = transport.fetch(get('/thing', { signal: controller.signal }));
    await retry;
    controller.abort(new Error('caller gave up'));
    await expect(pending).rejects.toThrow('caller gave up');
    expect(server.requests).toHaveLength(1);
  });

  it('rejects at once with an already aborted signal, sending nothing', async () => {
    const { transport } = transportWithEvents();
    await expect(
      transport.fetch(get('/thing', { signal: AbortSignal.abort(new Error('no')) })),
    ).rejects.toThrow('no');
    expect(server.requests).toHaveLength(0);
  });

  it('times an attempt out with a TimeoutError', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle(() => undefined); // never answers
    const { transport } = transportWithEvents({ timeoutMs: 1_000 });
    const pending = transport.fetch(get());
    const assertion = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await server.received(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await assertion;
  });

  it('uses the per-call timeout over the client one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle(() => undefined);
    const { transport } = transportWithEvents({ timeoutMs: 60_000 });
    const pending = transport.withOptions({ timeoutMs: 200 })(get());
    const assertion = expect(pending).rejects.toThrow('200 ms');
    await server.received(1);
    await vi.advanceTimersByTimeAsync(200);
    await assertion;
  });

  it('covers a body that stalls after the headers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
    });
    const { transport } = transportWithEvents({ timeoutMs: 500 });
    const pending = transport.fetch(get());
    const assertion = expect(pending).rejects.toBeInstanceOf(TimeoutError);
    await server.received(1);
    await vi.advanceTimersByTimeAsync(500);
    await assertion;
  });
});

describe('credentials', () => {
  it('adds Basic credentials to every attempt', async () => {
    server.handle((_, res) => sendJson(res, 200, {}));
    const transport = new Transport({ auth: basicAuth({ username: 'user', password: 'secret-pw' }) });
    await transport.fetch(get());
    expect(server.requests[0]?.headers.authorization).toBe(`Basic ${btoa('user:secret-pw')}`);
  });

  it('asks for a fresh bearer token once after a 401 and retries once, even a POST', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 401, { detail: 'expired' }),
        (_, res) => sendJson(res, 200, { ok: true }),
      ),
    );
    const calls: boolean[] = [];
    const transport = new Transport({
      auth: bearerAuth(({ forceRefresh }) => {
        calls.push(forceRefresh);
        return forceRefresh ? 'token-2' : 'token-1';
      }),
    });
    const response = await transport.fetch(post());
    expect(response.status).toBe(200);
    expect(calls).toEqual([false, true]);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
    expect(server.requests[1]?.body).toBe('{"a":1}');
  });

  it('returns the second 401 instead of looping', async () => {
    server.handle((_, res) => sendJson(res, 401, {}));
    let n = 0;
    const transport = new Transport({ auth: bearerAuth(() => `token-${++n}`) });
    expect((await transport.fetch(get())).status).toBe(401);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 401 when the provider has nothing fresher', async () => {
    server.handle((_, res) => sendJson(res, 401, {}));
    const transport = new Transport({ auth: bearerAuth(() => 'same-token') });
    expect((await transport.fetch(get())).status).toBe(401);
    expect(server.requests).toHaveLength(1);
  });

  it('sets fixed credential headers on every attempt without calling apply', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 503, {}, { 'retry-after': '0' }),
        (_, res) => sendJson(res, 200, {}),
      ),
    );
    const apply = vi.fn(async () => 'unused');
    const auth: Authenticator = {
      headerNames: ['x-key'],
      refreshable: false,
      fixedHeaders: { 'X-Key': 'fixed-secret' },
      apply,
      secrets: () => ['fixed-secret'],
    };
    expect((await new Transport({ auth }).fetch(get())).status).toBe(200);
    expect(server.requests.map((request) => request.headers['x-key'])).toEqual([
      'fixed-secret',
      'fixed-secret',
    ]);
    expect(apply).not.toHaveBeenCalled();
  });

  it('asks a refreshable authenticator each time, whatever fixedHeaders says', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 401, {}),
        (_, res) => sendJson(res, 200, {}),
      ),
    );
    let n = 0;
    const auth: Authenticator = {
      headerNames: ['authorization'],
      refreshable: true,
      fixedHeaders: { authorization: 'Bearer stale' },
      apply: async (headers) => {
        const token = `token-${++n}`;
        headers.set('authorization', `Bearer ${token}`);
        return token;
      },
      secrets: () => [],
    };
    expect((await new Transport({ auth }).fetch(get())).status).toBe(200);
    expect(server.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ]);
  });

  it('does not retry a 401 with fixed credentials', async () => {
    server.handle((_, res) => sendJson(res, 401, {}));
    const transport = new Transport({ auth: basicAuth({ username: 'u', password: 'p' }) });
    expect((await transport.fetch(get())).status).toBe(401);
    expect(server.requests).toHaveLength(1);
  });

  it('gives the logging hook redacted headers only', async () => {
    server.handle((_, res) => sendJson(res, 200, {}));
    const { transport, events } = transportWithEvents({
      auth: headerAuth({ 'X-SVC-AGENTS-API-KEY': 'sk-very-secret', 'X-SVC-ORGANIZATION-ID': '4242' }, [
        'X-SVC-AGENTS-API-KEY',
      ]),
    });
    await transport.fetch(get('/thing?page=1'));
    const logged = JSON.stringify(events);
    expect(logged).not.toContain('sk-very-secret');
    expect(logged).not.toContain('4242');
    expect(events[0]).toMatchObject({ type: 'request', url: `${server.origin}/thing?page=1` });
  });
});

describe('redirects', () => {
  const apiKeyAuth = () =>
    headerAuth({ 'X-SVC-AGENTS-API-KEY': 'sk-redirect-secret', 'X-SVC-ORGANIZATION-ID': '7' }, [
      'X-SVC-AGENTS-API-KEY',
    ]);

  it('follows a same-origin redirect with the credentials', async () => {
    server.handle(
      sequence(
        (_, res) => sendText(res, 307, '', { location: '/moved' }),
        (_, res) => sendJson(res, 200, { here: true }),
      ),
    );
    const transport = new Transport({ auth: apiKeyAuth() });
    const response = await transport.fetch(get('/thing'));
    expect(response.status).toBe(200);
    expect(server.requests[1]?.url).toBe('/moved');
    expect(server.requests[1]?.headers['x-svc-agents-api-key']).toBe('sk-redirect-secret');
  });

  it('never sends credentials to another origin', async () => {
    other = await startServer((_, res) => sendJson(res, 200, { elsewhere: true }));
    const target = `${other.origin}/landing`;
    server.handle((_, res) => sendText(res, 302, '', { location: target }));
    const transport = new Transport({ auth: apiKeyAuth() });
    const bearer = new Transport({ auth: bearerAuth(() => 'bearer-secret') });
    expect((await transport.fetch(get())).status).toBe(200);
    expect((await bearer.fetch(get())).status).toBe(200);
    for (const seen of other.requests) {
      expect(seen.headers['x-svc-agents-api-key']).toBeUndefined();
      expect(seen.headers['x-svc-organization-id']).toBeUndefined();
      expect(seen.headers.authorization).toBeUndefined();
    }
    expect(other.requests).toHaveLength(2);
  });

  it('can refuse cross-origin redirects altogether', async () => {
    other = await startServer();
    server.handle((_, res) => sendText(res, 302, '', { location: `${other?.origin}/x` }));
    const transport = new Transport({ auth: apiKeyAuth(), crossOriginRedirects: 'refuse' });
    await expect(transport.fetch(get())).rejects.toBeInstanceOf(RedirectError);
    expect(other.requests).toHaveLength(0);
  });

  it('turns a POST into a GET without body on 303', async () => {
    server.handle(
      sequence(
        (_, res) => sendText(res, 303, '', { location: '/result' }),
        (_, res) => sendJson(res, 200, {}),
      ),
    );
    await new Transport().fetch(post());
    expect(server.requests[1]).toMatchObject({ method: 'GET', url: '/result', body: '' });
    expect(server.requests[1]?.headers['content-type']).toBeUndefined();
  });

  it('keeps method and body on 307', async () => {
    server.handle(
      sequence(
        (_, res) => sendText(res, 307, '', { location: '/again' }),
        (_, res) => sendJson(res, 200, {}),
      ),
    );
    await new Transport().fetch(post('/thing', '{"keep":1}'));
    expect(server.requests[1]).toMatchObject({ method: 'POST', url: '/again', body: '{"keep":1}' });
  });

  it('gives up after maxRedirects', async () => {
    server.handle((request, res) => sendText(res, 302, '', { location: `${request.url}x` }));
    await expect(new Transport({ maxRedirects: 2 }).fetch(get())).rejects.toThrow(/more than 2 times/);
    expect(server.requests).toHaveLength(3);
  });
});
