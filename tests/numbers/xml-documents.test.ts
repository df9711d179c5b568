/**
 * The XML contract of number management v2 (source 001 D7): every XML example of the spec validates
 * against its XSD, and every constraint the XSDs encode refuses a bad document.
 */

import { parseXml, validateXml } from '@svc-contracts/xml-validator';
import { describe, expect, it } from 'vitest';
import { SERVICE_DIR, SPEC_ROOT, xsdFile } from './lib/paths.ts';
import { isJsonObject, loadBundledSpec, resolveNode, xmlMediaTypes } from './lib/spec.ts';

const doc = await loadBundledSpec(SPEC_ROOT);
const mediaTypes = xmlMediaTypes(doc);

/** Well-formedness (no schema): `true`, or the parser's message. */
function wellFormed(xml: string): true | string {
  try {
    parseXml(xml);
    return true;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function example(name: string): string {
  const examples = isJsonObject(doc.components) ? doc.components.examples : undefined;
  const value = isJsonObject(examples) ? resolveNode(doc, examples[name]) : undefined;
  if (!isJsonObject(value) || typeof value.value !== 'string') throw new Error(`no example ${name}`);
  return value.value;
}

/** Replaces `from` (which must occur) by `to`. */
function edit(xml: string, from: string | RegExp, to: string): string {
  const changed = xml.replace(from, to);
  if (changed === xml) throw new Error(`edit did not apply: ${String(from)}`);
  return changed;
}

async function expectValid(xml: string, xsd: string): Promise<void> {
  const result = await validateXml(xml, xsdFile(xsd));
  expect(result.issues).toEqual([]);
  expect(result.valid).toBe(true);
}

async function expectInvalid(xml: string, xsd: string, message: RegExp): Promise<void> {
  const result = await validateXml(xml, xsdFile(xsd));
  expect(result.valid).toBe(false);
  expect(result.issues.map((issue) => issue.message).join('\n')).toMatch(message);
}

describe('spec examples', () => {
  const validated = mediaTypes.flatMap((mediaType) =>
    mediaType.xsd
      ? mediaType.examples.map((ex) => ({
          label: `${mediaType.where} ${ex.name}`,
          xsd: mediaType.xsd,
          xml: ex.value,
        }))
      : [],
  );

  it('covers the XML examples of every document with an XSD', () => {
    expect(validated.length).toBeGreaterThanOrEqual(10);
  });

  it.each(validated)('$label validates against its XSD', async ({ xsd, xml }) => {
    if (!xsd) throw new Error('unreachable');
    const result = await validateXml(xml, `${SERVICE_DIR}${xsd.schema}`);
    expect(result.issues).toEqual([]);
  });

  const open = mediaTypes.flatMap((mediaType) =>
    mediaType.xsd === false
      ? mediaType.examples.map((ex) => ({ label: `${mediaType.where} ${ex.name}`, xml: ex.value }))
      : [],
  );

  it.each(open)('$label (open body, plausible shape) is well-formed XML', ({ xml }) => {
    expect(wellFormed(xml)).toBe(true);
  });

  it('the well-formedness check refuses a broken document', () => {
    const broken = '<SipPeerTelephoneNumber><FullNumber>+14155550100</SipPeerTelephoneNumber>';
    expect(wellFormed(broken)).toMatch(/FullNumber/);
  });
});

describe('order notification: E.164 by default, LEGACY only with the legacy variant (rule 5)', () => {
  const webhook = mediaTypes.find((mediaType) =>
    mediaType.where.startsWith('webhook POST orderNotification'),
  );
  const webhooks = isJsonObject(doc.webhooks) ? doc.webhooks : {};
  const item = resolveNode(doc, webhooks.orderNotification);
  const description = isJsonObject(item) && isJsonObject(item.post) ? String(item.post.description) : '';
  const legacySample = /```xml\n([\s\S]*?)```/.exec(description)?.[1] ?? '';

  it('names both XSDs and is sent as application/xml; charset=utf-8', () => {
    expect(webhook?.contentType).toBe('application/xml; charset=utf-8');
    expect(webhook?.xsd).toEqual({
      schema: 'xsd/Notification.xsd',
      element: 'Notification',
      legacySchema: 'xsd/Notification.legacy.xsd',
    });
  });

  it('the LEGACY sample of the webhook description validates against the legacy variant only', async () => {
    expect(legacySample).toContain('<TelephoneNumber>4155550100</TelephoneNumber>');
    await expectValid(legacySample, 'Notification.legacy.xsd');
    await expectInvalid(legacySample, 'Notification.xsd', /TelephoneNumber.*pattern/);
  });

  it('an E.164 notification is refused by the legacy variant', async () => {
    await expectValid(example('notification'), 'Notification.xsd');
    await expectInvalid(example('notification'), 'Notification.legacy.xsd', /TelephoneNumber.*pattern/);
  });

  it('a LEGACY number in the default notification is refused, and accepted by the legacy variant', async () => {
    const legacy = example('notification')
      .replaceAll('+14155550100', '4155550100')
      .replaceAll('+14155550101', '4155550101');
    await expectInvalid(legacy, 'Notification.xsd', /'4155550100'.*pattern/);
    await expectValid(legacy, 'Notification.legacy.xsd');
  });

  it('a mixed notification (one E.164, one LEGACY) is refused by both', async () => {
    const mixed = edit(example('notification'), '+14155550101', '4155550101');
    await expectInvalid(mixed, 'Notification.xsd', /4155550101/);
    await expectInvalid(mixed, 'Notification.legacy.xsd', /\+14155550100/);
  });

  it('Status stays open (a value other than COMPLETE is accepted)', async () => {
    await expectValid(edit(example('notification'), 'COMPLETE', 'FAILED'), 'Notification.xsd');
  });

  it('timestamps are open strings (the source shows no format), still at most once each', async () => {
    const spaced = edit(
      edit(example('notification'), /<LastModifiedDate>[^<]*/, '<LastModifiedDate>2024-03-04 15:21:02'),
      /<ActualFocDate>[^<]*/,
      '<ActualFocDate>2024-03-04 00:00:00',
    );
    await expectValid(spaced, 'Notification.xsd');
    await expectValid(edit(spaced, /\+1(\d{10})/g, '$1'), 'Notification.legacy.xsd');
    await expectInvalid(
      edit(
        spaced,
        '</Notification>',
        '<LastModifiedDate>2024-03-05 10:00:00</LastModifiedDate></Notification>',
      ),
      'Notification.xsd',
      /LastModifiedDate/,
    );
  });

  it('children are optional and in any order, but each at most once and none undeclared', async () => {
    await expectValid('<Notification><Status>COMPLETE</Status></Notification>', 'Notification.xsd');
    await expectValid(
      '<Notification><Status>COMPLETE</Status><OrderType>orders</OrderType></Notification>',
      'Notification.xsd',
    );
    await expectInvalid(
      '<Notification><Status>COMPLETE</Status><Status>COMPLETE</Status></Notification>',
      'Notification.xsd',
      /Status.*not expected/,
    );
    await expectInvalid(
      '<Notification><Note>x</Note></Notification>',
      'Notification.xsd',
      /Note.*not expected/,
    );
  });
});

describe('Order (request)', () => {
  const order = example('order');

  it('refuses a 10-digit number (requests are E.164, rule 1)', async () => {
    await expectInvalid(
      edit(order, '+14155550100', '4155550100'),
      'Order.xsd',
      /TelephoneNumber.*'4155550100'.*pattern/,
    );
  });

  it('applies the E.164 bounds: no leading zero, at most 15 digits', async () => {
    await expectInvalid(edit(order, '+14155550100', '+04155550100'), 'Order.xsd', /pattern/);
    await expectInvalid(edit(order, '+14155550100', '+1234567890123456'), 'Order.xsd', /pattern/);
    await expectValid(edit(order, '+14155550100', '+123456789012345'), 'Order.xsd');
  });

  it('PartialAllowed is a boolean: yes is refused, true/false/1/0 are accepted', async () => {
    await expectInvalid(
      edit(order, '<PartialAllowed>false', '<PartialAllowed>yes'),
      'Order.xsd',
      /PartialAllowed.*'yes'/,
    );
    for (const value of ['true', '1', '0']) {
      await expectValid(edit(order, '<PartialAllowed>false', `<PartialAllowed>${value}`), 'Order.xsd');
    }
  });

  it('accepts an omitted child: the source states no child as required', async () => {
    await expectValid(edit(order, /\s*<SiteId>12345<\/SiteId>/, ''), 'Order.xsd');
    await expectValid(edit(order, /\s*<PartialAllowed>false<\/PartialAllowed>/, ''), 'Order.xsd');
  });

  it('accepts the children in any order, but refuses one given twice', async () => {
    const swapped = edit(
      order,
      '<SiteId>12345</SiteId>\n  <PartialAllowed>false</PartialAllowed>',
      '<PartialAllowed>false</PartialAllowed>\n  <SiteId>12345</SiteId>',
    );
    await expectValid(swapped, 'Order.xsd');
    const twice = edit(order, '<SiteId>12345</SiteId>', '<SiteId>12345</SiteId><SiteId>1</SiteId>');
    await expectInvalid(twice, 'Order.xsd', /SiteId.*not expected/);
  });

  it('accepts an empty number list (minimum left open), refuses a number outside its list and an undeclared element', async () => {
    await expectValid(
      edit(
        order,
        /<TelephoneNumberList>[\s\S]*<\/TelephoneNumberList>/,
        '<TelephoneNumberList></TelephoneNumberList>',
      ),
      'Order.xsd',
    );
    await expectInvalid(
      edit(order, '<SiteId>', '<TelephoneNumber>+14155550100</TelephoneNumber><SiteId>'),
      'Order.xsd',
      /TelephoneNumber.*not expected/,
    );
    await expectInvalid(edit(order, '</Order>', '<Note>x</Note></Order>'), 'Order.xsd', /Note.*not expected/);
  });

  it('refuses another root element', async () => {
    await expectInvalid(order, 'OrderResponse.xsd', /No matching global declaration/);
  });
});

describe('OrderResponse', () => {
  it('is lenient about omitted children and keeps OrderStatus open', async () => {
    await expectValid(
      '<OrderResponse><OrderStatus>PROCESSING</OrderStatus></OrderResponse>',
      'OrderResponse.xsd',
    );
  });

  it('accepts any order of the children, and still enforces E.164 numbers and PartialAllowed a boolean', async () => {
    const response = example('order-response');
    await expectValid(
      '<OrderResponse><OrderStatus>RECEIVED</OrderStatus><Order/></OrderResponse>',
      'OrderResponse.xsd',
    );
    await expectInvalid(edit(response, '+14155550100', '4155550100'), 'OrderResponse.xsd', /pattern/);
    await expectInvalid(
      edit(response, /<PartialAllowed>[^<]*/, '<PartialAllowed>maybe'),
      'OrderResponse.xsd',
      /PartialAllowed/,
    );
  });

  it('OrderCreateDate is untyped in the source, so any text is accepted (a date, a date-time, a local form)', async () => {
    const response = example('order-response');
    for (const value of ['2024-03-04', '2024-03-04T15:20:31', '03/04/2024 15:20']) {
      await expectValid(
        edit(response, /<OrderCreateDate>[^<]*/, `<OrderCreateDate>${value}`),
        'OrderResponse.xsd',
      );
    }
  });
});

describe('Subscription', () => {
  const subscription = example('subscription');

  it('Expiry is an integer: soon is refused', async () => {
    await expectInvalid(
      edit(subscription, '<Expiry>31536000', '<Expiry>soon'),
      'Subscription.xsd',
      /Expiry.*'soon'/,
    );
  });

  it('NumberFormat is optional, and open: LEGACY and other values are accepted, in any position', async () => {
    await expectValid(example('subscription-legacy'), 'Subscription.xsd');
    await expectValid(edit(example('subscription-legacy'), '>LEGACY<', '>E164<'), 'Subscription.xsd');
    const moved = edit(subscription, '<URL>', '<NumberFormat>LEGACY</NumberFormat><URL>');
    await expectValid(moved, 'Subscription.xsd');
    const twice = edit(moved, '<URL>', '<NumberFormat>LEGACY</NumberFormat><URL>');
    await expectInvalid(twice, 'Subscription.xsd', /NumberFormat.*not expected/);
  });

  it('accepts a subscription without PublicKey, with BasicAuthentication only, or without credentials', async () => {
    await expectValid(edit(subscription, /\s*<PublicKey>[\s\S]*<\/PublicKey>/, ''), 'Subscription.xsd');
    await expectValid(
      edit(subscription, /\s*<CallbackCredentials>[\s\S]*<\/CallbackCredentials>/, ''),
      'Subscription.xsd',
    );
    await expectInvalid(
      edit(subscription, '<PublicKey>', '<Secret>x</Secret><PublicKey>'),
      'Subscription.xsd',
      /Secret.*not expected/,
    );
  });
});

describe('Instance (report instance)', () => {
  const instance = example('report-instance');

  it('ExpiresAt is a date: a timestamp or a word is refused', async () => {
    await expectInvalid(edit(instance, '2024-12-31', '2024-12-31T00:00:00Z'), 'Instance.xsd', /ExpiresAt/);
    await expectInvalid(edit(instance, '2024-12-31', 'soon'), 'Instance.xsd', /ExpiresAt/);
  });

  it('accepts an instance without parameters or a parameter without a value, but a Parameter only inside Parameters', async () => {
    await expectValid(edit(instance, /\s*<Parameters>[\s\S]*<\/Parameters>/, ''), 'Instance.xsd');
    await expectValid(edit(instance, /\s*<Value>9900000<\/Value>/, ''), 'Instance.xsd');
    await expectInvalid(
      edit(instance, '<OutputFormat>', '<Parameter><Name>a</Name></Parameter><OutputFormat>'),
      'Instance.xsd',
      /Parameter.*not expected/,
    );
  });

  it('"Parameter (Name, Value repeated)": which repeats is not shown, so Name and Value repeat in any order', async () => {
    const parameter = (children: string) =>
      edit(instance, /<Parameter>[\s\S]*?<\/Parameter>/, `<Parameter>${children}</Parameter>`);
    for (const children of [
      '<Name>a</Name><Value>1</Value><Value>2</Value>',
      '<Value>1</Value><Name>a</Name>',
      '<Name>a</Name><Name>b</Name><Value>1</Value><Value>2</Value>',
      '',
    ]) {
      await expectValid(parameter(children), 'Instance.xsd');
    }
    await expectInvalid(parameter('<Name>a</Name><Value><Deep/></Value>'), 'Instance.xsd', /Value/);
  });

  it('accepts the LEGACY variant and NumberFormat in any position', async () => {
    await expectValid(example('report-instance-legacy'), 'Instance.xsd');
    await expectValid(
      edit(
        instance,
        '<OutputFormat>CSV</OutputFormat>',
        '<NumberFormat>LEGACY</NumberFormat><OutputFormat>CSV</OutputFormat>',
      ),
      'Instance.xsd',
    );
  });
});

describe('hosted messaging import and removal', () => {
  it('LoaType is CARRIER or SUBSCRIBER: OTHER is refused', async () => {
    const order = example('external-tns-order');
    await expectInvalid(edit(order, '>CARRIER<', '>OTHER<'), 'ExternalTnsOrder.xsd', /LoaType.*'OTHER'/);
    await expectValid(edit(order, '>CARRIER<', '>SUBSCRIBER<'), 'ExternalTnsOrder.xsd');
  });

  it('refuses 10-digit numbers (rule 1)', async () => {
    await expectInvalid(
      edit(example('external-tns-order'), '+14155550102', '4155550102'),
      'ExternalTnsOrder.xsd',
      /pattern/,
    );
    await expectInvalid(
      edit(example('remove-imported-tn-order'), '+14155550102', '4155550102'),
      'RemoveImportedTnOrder.xsd',
      /pattern/,
    );
  });

  it('accepts a missing SipPeerId and a removal without numbers (no requiredness stated)', async () => {
    await expectValid(
      edit(example('external-tns-order'), /\s*<SipPeerId>67890<\/SipPeerId>/, ''),
      'ExternalTnsOrder.xsd',
    );
    await expectValid(
      edit(example('remove-imported-tn-order'), /\s*<TelephoneNumbers>[\s\S]*<\/TelephoneNumbers>/, ''),
      'RemoveImportedTnOrder.xsd',
    );
    await expectInvalid(
      edit(
        example('remove-imported-tn-order'),
        /\s*<TelephoneNumbers>[\s\S]*<\/TelephoneNumbers>/,
        '<SipPeerId>1</SipPeerId>',
      ),
      'RemoveImportedTnOrder.xsd',
      /SipPeerId.*not expected/,
    );
  });
});

describe('Tn error (rule 4)', () => {
  const error = example('tn-error-messaging');

  it('carries ErrorCode 400 and a description pointing to a tn-option order', () => {
    expect(error).toContain('<ErrorCode>400</ErrorCode>');
    expect(error).toMatch(/<Description>[^<]*tn-option/);
  });

  it("ErrorCode is open (400 is rule 4's, checked by x-refusals), in either order with Description", async () => {
    await expectValid(
      edit(error, '<ErrorCode>400</ErrorCode>', '<ErrorCode>5005</ErrorCode>'),
      'SipPeerTelephoneNumberResponse.xsd',
    );
    await expectInvalid(
      edit(error, '<ErrorCode>400</ErrorCode>', '<ErrorCode><Code>400</Code></ErrorCode>'),
      'SipPeerTelephoneNumberResponse.xsd',
      /ErrorCode/,
    );
    await expectValid(
      edit(error, /\s*<ErrorCode>400<\/ErrorCode>/, '').replace(
        '</ResponseStatus>',
        '<ErrorCode>400</ErrorCode></ResponseStatus>',
      ),
      'SipPeerTelephoneNumberResponse.xsd',
    );
  });

  it('refuses a body without ErrorCode or without Description', async () => {
    await expectInvalid(
      edit(error, /\s*<ErrorCode>400<\/ErrorCode>/, ''),
      'SipPeerTelephoneNumberResponse.xsd',
      /Missing child.*ErrorCode/,
    );
    await expectInvalid(
      edit(error, /\s*<Description>[^<]*<\/Description>/, ''),
      'SipPeerTelephoneNumberResponse.xsd',
      /Missing child.*Description/,
    );
  });
});
