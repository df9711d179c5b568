import { afterEach, describe, expect, it } from 'vitest';
import {
  basicHeader,
  post,
  type Receiver,
  startReceiver,
} from '../../client-runtime/test/support/webhook-receiver.js';
import {
  receiveVerificationCallback,
  type VerificationCallbackDelivery,
  verificationCallbackHandler,
} from '../src/webhooks.js';

const json = { 'content-type': 'application/json' };
const example = JSON.stringify({ type: 'verification-completed', to: '+14155550199', scope: '2FA' });

describe('receiveVerificationCallback', () => {
  it('keeps any body of any media type (the payload is not shown); JSON that parses is given as json', async () => {
    await expect(receiveVerificationCallback({ headers: json, body: example })).resolves.toEqual({
      mediaType: 'application/json',
      body: example,
      json: { type: 'verification-completed', to: '+14155550199', scope: '2FA' },
    });
    await expect(receiveVerificationCallback({ headers: json, body: '{' })).resolves.toMatchObject({
      json: undefined,
    });
    await expect(receiveVerificationCallback({ headers: {}, body: '' })).resolves.toEqual({
      mediaType: undefined,
      body: '',
      json: undefined,
    });
  });
});

describe('verificationCallbackHandler', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => receiver?.close());

  it('a valid delivery, a wrong credential, a malformed body (not UTF-8) and an oversized body', async () => {
    const received: VerificationCallbackDelivery[] = [];
    const credentials = { username: 'mfa', password: 'hook' };
    receiver = await startReceiver(
      verificationCallbackHandler((callback) => received.push(callback), { credentials, maxBodyBytes: 512 }),
    );
    const auth = { ...json, authorization: basicHeader('mfa', 'hook') };
    expect((await post(receiver.url, example, auth)).status).toBe(204);
    expect(received).toMatchObject([{ json: { scope: '2FA' } }]);
    expect(
      (await post(receiver.url, example, { ...json, authorization: basicHeader('mfa', 'h') })).status,
    ).toBe(401);
    expect((await post(receiver.url, Uint8Array.of(0x7b, 0xff, 0x7d), auth)).status).toBe(400);
    expect((await post(receiver.url, 'x'.repeat(513), auth)).status).toBe(413);
    expect(received).toHaveLength(1);
  });
});
