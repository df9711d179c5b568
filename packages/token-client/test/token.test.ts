import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type LocalServer,
  sendJson,
  sequence,
  startServer,
} from '../../client-runtime/test/support/local-server.js';
import {
  AccessTokenProvider,
  type AccessTokenProviderOptions,
  ConfigurationError,
  RedirectError,
  SdkError,
  ServerOnlyError,
  TokenApiError,
  TokenClient,
} from '../src/index.js';

const SECRET = 'client-secret-9f8e7d';
const token = (n: number, expiresIn = 3600) => ({
  access_token: `eyJhbGciOiJSUzI1NiJ9.eyJqdGkiOiJ${n}In0.c2ln`,
  access_token_id: `jti-${n}`,
  token_type: 'Bearer',
  expires_in: expiresIn,
});

let server: LocalServer;
let issued = 0;
beforeEach(async () => {
  issued = 0;
  server = await startServer((_, res) => sendJson(res, 200, token(++issued)));
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

const provider = (options: Partial<AccessTokenProviderOptions> = {}) =>
  new AccessTokenProvider({
    baseUrl: server.origin,
    credentials: { clientId: 'client-1', clientSecret: SECRET },
    ...options,
  });

describe('TokenClient', () => {
  it('requests a token with Basic credentials and the client-credentials form', async () => {
    const answer = await new TokenClient({
      baseUrl: server.origin,
      credentials: { clientId: 'client-1', clientSecret: SECRET },
    }).requestToken();
    expect(answer).toEqual(token(1));
    const [request] = server.requests;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/api/v1/oauth2/token',
      body: 'grant_type=client_credentials&scope=voice.webrtc',
    });
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers.authorization).toBe(`Basic ${btoa(`client-1:${SECRET}`)}`);
  });

  it('turns an error answer into a TokenApiError without the secret', async () => {
    server.handle((_, res) =>
      sendJson(res, 401, { error: 'invalid_client', error_description: `bad secret ${SECRET}` }),
    );
    const failure = (await provider()
      .getToken()
      .catch((error: unknown) => error)) as TokenApiError;
    expect(failure).toBeInstanceOf(TokenApiError);
    expect(failure.status).toBe(401);
    expect(failure.message).toContain('invalid_client: bad secret REDACTED');
    expect(`${failure.message}${JSON.stringify(failure)}`).not.toContain(SECRET);
  });

  it('refuses a 200 without a usable token, without repeating the body', async () => {
    server.handle((_, res) =>
      sendJson(res, 200, { access_token: 'eyJ.leak.me', token_type: 'Bearer', expires_in: -1 }),
    );
    const failure = (await provider()
      .getToken()
      .catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(SdkError);
    expect(failure.message).toBe(
      'The token endpoint answered 200 without a usable token: missing or invalid expires_in (a positive integer).',
    );
  });

  it('retries a 503 although the token request is a POST', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 503, {}, { 'retry-after': '0' }),
        (_, res) => sendJson(res, 200, token(7)),
      ),
    );
    expect(await provider().getToken()).toBe(token(7).access_token);
    expect(server.requests).toHaveLength(2);
  });

  it('refuses a redirect to another origin: no token from there is accepted or cached', async () => {
    const elsewhere = await startServer((_, res) => sendJson(res, 200, token(99)));
    try {
      server.handle(
        sequence(
          (_, res) => sendJson(res, 307, {}, { location: `${elsewhere.origin}/api/v1/oauth2/token` }),
          (_, res) => sendJson(res, 200, token(1)),
        ),
      );
      const tokens = provider();
      const failure = await tokens.getToken().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(RedirectError);
      expect((failure as Error).message).toMatch(/another origin/);
      expect(elsewhere.requests).toHaveLength(0);
      expect(await tokens.getToken()).toBe(token(1).access_token);
      expect(server.requests).toHaveLength(2);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses it even when the options ask to follow cross-origin redirects', async () => {
    const elsewhere = await startServer((_, res) => sendJson(res, 200, token(99)));
    try {
      server.handle((_, res) => sendJson(res, 308, {}, { location: `${elsewhere.origin}/token` }));
      const client = new TokenClient({
        baseUrl: server.origin,
        credentials: { clientId: 'client-1', clientSecret: SECRET },
        crossOriginRedirects: 'strip-credentials',
      });
      await expect(client.requestToken()).rejects.toBeInstanceOf(RedirectError);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it('follows a redirect within the token origin', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 307, {}, { location: '/api/v1/oauth2/token2' }),
        (_, res) => sendJson(res, 200, token(3)),
      ),
    );
    expect(await provider().getToken()).toBe(token(3).access_token);
  });

  it('needs credentials', () => {
    expect(() => new TokenClient({ baseUrl: server.origin } as never)).toThrow(/clientId, clientSecret/);
    expect(
      () => new TokenClient({ baseUrl: server.origin, credentials: { clientId: 'a', clientSecret: '' } }),
    ).toThrow(ConfigurationError);
  });
});

describe('AccessTokenProvider', () => {
  it('makes one request for 100 concurrent callers', async () => {
    const tokens = provider();
    const results = await Promise.all(Array.from({ length: 100 }, () => tokens.getToken()));
    expect(new Set(results)).toEqual(new Set([token(1).access_token]));
    expect(server.requests).toHaveLength(1);
  });

  it('gives every concurrent caller the same failure, then tries again on the next call', async () => {
    server.handle(
      sequence(
        (_, res) => sendJson(res, 500, { error: 'server_error' }),
        (_, res) => sendJson(res, 200, token(2)),
      ),
    );
    const tokens = provider({ retry: false });
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => tokens.getToken()));
    expect(
      results.every((result) => result.status === 'rejected' && result.reason instanceof TokenApiError),
    ).toBe(true);
    expect(server.requests).toHaveLength(1);
    expect(await tokens.getToken()).toBe(token(2).access_token);
    expect(server.requests).toHaveLength(2);
  });

  it('keeps the token until the renewal window, then renews it once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const tokens = provider({ renewBeforeExpirySeconds: 20 });
    const first = await tokens.getAccessToken();
    expect(first.renewAt - first.expiresAt).toBe(-20_000);

    vi.setSystemTime(new Date('2030-01-01T00:59:39.999Z')); // 3579.999 s: not yet in the window
    expect(await tokens.getToken()).toBe(token(1).access_token);
    expect(server.requests).toHaveLength(1);

    vi.setSystemTime(new Date('2030-01-01T00:59:40Z')); // 3580 s: 20 s before expiry
    const renewed = await Promise.all([tokens.getToken(), tokens.getToken(), tokens.getToken()]);
    expect(renewed).toEqual(Array(3).fill(token(2).access_token));
    expect(server.requests).toHaveLength(2);
  });

  it('honours a window of 10 and of 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const early = await provider({ renewBeforeExpirySeconds: 30 }).getAccessToken();
    const late = await provider({ renewBeforeExpirySeconds: 10 }).getAccessToken();
    expect(early.expiresAt - early.renewAt).toBe(30_000);
    expect(late.expiresAt - late.renewAt).toBe(10_000);
  });

  it.each([9, 31, 0, -20, Number.NaN, '20'])('refuses a renewal margin of %s seconds', (value) => {
    expect(() => provider({ renewBeforeExpirySeconds: value as number })).toThrow(/from 10 to 30/);
  });

  it('uses a token that lives less than twice the margin for half its life', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    server.handle((_, res) => sendJson(res, 200, token(++issued, 5)));
    const tokens = provider({ renewBeforeExpirySeconds: 20 });
    const first = await tokens.getAccessToken();
    expect(first.renewAt - Date.now()).toBe(2_500);
    expect(await tokens.getToken()).toBe(token(1).access_token);
    vi.setSystemTime(new Date('2030-01-01T00:00:02.499Z'));
    expect(await tokens.getToken()).toBe(token(1).access_token);
    expect(server.requests).toHaveLength(1);
    vi.setSystemTime(new Date('2030-01-01T00:00:02.500Z'));
    expect(await tokens.getToken()).toBe(token(2).access_token);
    expect(server.requests).toHaveLength(2);
  });

  it('keeps the margin for a token that lives longer than twice the margin', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    server.handle((_, res) => sendJson(res, 200, token(++issued, 60)));
    const cached = await provider({ renewBeforeExpirySeconds: 20 }).getAccessToken();
    expect(cached.expiresAt - cached.renewAt).toBe(20_000);
  });

  it('forgets the token on invalidate()', async () => {
    const tokens = provider();
    await tokens.getToken();
    tokens.invalidate();
    expect(await tokens.getToken()).toBe(token(2).access_token);
  });

  it('lets one caller give up without cancelling the shared request', async () => {
    let release: () => void = () => undefined;
    server.handle((_, res) => {
      release = () => sendJson(res, 200, token(1));
    });
    const tokens = provider();
    const controller = new AbortController();
    const quitter = tokens.getToken({ signal: controller.signal });
    const patient = tokens.getToken();
    await server.received(1);
    controller.abort(new Error('gave up'));
    await expect(quitter).rejects.toThrow('gave up');
    release();
    expect(await patient).toBe(token(1).access_token);
    expect(server.requests).toHaveLength(1);
  });
});

describe('server side only', () => {
  it('refuses to run where a window or document exists', () => {
    for (const name of ['window', 'document'] as const) {
      vi.stubGlobal(name, {});
      try {
        expect(() => provider()).toThrow(ServerOnlyError);
        expect(() => provider()).toThrow(/runs only on a server/);
      } finally {
        vi.unstubAllGlobals();
      }
    }
    expect(server.requests).toHaveLength(0);
  });

  it('maps the browser export condition to a module that throws on import', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(manifest.exports['.']).toEqual({
      types: './dist/index.d.ts',
      browser: './dist/browser.js',
      default: './dist/index.js',
    });
    await expect(import('../src/browser.js')).rejects.toThrow(ServerOnlyError);
  });
});
