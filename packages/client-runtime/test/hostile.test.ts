import { inspect } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  basicAuth,
  type CallOptions,
  type ClientOptions,
  ConfigurationError,
  createRawClient,
  DEFAULT_MAX_RESPONSE_BYTES,
  errorInit,
  type FailedResponse,
  NetworkError,
  ResponseBodyError,
  SdkError,
  ServiceClient,
  type ServiceContract,
} from '../src/index.js';
import { type LocalServer, sendText, startServer } from './support/local-server.js';

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
  };
}

const contract: ServiceContract = {
  operations: {
    listItems: { method: 'GET', path: '/items', security: [], serverSideOnly: false, requires: [] },
  },
  securitySchemes: {},
  securityExclusive: false,
};

const user = 'acct-user-77';
const password = 'p@ss w/rd+9';

class ItemsClient extends ServiceClient<Paths> {
  constructor(options: ClientOptions) {
    super({ options, auth: basicAuth({ username: user, password }), service: 'Items', contract });
  }
  listItems(call?: CallOptions): Promise<{ n: number }> {
    return this.send('GET', this.raw.GET('/items', { ...this.init(call) }));
  }
  protected createError(failure: FailedResponse): ApiError {
    return new ApiError(errorInit('Items', failure));
  }
}

/** Everything an error shows: message, stack, JSON and what `console.log` prints, causes included. */
const everything = (error: unknown) =>
  `${String(error)}\n${(error as Error).stack}\n${JSON.stringify(error)}\n${inspect(error, { depth: 10 })}`;

async function failure(pending: Promise<unknown>): Promise<unknown> {
  return pending.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );
}

let server: LocalServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

describe('a body that cannot be read (issue 41)', () => {
  it.each([
    ['truncated JSON', '{"n":'],
    ['not JSON at all', '<html>oops</html>'],
  ])(
    '%s in a 200 is a ResponseBodyError with status, URL and operation, not a bare SyntaxError',
    async (_, body) => {
      server.handle((_, res) => sendText(res, 200, body, { 'content-type': 'application/json' }));
      const client = new ItemsClient({ baseUrl: server.origin, retry: false });
      const error = await failure(client.listItems());
      expect(error).toBeInstanceOf(ResponseBodyError);
      expect(error).toBeInstanceOf(SdkError);
      expect(error).toMatchObject({
        status: 200,
        method: 'GET',
        url: `${server.origin}/items`,
        operation: 'listItems',
        problem: 'malformed',
      });
      expect((error as Error).message).toMatch(
        /^Items API answered 200 to GET http:\/\/127\.0\.0\.1:\d+\/items \(listItems\), but the body could not be read: SyntaxError/,
      );
      expect(((error as Error).cause as Error).name).toBe('SyntaxError');
    },
  );

  it('keeps no credential the malformed body echoes (the parser quotes the body)', async () => {
    server.handle((_, res) =>
      sendText(res, 200, `Bearer%20${encodeURIComponent(password)} for ${user}`, {
        'content-type': 'application/json',
      }),
    );
    const error = await failure(new ItemsClient({ baseUrl: server.origin }).listItems());
    expect(error).toBeInstanceOf(ResponseBodyError);
    const shown = everything(error);
    expect(shown).not.toContain(encodeURIComponent(password));
    expect(shown).not.toContain(user);
  });

  it('stops reading an endless body at maxResponseBytes', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const chunk = `${'1,'.repeat(4096)}`;
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const client = new ItemsClient({ baseUrl: server.origin, maxResponseBytes: 64 * 1024 });
    const error = await failure(client.listItems());
    expect(error).toBeInstanceOf(ResponseBodyError);
    expect(error).toMatchObject({
      status: 200,
      problem: 'too-large',
      limitBytes: 65536,
      operation: 'listItems',
    });
    expect((error as Error).message).toContain('is larger than 65536 bytes (maxResponseBytes)');
  });

  it('refuses at once a body that declares more than the limit, and one that inflates past it', async () => {
    server.handle((_, res) => sendText(res, 200, JSON.stringify({ n: 'x'.repeat(2000) })));
    const small = new ItemsClient({ baseUrl: server.origin, maxResponseBytes: 1000 });
    expect(await failure(small.listItems())).toMatchObject({ problem: 'too-large', status: 200 });
    const zipped = gzipSync(JSON.stringify({ n: ' '.repeat(200_000) }));
    server.handle((_, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': zipped.length,
      });
      res.end(zipped);
    });
    expect(zipped.length).toBeLessThan(1000);
    expect(await failure(small.listItems())).toMatchObject({ problem: 'too-large' });
    // The same limit holds for the raw client, whose answers are read before openapi-fetch parses them.
    const { raw } = createRawClient<Paths>({
      options: { baseUrl: server.origin, maxResponseBytes: 1000 },
      auth: undefined,
    });
    expect(await failure(raw.GET('/items'))).toMatchObject({ problem: 'too-large' });
  });

  it('names status and operation when the connection breaks off while the body is read', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"n":', () => res.socket?.destroy());
    });
    const error = await failure(new ItemsClient({ baseUrl: server.origin }).listItems());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 200, operation: 'listItems', method: 'GET' });
    expect((error as Error).message).toContain("failed while its 200 answer's body was read");
  });

  it('has a documented default limit and refuses one that is not a positive integer', async () => {
    expect(DEFAULT_MAX_RESPONSE_BYTES).toBe(64 * 1024 * 1024);
    expect(() => new ItemsClient({ baseUrl: server.origin, maxResponseBytes: 0 })).toThrow(
      ConfigurationError,
    );
    server.handle((_, res) => sendText(res, 200, '{"n":1}', { 'content-type': 'application/json' }));
    await expect(new ItemsClient({ baseUrl: server.origin }).listItems()).resolves.toEqual({ n: 1 });
  });
});

/** How a careless service echoes the password it refused: each must be masked in every part of the error. */
const pct = encodeURIComponent;
const b64 = (text: string): string => Buffer.from(text).toString('base64');
const echoForms: Array<{ form: string; given: string; leaked: string }> = [
  { form: 'raw', given: `bad password ${password}`, leaked: password },
  { form: 'after Bearer%20', given: `Bearer%20${pct(password)}`, leaked: pct(password) },
  { form: 'after %3D', given: `next=%2Flogin%3Fpw%3D${pct(password)}`, leaked: pct(password) },
  { form: 'after %3A', given: `user%3A${pct(password)}`, leaked: pct(password) },
  { form: 'percent-encoded twice', given: `x%253D${pct(pct(password))}`, leaked: pct(pct(password)) },
  {
    form: 'JSON-escaped with \\/',
    given: JSON.stringify({ pw: password }).replaceAll('/', '\\/'),
    leaked: 'w\\/rd',
  },
  { form: 'after \\u003d', given: `pw\\u003d${password}`, leaked: password },
  { form: 'base64', given: `echo ${b64(password)}`, leaked: b64(password) },
  {
    form: 'inside base64',
    given: `state=${b64(`{"pw":"${password}"}`)}`,
    leaked: b64(`{"pw":"${password}"}`),
  },
  { form: 'user after %3A', given: `login%3A${user}`, leaked: user },
];

describe('a credential the service echoes in an error, in any encoding (issue 41)', () => {
  it.each(echoForms)('$form: not in message, stack, JSON or inspect', async ({ given, leaked }) => {
    server.handle((_, res) => sendText(res, 401, given, { 'x-request-id': given.slice(0, 200) }));
    const error = await failure(new ItemsClient({ baseUrl: server.origin }).listItems());
    expect(error).toBeInstanceOf(ApiError);
    const shown = everything(error);
    expect(shown).not.toContain(leaked);
    // Masked where it stood (inside base64, the mask is itself base64-encoded).
    expect(shown).toMatch(/REDACTED|UkVEQUNURUQ|IlJFREFDVEVEI/);
  });
});
