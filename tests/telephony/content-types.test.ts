import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MockSet, startMocks } from '@svc-contracts/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Request content types as the source states them, through the mocks (which call the contract checker):
// messaging and voice send `application/json; charset=utf-8`, and neither shows that a JSON body without
// the charset is refused, so it is accepted; only a body that is not JSON is refused (voice with its
// documented 415: "Content type <type> not supported").
// Verification shows a content type only in the examples of D6 and refuses none, so any other media
// type is accepted (`*/*`), while a JSON body is still checked.

const configPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'redocly.yaml');
const auth = `Basic ${Buffer.from('user:pass').toString('base64')}`;
let mocks: MockSet;

beforeAll(async () => {
  mocks = await startMocks({
    configPath,
    only: ['messaging', 'voice', 'mfa'],
    ports: { messaging: 0, voice: 0, mfa: 0 },
  });
}, 60_000);
afterAll(() => mocks?.stop());

function url(service: string, path: string): string {
  const mock = mocks.mocks.find((candidate) => candidate.name === service);
  if (!mock) throw new Error(`no ${service} mock`);
  return `${mock.url.replace(/\/$/, '')}${path}`;
}

async function post(service: string, path: string, type: string, body: string): Promise<number> {
  const response = await fetch(url(service, path), {
    method: 'POST',
    headers: { authorization: auth, 'content-type': type },
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

const message = JSON.stringify({
  from: '+14155550100',
  to: ['+14155550199'],
  text: 'hello',
  applicationId: 'app-1',
});
const call = JSON.stringify({
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/answer',
  applicationId: 'app-1',
});
const sendCode = JSON.stringify({ to: '+14155550199', from: '+14155550100', message: 'code {CODE}' });

describe('request content types', () => {
  it('messaging: application/json with or without a charset gets 202; text/plain gets a 4xx', async () => {
    const path = '/v2/users/9900000/messages';
    expect(await post('messaging', path, 'application/json', message)).toBe(202);
    expect(await post('messaging', path, 'application/json; charset=utf-8', message)).toBe(202);
    const refused = await post('messaging', path, 'text/plain', message);
    expect(refused).toBeGreaterThanOrEqual(400);
    expect(refused).toBeLessThan(500);
  });

  it("messaging: the mock answers with the tag, the media and the from it was sent (x-echoes), not the example's", async () => {
    const sent = {
      from: '+14155550111',
      to: ['+14155550199'],
      text: 'hello',
      applicationId: 'app-1',
      tag: 'order-7',
      media: ['https://cdn.example.com/menu.png'],
    };
    const response = await fetch(url('messaging', '/v2/users/9900000/messages'), {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({
      tag: 'order-7',
      owner: '+14155550111',
      media: expect.any(Array),
    });
  });

  it('voice: application/json with or without a charset is accepted; the documented 415 for a body that is not JSON', async () => {
    const path = '/api/v2/accounts/9900000/calls/';
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
    ]) {
      const accepted = await post('voice', path, type, call);
      expect(accepted).toBeGreaterThanOrEqual(200);
      expect(accepted).toBeLessThan(300);
    }
    expect(await post('voice', path, 'text/plain', call)).toBe(415);
    expect(
      await post('voice', '/api/v2/accounts/9900000/calls/c-1', 'text/plain', '{"state":"completed"}'),
    ).toBe(415);
  });

  it('verification: any media type is accepted (*/*); a JSON body, or JSON text as text/plain, is still checked', async () => {
    const send = '/api/v1/accounts/9900000/code/messaging';
    for (const type of [
      'application/json',
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
    ]) {
      const status = await post('mfa', send, type, sendCode);
      expect([type, status >= 200 && status < 300]).toEqual([type, true]);
    }
    // D5: a missing `to` gives 400, when the body is JSON, or JSON text sent as text/plain;charset=UTF-8
    // (the form of the source's verification examples, checked like JSON).
    expect(await post('mfa', send, 'application/json', JSON.stringify({ from: '+14155550100' }))).toBe(400);
    expect(
      await post('mfa', send, 'text/plain;charset=UTF-8', JSON.stringify({ from: '+14155550100' })),
    ).toBe(400);
    expect(await post('mfa', send, 'text/plain;charset=UTF-8', 'not json')).toBe(400);
    const verify = '/api/v1/accounts/9900000/code/verify';
    const form = await post('mfa', verify, 'application/x-www-form-urlencoded', 'to=%2B14155550199&code=1');
    expect(form >= 200 && form < 300).toBe(true);
    // D6 as in the source's examples: text/plain must hold the JSON document.
    expect(await post('mfa', verify, 'text/plain;charset=UTF-8', 'not json')).toBe(400);
    // Media types match by essence: a bare text/plain (or another spelling of the charset) is the same
    // media type as the source's text/plain;charset=UTF-8, so it is checked too, never taken as */*.
    for (const type of ['text/plain', 'text/plain; charset=utf-8']) {
      expect([type, await post('mfa', verify, type, JSON.stringify({ code: '123456' }))]).toEqual([
        type,
        400,
      ]);
      expect([type, await post('mfa', send, type, JSON.stringify({ from: '+14155550100' }))]).toEqual([
        type,
        400,
      ]);
      const ok = await post('mfa', verify, type, JSON.stringify({ to: '+14155550199', code: '123456' }));
      expect([type, ok >= 200 && ok < 300]).toEqual([type, true]);
    }
  });
});
