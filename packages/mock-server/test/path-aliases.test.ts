import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { basicAuth, call, startOnFreePorts } from './support.ts';

let set: MockSet;
const numbers = (): string => set.mocks.find((mock) => mock.name === 'numbers')?.url ?? '';
const voice = (): string => set.mocks.find((mock) => mock.name === 'voice')?.url ?? '';

beforeAll(async () => {
  set = await startOnFreePorts({ only: ['numbers', 'voice'] });
});
afterAll(() => set.stop());

describe('x-path-aliases', () => {
  it('serves the other spelling the source uses as the documented path, as the checker matches it', async () => {
    const documented = await call(numbers(), '/api/v2/accounts/9900/e911Addresses', {
      headers: { authorization: basicAuth },
    });
    const alias = await call(numbers(), '/api/v2/accounts/9900/e911addresses', {
      headers: { authorization: basicAuth },
    });
    expect(documented.status).toBe(200);
    expect(alias.status).toBe(200);
    expect(alias.text).toBe(documented.text);
  });

  it('serves an alias of another length: voice create call without its trailing slash', async () => {
    const body = JSON.stringify({
      from: '+14155550100',
      to: '+14155550199',
      answerUrl: 'https://app.example.com/voice/answer',
      applicationId: 'app-1',
    });
    const send = (path: string) =>
      call(voice(), path, {
        method: 'POST',
        headers: { authorization: basicAuth, 'content-type': 'application/json; charset=utf-8' },
        body,
      });
    const documented = await send('/api/v2/accounts/9900/calls/');
    const alias = await send('/api/v2/accounts/9900/calls');
    expect(documented.status).toBe(200);
    expect(alias.status).toBe(documented.status);
    expect(alias.text).toBe(documented.text);
    // A broken body is refused the same way under either spelling.
    const broken = await call(voice(), '/api/v2/accounts/9900/calls', {
      method: 'POST',
      headers: { authorization: basicAuth, 'content-type': 'application/json; charset=utf-8' },
      body: '{"from":"not a number"}',
    });
    expect(broken.status).toBe(400);
  });

  it('any other spelling is still an unknown path', async () => {
    const other = await call(numbers(), '/api/v2/accounts/9900/E911ADDRESSES', {
      headers: { authorization: basicAuth },
    });
    expect(other.status).toBe(404);
  });
});
