import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, sendJson, startServer } from '../../client-runtime/test/support/local-server.js';
import {
  ConfigurationError,
  InvalidRequestError,
  ResponseBodyError,
  SdkError,
  VoiceApiError,
  VoiceClient,
} from '../src/index.js';

const PASSWORD = 'voice-password-77';
const createCall = {
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/voice/answer',
  applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
};

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((_, res) => sendJson(res, 201, { callId: 'c-1' }));
});
afterEach(() => server.close());

const client = (options: Partial<ConstructorParameters<typeof VoiceClient>[0]> = {}) =>
  new VoiceClient({
    baseUrl: server.origin,
    accountId: '9900000',
    credentials: { username: 'voice-user', password: PASSWORD },
    ...options,
  });

describe('VoiceClient', () => {
  it('creates a call (path with its trailing slash, UTF-8 JSON, Basic)', async () => {
    expect(await client().createCall(createCall)).toEqual({ callId: 'c-1' });
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/v2/accounts/9900000/calls/' });
    expect(seen?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(seen?.headers.authorization).toBe(`Basic ${btoa(`voice-user:${PASSWORD}`)}`);
    expect(JSON.parse(seen?.body ?? '')).toEqual(createCall);
  });

  it('hangs up by modifying the call to completed', async () => {
    await client().hangUpCall('c-15ac29a2/x');
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/v2/accounts/9900000/calls/c-15ac29a2%2Fx' });
    expect(JSON.parse(seen?.body ?? '')).toEqual({ state: 'completed' });
  });

  it('refuses an empty call id before sending', async () => {
    await expect(client().hangUpCall('')).rejects.toThrow(
      new InvalidRequestError('callId must be a non-empty string.'),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('exposes type, description and id of an error, typed by status', async () => {
    server.handle((_, res) =>
      sendJson(res, 409, {
        type: 'validation',
        description: 'Call [c-1] cannot be modified in its current state',
        id: null,
      }),
    );
    const error = (await client()
      .hangUpCall('c-1')
      .catch((failure: unknown) => failure)) as VoiceApiError;
    expect(error).toBeInstanceOf(VoiceApiError);
    expect(error.status).toBe(409);
    expect(error.type).toBe('validation');
    expect(error.description).toBe('Call [c-1] cannot be modified in its current state');
    expect(error.id).toBeNull();
    expect(error.message).toBe(
      `Voice API answered 409 to POST ${server.origin}/api/v2/accounts/9900000/calls/c-1: Call [c-1] cannot be modified in its current state`,
    );
    if (!error.hasStatus(409)) throw new Error('expected 409');
    expect(error.body.type).toBe('validation');
  });

  it('retries 503 system-overloaded on a repeatable call only', async () => {
    server.handle((_, res) =>
      sendJson(
        res,
        503,
        { type: 'system-overloaded', description: 'Handling too many requests', id: '' },
        { 'retry-after': '0' },
      ),
    );
    const error = (await client()
      .createCall(createCall)
      .catch((failure: unknown) => failure)) as VoiceApiError;
    expect(error.type).toBe('system-overloaded');
    expect(error.id).toBe('');
    expect(server.requests).toHaveLength(1);
    await client({ retry: { maxAttempts: 2 } })
      .createCall(createCall, { repeatable: true })
      .catch(() => undefined);
    expect(server.requests).toHaveLength(3);
  });

  it('has undefined fields for a body without them', async () => {
    server.handle((_, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    const error = (await client()
      .createCall(createCall)
      .catch((failure: unknown) => failure)) as VoiceApiError;
    expect(error).toMatchObject({ status: 502, body: 'bad gateway' });
    expect([error.type, error.description, error.id]).toEqual([undefined, undefined, undefined]);
  });

  it('needs an account id and credentials', () => {
    expect(() => client({ accountId: '' })).toThrow(ConfigurationError);
    expect(() => client({ credentials: { username: 'u', password: '' } })).toThrow(ConfigurationError);
  });
});

// Issue 41: hostile input from either side costs a clear SdkError, never a wrong request or a bare SyntaxError.
describe('VoiceClient and hostile input', () => {
  it.each([
    ['..', 'path parameter callId is ".."'],
    ['.', 'path parameter callId is "."'],
    ['', 'callId must be a non-empty string'],
  ])('refuses hangUpCall(%j) before sending: %s', async (callId, reason) => {
    await expect(client().hangUpCall(callId)).rejects.toThrow(InvalidRequestError);
    await expect(client().hangUpCall(callId)).rejects.toThrow(reason);
    expect(server.requests).toEqual([]);
  });

  it('keeps /, ?, # and % inside the call id segment', async () => {
    await client().hangUpCall('../x?y#z%');
    expect(server.requests[0]?.url).toBe('/api/v2/accounts/9900000/calls/..%2Fx%3Fy%23z%25');
  });

  it('turns a truncated 200 body into a ResponseBodyError naming status, URL and operation', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"callId":');
    });
    const error = await client()
      .hangUpCall('c-1')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ResponseBodyError);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ status: 200, operation: 'modifyCall', problem: 'malformed' });
    expect((error as Error).message).toContain(
      `Voice API answered 200 to POST ${server.origin}/api/v2/accounts/9900000/calls/c-1 (modifyCall)`,
    );
  });

  it('caps the answer at maxResponseBytes', async () => {
    server.handle((_, res) => sendJson(res, 200, { callId: 'x'.repeat(5000) }));
    await expect(client({ maxResponseBytes: 1024 }).hangUpCall('c-1')).rejects.toMatchObject({
      name: 'ResponseBodyError',
      problem: 'too-large',
      limitBytes: 1024,
    });
  });
});
