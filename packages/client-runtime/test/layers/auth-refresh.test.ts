import { describe, expect, it } from 'vitest';
import { type Authenticator, basicAuth, bearerAuth } from '../../src/auth.js';
import { authLayer } from '../../src/layers/auth-refresh.js';
import type { TransportEvent } from '../../src/layers/context.js';
import { timeoutLayer } from '../../src/layers/timeout.js';
import { context, outgoing, scripted, status } from './support.js';

/** A token provider handing out `t1`, `t2`, … (or always `t1` when `stale`). */
function tokens(stale = false): Authenticator & { asked: boolean[] } {
  const asked: boolean[] = [];
  let n = 0;
  const auth = bearerAuth(async ({ forceRefresh }) => {
    asked.push(forceRefresh);
    n = stale ? 1 : n + 1;
    return `token-${n}`;
  });
  return Object.assign(auth, { asked });
}

describe('auth layer', () => {
  // given: the credentials and the answers; want: the Authorization of each request sent, the final status
  it.each([
    {
      name: 'a token is asked before the attempt',
      auth: () => tokens(),
      answers: [200],
      want: { authorization: ['Bearer token-1'], status: 200, asked: [false] },
    },
    {
      name: 'one fresh token after a 401, and one retry',
      auth: () => tokens(),
      answers: [401, 200],
      want: { authorization: ['Bearer token-1', 'Bearer token-2'], status: 200, asked: [false, true] },
    },
    {
      name: 'a second 401 is returned, not answered again',
      auth: () => tokens(),
      answers: [401, 401],
      want: { authorization: ['Bearer token-1', 'Bearer token-2'], status: 401, asked: [false, true] },
    },
    {
      name: 'no retry when the provider has nothing fresher',
      auth: () => tokens(true),
      answers: [401],
      want: { authorization: ['Bearer token-1'], status: 401, asked: [false, true] },
    },
    {
      name: 'fixed credentials are set without asking, and a 401 is returned',
      auth: () => Object.assign(basicAuth({ username: 'user', password: 'pass' }), { asked: [] }),
      answers: [401],
      want: { authorization: ['Basic dXNlcjpwYXNz'], status: 401, asked: [] },
    },
  ])('$name', async ({ auth, answers, want }) => {
    const authenticator = auth();
    const next = scripted(answers.map((code) => () => status(code)));
    const call = context();
    const request = outgoing();
    const response = await authLayer(authenticator, undefined)(timeoutLayer(next))(request, call);
    call.deadline.release();
    expect(response.status).toBe(want.status);
    expect(next.sent.map((sent) => sent.headers.get('authorization'))).toEqual(want.authorization);
    expect(authenticator.asked).toEqual(want.asked);
    // The caller's headers never get the credentials (middleware may keep the request).
    expect(request.headers.get('authorization')).toBeNull();
  });

  it('refreshes once per call, even across attempts', async () => {
    const authenticator = tokens();
    const next = scripted([status(401), status(503), status(401)]);
    const call = context();
    const send = authLayer(authenticator, undefined)(timeoutLayer(next));
    expect((await send(outgoing(), call)).status).toBe(503);
    expect((await send(outgoing(), call)).status).toBe(401);
    call.deadline.release();
    expect(authenticator.asked).toEqual([false, true, false]);
    expect(call.attempt).toBe(3);
  });

  it('reports the refresh, redacted', async () => {
    const events: TransportEvent[] = [];
    const call = context();
    await authLayer(tokens(), (event) => events.push(event))(
      timeoutLayer(scripted([status(401), status(200)])),
    )(outgoing({ url: 'https://api.example.com/items?token=abc' }), call);
    call.deadline.release();
    expect(events).toEqual([
      {
        type: 'refresh-credentials',
        method: 'GET',
        url: 'https://api.example.com/items?token=REDACTED',
        attempt: 1,
      },
    ]);
  });
});
