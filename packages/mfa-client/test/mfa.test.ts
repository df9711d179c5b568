import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, sendJson, startServer } from '../../client-runtime/test/support/local-server.js';
import { ConfigurationError, MfaApiError, MfaClient, NetworkError } from '../src/index.js';

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((_, res) => sendJson(res, 200, { messageId: 'm-1' }));
});
afterEach(() => server.close());

const client = () =>
  new MfaClient({
    baseUrl: server.origin,
    accountId: '9900000',
    credentials: { username: 'mfa-user', password: 'mfa-pass' },
  });

const sendCode = {
  to: '+14155550199',
  from: '+14155550100',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  scope: '2FA',
  digits: 6,
  message: 'Your verification code is {CODE}',
};

async function failureOf(promise: Promise<unknown>): Promise<MfaApiError> {
  const error = await promise.catch((failure: unknown) => failure);
  expect(error).toBeInstanceOf(MfaApiError);
  return error as MfaApiError;
}

describe('MfaClient', () => {
  it('sends a code', async () => {
    expect(await client().sendCode(sendCode)).toEqual({ messageId: 'm-1' });
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/v1/accounts/9900000/code/messaging' });
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(seen?.headers.authorization).toBe(`Basic ${btoa('mfa-user:mfa-pass')}`);
    expect(JSON.parse(seen?.body ?? '')).toEqual(sendCode);
  });

  it('verifies a code', async () => {
    await client().verifyCode({
      to: '+14155550199',
      scope: '2FA',
      code: '123456',
      expirationTimeInMinutes: 3,
    });
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/v1/accounts/9900000/code/verify' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toMatchObject({ code: '123456' });
  });
});

describe('MfaApiError reads the three error shapes the same way', () => {
  it('error + requestId (400, 429, 500)', async () => {
    server.handle((_, res) =>
      sendJson(res, 429, { error: 'Too many invalid codes, wait 5 minutes', requestId: '3b6a1f0e-5c2d' }),
    );
    const error = await failureOf(client().verifyCode({ to: '+14155550199', code: '000000' }));
    expect(error.status).toBe(429);
    expect(error.serviceMessage).toBe('Too many invalid codes, wait 5 minutes');
    expect(error.requestId).toBe('3b6a1f0e-5c2d');
    expect(error.message).toBe(
      `Verification API answered 429 to POST ${server.origin}/api/v1/accounts/9900000/code/verify: Too many invalid codes, wait 5 minutes (request id 3b6a1f0e-5c2d)`,
    );
    if (!error.hasStatus(429)) throw new Error('expected 429');
    expect(error.body.requestId).toBe('3b6a1f0e-5c2d');
  });

  it('message (401)', async () => {
    server.handle((_, res) => sendJson(res, 401, { message: 'Unauthorized' }));
    const error = await failureOf(client().sendCode(sendCode));
    expect([error.status, error.serviceMessage, error.requestId]).toEqual([401, 'Unauthorized', undefined]);
    if (!error.hasStatus(401)) throw new Error('expected 401');
    expect(error.body.message).toBe('Unauthorized');
  });

  it('Message (403)', async () => {
    server.handle((_, res) =>
      sendJson(res, 403, { Message: 'User is not authorized to access this resource' }),
    );
    const error = await failureOf(client().sendCode(sendCode));
    expect(error.serviceMessage).toBe('User is not authorized to access this resource');
    expect(error.message).toContain(': User is not authorized to access this resource');
  });

  it('an unknown shape leaves them undefined, a header request id still counts', async () => {
    server.handle((_, res) => sendJson(res, 500, { oops: true }, { 'x-request-id': 'hdr-1' }));
    const error = await failureOf(client().sendCode(sendCode));
    expect(error.serviceMessage).toBeUndefined();
    expect(error.requestId).toBe('hdr-1');
  });

  it('a missing to gives 400 with requestId', async () => {
    server.handle((_, res) =>
      sendJson(res, 400, { error: 'Missing required field: to', requestId: 'r-400' }),
    );
    const error = await failureOf(client().sendCode({} as never));
    expect([error.status, error.serviceMessage, error.requestId]).toEqual([
      400,
      'Missing required field: to',
      'r-400',
    ]);
  });
});

describe('configuration', () => {
  it('needs an account id', () => {
    expect(
      () =>
        new MfaClient({
          baseUrl: server.origin,
          accountId: '',
          credentials: { username: 'a', password: 'b' },
        }),
    ).toThrow(ConfigurationError);
  });
});

describe('credentials never show in an error', () => {
  it('redacts the user name and password echoed in serviceMessage, requestId and the body', async () => {
    server.handle((_, res) =>
      sendJson(res, 401, { message: 'user mfa-user, password mfa-pass refused', requestId: 'mfa-pass' }),
    );
    const error = await failureOf(client().sendCode(sendCode));
    expect(error.serviceMessage).toBe('user REDACTED, password REDACTED refused');
    const shown = `${error.message}${error.stack}${JSON.stringify(error)}${inspect(error, { depth: 10 })}`;
    expect(shown).not.toContain('mfa-pass');
    expect(shown).not.toContain('mfa-user');
  });

  it('throws a NetworkError, not a TypeError, when the service cannot be reached', async () => {
    const origin = server.origin;
    await server.close();
    const failure = await new MfaClient({
      baseUrl: origin,
      accountId: '9900000',
      credentials: { username: 'mfa-user', password: 'mfa-pass' },
    })
      .sendCode(sendCode)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NetworkError);
    server = await startServer();
  });
});
