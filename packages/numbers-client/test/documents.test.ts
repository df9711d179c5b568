import { afterAll, describe, expect, it } from 'vitest';
import {
  closeXmlValidators,
  fromXml,
  InvalidRequestError,
  type Order,
  toXml,
  validateDocument,
  XmlDocumentError,
  xmlDocuments,
} from '../src/index.js';
import { specExample } from './support.js';

afterAll(() => closeXmlValidators());

const order: Order = {
  SiteId: '12345',
  PartialAllowed: false,
  ExistingTelephoneNumberOrderType: {
    TelephoneNumberList: { TelephoneNumber: ['+14155550100', '+14155550101'] },
  },
};

describe('toXml', () => {
  it('writes the children in schema order whatever the key order, typed values as text', () => {
    const shuffled = {
      ExistingTelephoneNumberOrderType: order.ExistingTelephoneNumberOrderType,
      PartialAllowed: true,
      SiteId: '007',
    };
    expect(toXml('Order', shuffled)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Order>',
        '  <SiteId>007</SiteId>',
        '  <PartialAllowed>true</PartialAllowed>',
        '  <ExistingTelephoneNumberOrderType>',
        '    <TelephoneNumberList>',
        '      <TelephoneNumber>+14155550100</TelephoneNumber>',
        '      <TelephoneNumber>+14155550101</TelephoneNumber>',
        '    </TelephoneNumberList>',
        '  </ExistingTelephoneNumberOrderType>',
        '</Order>',
        '',
      ].join('\n'),
    );
  });

  it('escapes text so a value cannot open markup', () => {
    const xml = toXml('RemoveImportedTnOrder', {
      CustomerOrderId: 'a<b>&"c\'</CustomerOrderId><x>',
      TelephoneNumbers: { TelephoneNumber: ['+14155550100'] },
    });
    expect(xml).toContain(
      '<CustomerOrderId>a&lt;b&gt;&amp;"c\'&lt;/CustomerOrderId&gt;&lt;x&gt;</CustomerOrderId>',
    );
    expect(fromXml('RemoveImportedTnOrder', xml).CustomerOrderId).toBe('a<b>&"c\'</CustomerOrderId><x>');
  });

  it('keeps every character of a value through a round trip: line ends, markup, astral characters', () => {
    const tricky = 'line one\r\nline two\rthree\t<&>"\'\u{1F4DE} ]]>';
    const xml = toXml('RemoveImportedTnOrder', {
      CustomerOrderId: tricky,
      TelephoneNumbers: { TelephoneNumber: ['+14155550100'] },
    });
    // A literal carriage return would arrive as a line feed: it goes as a character reference.
    expect(xml).toContain('line one&#13;\nline two&#13;three');
    expect(fromXml('RemoveImportedTnOrder', xml).CustomerOrderId).toBe(tricky);
  });

  it('refuses a character XML 1.0 cannot carry, naming the element and the code point', () => {
    for (const [value, codePoint] of [
      ['ord\u0001er', 'U+0001'],
      ['\u0000', 'U+0000'],
      ['x\uFFFE', 'U+FFFE'],
      ['lone \uD83D surrogate', 'U+D83D'],
    ] as const) {
      expect(() =>
        toXml('RemoveImportedTnOrder', {
          CustomerOrderId: value,
          TelephoneNumbers: { TelephoneNumber: ['+14155550100'] },
        }),
      ).toThrow(
        new InvalidRequestError(
          `RemoveImportedTnOrder/CustomerOrderId contains ${codePoint}, a character XML 1.0 cannot carry.`,
        ),
      );
    }
    expect(() =>
      toXml('Order', {
        ...order,
        ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: ['+1', '+1\u001b'] } },
      }),
    ).toThrow(
      /^Order\/ExistingTelephoneNumberOrderType\/TelephoneNumberList\/TelephoneNumber\[2\] contains U\+001B/,
    );
  });

  it('writes an element whose children are all absent as an empty element', () => {
    expect(toXml('Order', { SiteId: '1', ExistingTelephoneNumberOrderType: {} })).toContain(
      '  <ExistingTelephoneNumberOrderType></ExistingTelephoneNumberOrderType>\n',
    );
    expect(
      toXml('Order', {
        SiteId: '1',
        ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: [] } },
      }),
    ).toContain('    <TelephoneNumberList></TelephoneNumberList>\n');
  });

  it('refuses unknown elements and values of the wrong type', () => {
    expect(() => toXml('Order', { ...order, SiteID: '1' } as Order)).toThrow(
      new InvalidRequestError(
        'Order has no element SiteID (expected SiteId, PartialAllowed, ExistingTelephoneNumberOrderType).',
      ),
    );
    expect(() => toXml('Order', { ...order, PartialAllowed: 'false' as unknown as boolean })).toThrow(
      'Order/PartialAllowed must be a boolean.',
    );
    expect(() =>
      toXml('Order', {
        ...order,
        ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: '+1' as never } },
      }),
    ).toThrow(/TelephoneNumber is repeated: give an array/);
    expect(() => toXml('Order', { ...order, SiteId: 12345 as unknown as string })).toThrow(
      'Order/SiteId must be a string.',
    );
  });

  it('writes integers in decimal and refuses fractions', () => {
    const subscription = fromXml('Subscription', specExample('subscription'));
    expect(toXml('Subscription', subscription)).toContain('<Expiry>31536000</Expiry>');
    const broken = {
      ...subscription,
      CallbackSubscription: { ...subscription.CallbackSubscription, Expiry: 1.5 },
    };
    expect(() => toXml('Subscription', broken)).toThrow(
      'Subscription/CallbackSubscription/Expiry must be an integer.',
    );
  });
});

describe('fromXml', () => {
  it('types the order response: arrays, booleans, strings kept as sent', () => {
    const response = fromXml('OrderResponse', specExample('order-response'));
    expect(response).toEqual({
      Order: {
        OrderCreateDate: '2024-03-04T15:20:31.000Z',
        BackOrderRequested: 'false', // the XSD leaves it a string
        id: '6d7da966-e071-4741-b31c-1d8932f4b8da',
        ExistingTelephoneNumberOrderType: {
          TelephoneNumberList: { TelephoneNumber: ['+14155550100', '+14155550101'] },
        },
        PartialAllowed: false,
        SiteId: '12345',
      },
      OrderStatus: 'RECEIVED',
    });
  });

  it('makes a single repeated element an array, and an absent one an empty array', () => {
    const one = fromXml(
      'Notification',
      '<Notification><CompletedTelephoneNumbers><TelephoneNumber>+4930123456</TelephoneNumber></CompletedTelephoneNumbers></Notification>',
    );
    expect(one.CompletedTelephoneNumbers?.TelephoneNumber).toEqual(['+4930123456']);
    const none = fromXml('Notification', '<Notification><CompletedTelephoneNumbers/></Notification>');
    expect(none.CompletedTelephoneNumbers?.TelephoneNumber).toEqual([]);
  });

  it('reads integers and the four boolean forms', () => {
    expect(fromXml('Subscription', specExample('subscription')).CallbackSubscription?.Expiry).toBe(31536000);
    const withFlag = (flag: string) =>
      fromXml(
        'OrderResponse',
        `<OrderResponse><Order><PartialAllowed>${flag}</PartialAllowed></Order></OrderResponse>`,
      ).Order?.PartialAllowed;
    expect(['true', '1', 'false', '0'].map(withFlag)).toEqual([true, true, false, false]);
  });

  it('refuses a value that is not of its type', () => {
    expect(() =>
      fromXml(
        'OrderResponse',
        '<OrderResponse><Order><PartialAllowed>yes</PartialAllowed></Order></OrderResponse>',
      ),
    ).toThrow('OrderResponse/Order/PartialAllowed must be a boolean (true, false, 1 or 0), got "yes".');
    expect(() =>
      fromXml(
        'Subscription',
        '<Subscription><CallbackSubscription><Expiry>1e3</Expiry></CallbackSubscription></Subscription>',
      ),
    ).toThrow(/Expiry must be an integer/);
  });

  it('refuses another root, malformed XML and any DOCTYPE', () => {
    expect(() => fromXml('Order', '<Subscription/>')).toThrow(
      'Expected a Order document, found root element Subscription.',
    );
    expect(() => fromXml('Order', '<Order><SiteId>1</Order>')).toThrow(XmlDocumentError);
    expect(() => fromXml('Order', '<!DOCTYPE Order><Order/>')).toThrow(/DOCTYPE declarations are forbidden/);
  });
});

describe('validateDocument', () => {
  it('accepts every request example of the spec, rebuilt from its typed form', async () => {
    const requests = {
      Order: 'order',
      Subscription: 'subscription',
      Instance: 'report-instance',
      ExternalTnsOrder: 'external-tns-order',
      RemoveImportedTnOrder: 'remove-imported-tn-order',
    } as const;
    for (const [name, example] of Object.entries(requests) as Array<[keyof typeof requests, string]>) {
      const rebuilt = toXml(name, fromXml(name, specExample(example)) as never);
      await expect(validateDocument(name, rebuilt)).resolves.toBeUndefined();
    }
  });

  it('accepts a subscription without PublicKey or with BasicAuthentication only (no requiredness in the source)', async () => {
    const xml = toXml('Subscription', {
      CallbackSubscription: {
        URL: 'https://example.com/callbacks',
        CallbackCredentials: { BasicAuthentication: { Username: 'u', Password: 'p' } },
      },
    });
    await expect(validateDocument('Subscription', xml)).resolves.toBeUndefined();
    // Parsed in any order (xs:all), typed by the descriptor.
    const parsed = fromXml(
      'Subscription',
      '<Subscription><CallbackSubscription><Expiry>5</Expiry><URL>https://e.example</URL></CallbackSubscription><OrderType>orders</OrderType></Subscription>',
    );
    expect(parsed.CallbackSubscription?.Expiry).toBe(5);
    await expect(
      validateDocument(
        'Subscription',
        '<Subscription><OrderType>a</OrderType><OrderType>b</OrderType></Subscription>',
      ),
    ).rejects.toBeInstanceOf(XmlDocumentError);
  });

  it('lists what is wrong with an invalid document', async () => {
    const xml = toXml('Order', {
      ...order,
      ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: ['4155550100'] } },
    });
    const failure = (await validateDocument('Order', xml, 'my order').catch(
      (error: unknown) => error,
    )) as XmlDocumentError;
    expect(failure).toBeInstanceOf(XmlDocumentError);
    expect(failure.issues[0]).toMatchObject({
      rule: 'xsd',
      path: '/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber',
    });
    expect(failure.message).toContain('my order: the Order document is not valid against xsd/Order.xsd.');
  });

  it('has a descriptor and a shipped XSD for every document', () => {
    expect(Object.keys(xmlDocuments).sort()).toEqual([
      'ExternalTnsOrder',
      'Instance',
      'Notification',
      'NotificationLegacy',
      'Order',
      'OrderResponse',
      'RemoveImportedTnOrder',
      'SipPeerTelephoneNumberResponse',
      'Subscription',
    ]);
    expect(xmlDocuments.Subscription.content.order).toBe('all');
    const numbers = xmlDocuments.Order.content.children.find(
      (child) => child.name === 'ExistingTelephoneNumberOrderType',
    );
    expect(numbers?.content.kind === 'complex' && numbers.content.order).toBe('all');
  });
});
