import { WebhookError } from '@svc-contracts/client-runtime/webhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  basicHeader,
  post,
  type Receiver,
  startReceiver,
} from '../../client-runtime/test/support/webhook-receiver.js';
import { closeXmlValidators } from '../src/index.js';
import { orderNotificationHandler, receiveOrderNotification } from '../src/webhooks.js';
import { specExample } from './support.js';

afterAll(() => closeXmlValidators());

const credentials = { username: 'callbacks', password: 'p4ss' };
const xml = { 'content-type': 'application/xml; charset=utf-8' };
const auth = { ...xml, authorization: basicHeader('callbacks', 'p4ss') };
const e164 = specExample('notification');
const legacy = e164.replaceAll('+1415', '415');

describe('receiveOrderNotification', () => {
  it('reads an E.164 and a LEGACY notification; a number format given holds it to that XSD', async () => {
    await expect(receiveOrderNotification({ headers: xml, body: e164 })).resolves.toMatchObject({
      Status: 'COMPLETE',
      CompletedTelephoneNumbers: { TelephoneNumber: ['+14155550100', '+14155550101'] },
    });
    await expect(
      receiveOrderNotification({ headers: xml, body: legacy }, { numberFormat: 'LEGACY' }),
    ).resolves.toMatchObject({
      CompletedTelephoneNumbers: { TelephoneNumber: ['4155550100', '4155550101'] },
    });
    await expect(
      receiveOrderNotification({ headers: xml, body: legacy }, { numberFormat: 'E164' }),
    ).rejects.toMatchObject({ reason: 'malformed', status: 400 });
  });

  it('refuses another media type with 415, and a DOCTYPE as malformed', async () => {
    await expect(
      receiveOrderNotification({ headers: { 'content-type': 'application/json' }, body: e164 }),
    ).rejects.toMatchObject({ reason: 'unsupported-media-type', status: 415 });
    await expect(
      receiveOrderNotification({
        headers: xml,
        body: '<?xml version="1.0"?><!DOCTYPE Notification [<!ENTITY x "y">]><Notification/>',
      }),
    ).rejects.toBeInstanceOf(WebhookError);
  });
});

describe('orderNotificationHandler', () => {
  let receiver: Receiver | undefined;
  afterEach(async () => receiver?.close());

  it('a valid delivery, a wrong credential, a malformed body and an oversized body', async () => {
    const received: unknown[] = [];
    receiver = await startReceiver(
      orderNotificationHandler((notification) => received.push(notification), {
        credentials,
        maxBodyBytes: 4096,
      }),
    );
    expect((await post(receiver.url, e164, auth)).status).toBe(204);
    expect(received).toMatchObject([{ CustomerOrderId: 'order-2024-0001' }]);

    const wrong = await post(receiver.url, e164, { ...xml, authorization: basicHeader('callbacks', 'p4sS') });
    expect(wrong.status).toBe(401);
    expect((await post(receiver.url, e164, xml)).status).toBe(401);

    const malformed = await post(receiver.url, e164.replace('+14155550100', '4155550100'), auth);
    expect(malformed.status).toBe(400);
    expect(malformed.text).toMatch(/not valid against/);
    expect((await post(receiver.url, '<Notification>', auth)).status).toBe(400);

    const oversized = e164.replace('</Notification>', `<Pad>${'x'.repeat(5000)}</Pad></Notification>`);
    expect((await post(receiver.url, oversized, auth)).status).toBe(413);
    expect(received).toHaveLength(1);
  });
});
