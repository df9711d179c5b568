import { afterEach, describe, expect, it } from 'vitest';
import {
  basicHeader,
  post,
  type Receiver,
  startReceiver,
} from '../../client-runtime/test/support/webhook-receiver.js';
import {
  type MessageCallbackDelivery,
  messageCallbackHandler,
  receiveMessageCallback,
} from '../src/webhooks.js';

const json = { 'content-type': 'application/json; charset=utf-8' };
const example = JSON.stringify({ type: 'message-delivered', to: '+14155550199', tag: 'table-42' });

describe('receiveMessageCallback', () => {
  it('returns the tag of a JSON callback; accepts any JSON shape and other media types unchecked', async () => {
    await expect(receiveMessageCallback({ headers: json, body: example })).resolves.toMatchObject({
      kind: 'json',
      tag: 'table-42',
    });
    await expect(receiveMessageCallback({ headers: json, body: '[{"tag":1}]' })).resolves.toMatchObject({
      kind: 'json',
      tag: undefined,
    });
    await expect(
      receiveMessageCallback({ headers: { 'content-type': 'text/plain' }, body: 'tag=table-42' }),
    ).resolves.toEqual({ kind: 'other', mediaType: 'text/plain', body: 'tag=table-42', tag: undefined });
  });

  it('accepts a tag that is not a string (the payload is not shown) but refuses JSON that does not parse', async () => {
    await expect(receiveMessageCallback({ headers: json, body: '{"tag":42}' })).resolves.toEqual({
      kind: 'json',
      payload: { tag: 42 },
      tag: undefined,
    });
    await expect(receiveMessageCallback({ headers: json, body: '{"tag":' })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('messageCallbackHandler', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => receiver?.close());

  it('a valid delivery, a wrong credential, a malformed body and an oversized body', async () => {
    const received: MessageCallbackDelivery[] = [];
    const credentials = { username: 'app', password: 'hook-secret' };
    receiver = await startReceiver(
      messageCallbackHandler((callback) => received.push(callback), { credentials, maxBodyBytes: 1024 }),
    );
    const auth = { ...json, authorization: basicHeader('app', 'hook-secret') };
    expect((await post(receiver.url, example, auth)).status).toBe(204);
    expect(received.map((callback) => callback.tag)).toEqual(['table-42']);
    const wrong = await post(receiver.url, example, { ...json, authorization: basicHeader('app', 'nope') });
    expect(wrong.status).toBe(401);
    expect((await post(receiver.url, '{"tag": 4', auth)).status).toBe(400);
    expect((await post(receiver.url, JSON.stringify({ tag: 'x'.repeat(2000) }), auth)).status).toBe(413);
    expect(received).toHaveLength(1);
  });
});
