import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkDelivery,
  readWebhookBody,
  verifyBasicCredentials,
  WebhookError,
  webhookRequestHandler,
} from '../src/webhooks/index.js';
import { basicHeader, post, type Receiver, startReceiver } from './support/webhook-receiver.js';

const credentials = { username: 'hooks', password: 's3cret' };

describe('verifyBasicCredentials', () => {
  it('accepts exactly the expected user and password, any scheme case', () => {
    expect(verifyBasicCredentials(basicHeader('hooks', 's3cret'), credentials)).toBe(true);
    expect(
      verifyBasicCredentials(basicHeader('hooks', 's3cret').replace('Basic', 'basic'), credentials),
    ).toBe(true);
  });

  it('refuses another password, another user, a prefix, no header, bearer and broken base64', () => {
    for (const header of [
      basicHeader('hooks', 's3cre'),
      basicHeader('hooks', 's3cret!'),
      basicHeader('other', 's3cret'),
      `Bearer ${Buffer.from('hooks:s3cret').toString('base64')}`,
      'Basic %%%',
      'Basic',
      undefined,
    ]) {
      expect(verifyBasicCredentials(header, credentials)).toBe(false);
    }
  });

  it('a password with a colon is compared whole', () => {
    const withColon = { username: 'u', password: 'a:b' };
    expect(verifyBasicCredentials(basicHeader('u', 'a:b'), withColon)).toBe(true);
    expect(verifyBasicCredentials(basicHeader('u', 'a'), withColon)).toBe(false);
  });
});

describe('checkDelivery', () => {
  it('returns the body as text; refuses a body over the limit before looking at credentials', () => {
    expect(checkDelivery({ headers: {}, body: new TextEncoder().encode('héllo') })).toBe('héllo');
    const tooLarge = () =>
      checkDelivery({ headers: {}, body: 'x'.repeat(11) }, { maxBodyBytes: 10, credentials });
    expect(tooLarge).toThrow(WebhookError);
    expect(tooLarge).toThrow(/11 bytes; this receiver takes at most 10/);
  });

  it('refuses missing or wrong credentials with 401, without echoing them', () => {
    const wrong = basicHeader('hooks', 'guess');
    try {
      checkDelivery({ headers: { authorization: wrong }, body: '' }, { credentials });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ reason: 'unauthorized', status: 401 });
      expect(String((error as Error).message)).not.toContain('guess');
    }
  });

  it('refuses bytes that are not UTF-8 as malformed', () => {
    expect(() => checkDelivery({ headers: {}, body: Uint8Array.of(0xff, 0xfe) })).toThrow(/not UTF-8/);
  });
});

describe('readWebhookBody', () => {
  it('stops reading a stream at the limit, and refuses a declared length above it unread', async () => {
    let pulled = 0;
    const endless = Readable.from(
      (function* () {
        while (true) {
          pulled++;
          yield Buffer.alloc(1024);
        }
      })(),
    );
    const stream = Object.assign(endless, { headers: {} });
    await expect(readWebhookBody(stream, 4096)).rejects.toMatchObject({ reason: 'body-too-large' });
    expect(pulled).toBeLessThan(10);
    const declared = Object.assign(Readable.from([]), { headers: { 'content-length': '999999' } });
    await expect(readWebhookBody(declared, 4096)).rejects.toMatchObject({ status: 413 });
  });

  it('uses a body an earlier parser kept as text or bytes; refuses one parsed into an object', async () => {
    const raw = Object.assign(Readable.from([]), { headers: {}, body: 'as text' });
    await expect(readWebhookBody(raw, 100)).resolves.toBe('as text');
    const parsed = Object.assign(Readable.from([]), { headers: {}, body: { a: 1 } });
    parsed.resume();
    await new Promise((resolve) => parsed.on('end', resolve));
    await expect(readWebhookBody(parsed, 100)).rejects.toMatchObject({ status: 500 });
  });
});

describe('webhookRequestHandler', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => receiver?.close());

  it('answers 204 after onDelivery, the status of a refusal with its reason, 500 when onDelivery throws', async () => {
    const errors: WebhookError[] = [];
    const seen: string[] = [];
    receiver = await startReceiver(
      webhookRequestHandler(
        async (delivery) => {
          const text = checkDelivery(delivery, { credentials });
          if (text === 'bad') throw new WebhookError('malformed', 'not a callback');
          return text;
        },
        (text) => {
          if (text === 'boom') throw new Error('database down');
          seen.push(text);
        },
        { maxBodyBytes: 64, onError: (error) => errors.push(error) },
      ),
    );
    const auth = { authorization: basicHeader('hooks', 's3cret') };
    expect((await post(receiver.url, 'hello', auth)).status).toBe(204);
    expect(seen).toEqual(['hello']);
    const unauthorized = await post(receiver.url, 'hello', { authorization: basicHeader('hooks', 'no') });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('www-authenticate')).toBe('Basic realm="webhook"');
    const malformed = await post(receiver.url, 'bad', auth);
    expect(malformed).toMatchObject({ status: 400, text: 'not a callback\n' });
    expect((await post(receiver.url, 'x'.repeat(65), auth)).status).toBe(413);
    const failed = await post(receiver.url, 'boom', auth);
    expect(failed.status).toBe(500);
    expect(failed.text).not.toContain('database');
    expect(errors.map((error) => error.reason)).toEqual([
      'unauthorized',
      'malformed',
      'body-too-large',
      'handler-failed',
    ]);
  });
});
