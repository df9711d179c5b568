import { afterEach, describe, expect, it } from 'vitest';
import {
  basicHeader,
  post,
  type Receiver,
  startReceiver,
} from '../../client-runtime/test/support/webhook-receiver.js';
import {
  type DisconnectEventDelivery,
  disconnectEventHandler,
  receiveDisconnectEvent,
} from '../src/webhooks.js';

const json = { 'content-type': 'application/json' };
const example = JSON.stringify({
  eventType: 'disconnect',
  cause: 'error',
  pai: '<sip:+14155550100@sip.example.com>',
  identity: 'eyJhbGciOiJFUzI1NiJ9.eyJhdHRlc3QiOiJBIn0.c2lnbmF0dXJl',
});

describe('receiveDisconnectEvent', () => {
  it('returns the event with pai and identity, the rest open; other media types unchecked', async () => {
    await expect(receiveDisconnectEvent({ headers: json, body: example })).resolves.toMatchObject({
      kind: 'json',
      event: { pai: '<sip:+14155550100@sip.example.com>', cause: 'error' },
    });
    await expect(receiveDisconnectEvent({ headers: json, body: '{}' })).resolves.toEqual({
      kind: 'json',
      event: {},
    });
    await expect(
      receiveDisconnectEvent({
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=b',
      }),
    ).resolves.toMatchObject({ kind: 'other', body: 'a=b' });
  });

  it('refuses a pai or identity that is not a string, and JSON that is not an object', async () => {
    for (const body of ['{"pai":1}', '{"identity":null}', '[]', '"x"', '{']) {
      await expect(receiveDisconnectEvent({ headers: json, body })).rejects.toMatchObject({
        reason: 'malformed',
      });
    }
  });
});

describe('disconnectEventHandler', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => receiver?.close());

  it('a valid delivery, a wrong credential, a malformed body and an oversized body', async () => {
    const received: DisconnectEventDelivery[] = [];
    const credentials = { username: 'voice', password: 'hook' };
    receiver = await startReceiver(
      disconnectEventHandler((event) => received.push(event), { credentials, maxBodyBytes: 1024 }),
    );
    const auth = { ...json, authorization: basicHeader('voice', 'hook') };
    expect((await post(receiver.url, example, auth)).status).toBe(204);
    expect(received).toHaveLength(1);
    expect(
      (await post(receiver.url, example, { ...json, authorization: basicHeader('voice', 'x') })).status,
    ).toBe(401);
    expect((await post(receiver.url, '{"pai": 7}', auth)).status).toBe(400);
    expect((await post(receiver.url, JSON.stringify({ pad: 'x'.repeat(2000) }), auth)).status).toBe(413);
    expect(received).toHaveLength(1);
  });
});
