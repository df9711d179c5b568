import { afterAll, describe, expect, it } from 'vitest';
import { closeXmlValidators, parseOrderNotification, XmlDocumentError } from '../src/index.js';
import { specExample, XXE } from './support.js';

afterAll(() => closeXmlValidators());

const legacy = specExample('notification').replaceAll('+1415', '415');

describe('parseOrderNotification', () => {
  it('returns the typed notification, numbers as E.164 strings', async () => {
    const notification = await parseOrderNotification(specExample('notification'));
    expect(notification).toEqual({
      SubscriptionId: '1f7e5b8a-3c2d-4e6f-9a0b-7c8d9e0f1a2b',
      OrderType: 'orders',
      CustomerOrderId: 'order-2024-0001',
      Status: 'COMPLETE',
      CompletedTelephoneNumbers: { TelephoneNumber: ['+14155550100', '+14155550101'] },
      LastModifiedDate: '2024-03-04T15:21:02.000Z',
      ActualFocDate: '2024-03-04T00:00:00.000Z',
    });
  });

  it('accepts elements the source does not list, in either number format; a listed one keeps its rules', async () => {
    const extra = (xml: string) =>
      xml.replace('</Notification>', '<OrderId>6d7da966</OrderId><Message>Created</Message></Notification>');
    expect(extra(specExample('notification'))).not.toBe(specExample('notification'));
    await expect(parseOrderNotification(extra(specExample('notification')))).resolves.toMatchObject({
      Status: 'COMPLETE',
    });
    await expect(parseOrderNotification(extra(legacy), { numberFormat: 'LEGACY' })).resolves.toMatchObject({
      Status: 'COMPLETE',
    });
    const broken = extra(specExample('notification')).replace('+14155550100', '14155550100');
    await expect(parseOrderNotification(broken, { numberFormat: 'E164' })).rejects.toThrow(XmlDocumentError);
  });

  it('keeps timestamps as the text sent: the source says only "timestamp" (a space, no zone pass); still one each', async () => {
    const spaced = specExample('notification')
      .replace(/<LastModifiedDate>[^<]*/, '<LastModifiedDate>2024-03-04 15:21:02')
      .replace(/<ActualFocDate>[^<]*/, '<ActualFocDate>2024-03-04 00:00:00');
    await expect(parseOrderNotification(spaced, { numberFormat: 'E164' })).resolves.toMatchObject({
      LastModifiedDate: '2024-03-04 15:21:02',
      ActualFocDate: '2024-03-04 00:00:00',
    });
    const twice = spaced.replace(
      '</Notification>',
      '<ActualFocDate>2024-03-05</ActualFocDate></Notification>',
    );
    await expect(parseOrderNotification(twice, { numberFormat: 'E164' })).rejects.toBeInstanceOf(
      XmlDocumentError,
    );
  });

  it('reads LEGACY notifications when the subscription asked for them', async () => {
    const notification = await parseOrderNotification(legacy, { numberFormat: 'LEGACY' });
    expect(notification.CompletedTelephoneNumbers?.TelephoneNumber).toEqual(['4155550100', '4155550101']);
  });

  it('without numberFormat accepts a document valid against either XSD (x-xsd.legacySchema), refuses one valid against neither', async () => {
    await expect(parseOrderNotification(legacy)).resolves.toMatchObject({
      CompletedTelephoneNumbers: { TelephoneNumber: ['4155550100', '4155550101'] },
    });
    const mixed = specExample('notification').replace('+14155550101', '4155550101');
    const failure = (await parseOrderNotification(mixed).catch(
      (error: unknown) => error,
    )) as XmlDocumentError;
    expect(failure).toBeInstanceOf(XmlDocumentError);
    expect(failure.message).toMatch(
      /not valid against xsd\/Notification.xsd or xsd\/Notification.legacy.xsd/,
    );
    expect(failure.message).toMatch(/alternative schema .*Notification\.legacy\.xsd either/);
  });

  it('refuses 10-digit numbers under the E.164 schema, and E.164 under LEGACY', async () => {
    await expect(parseOrderNotification(legacy, { numberFormat: 'E164' })).rejects.toBeInstanceOf(
      XmlDocumentError,
    );
    await expect(
      parseOrderNotification(specExample('notification'), { numberFormat: 'LEGACY' }),
    ).rejects.toThrow(/not valid against xsd\/Notification.legacy.xsd/);
  });

  it('refuses an XXE document, validating or not, and reads no file', async () => {
    for (const validate of [true, false]) {
      const failure = (await parseOrderNotification(XXE, { validate }).catch(
        (error: unknown) => error,
      )) as XmlDocumentError;
      expect(failure).toBeInstanceOf(XmlDocumentError);
      expect(failure.issues[0]?.rule).toBe('doctype-forbidden');
      expect(failure.message).not.toContain('root:');
    }
  });

  it('refuses a document of another kind', async () => {
    await expect(parseOrderNotification(specExample('order-response'))).rejects.toThrow(XmlDocumentError);
    await expect(parseOrderNotification(specExample('order-response'), { validate: false })).rejects.toThrow(
      'Expected a Notification document, found root element OrderResponse.',
    );
  });
});
