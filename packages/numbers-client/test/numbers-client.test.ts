import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  closeXmlValidators,
  InvalidRequestError,
  NumbersApiError,
  NumbersClient,
  type NumbersClientOptions,
  type Order,
  ResponseBodyError,
  XmlDocumentError,
} from '../src/index.js';
import { type LocalServer, sendText, specExample, startServer } from './support.js';

let server: LocalServer;
beforeEach(async () => {
  server = await startServer((seen, res) =>
    sendText(res, 200, seen.url.endsWith('/orders') ? specExample('order-response') : '<Ok><Id>1</Id></Ok>', {
      'content-type': 'application/xml',
    }),
  );
});
afterEach(() => server.close());
afterAll(() => closeXmlValidators());

const client = (options: Partial<NumbersClientOptions> = {}) =>
  new NumbersClient({
    baseUrl: server.origin,
    accountId: '9900000',
    credentials: { username: 'numbers', password: 'pw-123' },
    ...options,
  });

const order: Order = {
  SiteId: '12345',
  PartialAllowed: false,
  ExistingTelephoneNumberOrderType: {
    TelephoneNumberList: { TelephoneNumber: ['+14155550100', '+14155550101'] },
  },
};

describe('typed documents', () => {
  it('sends a validated Order as XML and reads the typed response', async () => {
    const response = await client().createOrder(order);
    expect(response.OrderStatus).toBe('RECEIVED');
    expect(response.Order?.ExistingTelephoneNumberOrderType?.TelephoneNumberList?.TelephoneNumber).toEqual([
      '+14155550100',
      '+14155550101',
    ]);
    const [seen] = server.requests;
    expect(seen).toMatchObject({ method: 'POST', url: '/api/v2/accounts/9900000/orders' });
    expect(seen?.headers['content-type']).toBe('application/xml');
    expect(seen?.headers.authorization).toBe(`Basic ${btoa('numbers:pw-123')}`);
    expect(seen?.body).toContain('<TelephoneNumber>+14155550100</TelephoneNumber>');
  });

  // Issue 41: a malformed or cut-off answer is an SdkError naming status, URL and operation.
  it.each([
    ['cut off', '<?xml version="1.0"?><OrderResponse><OrderStatus>RECEIVED'],
    ['another document', '<Other/>'],
  ])('turns an answer that is %s into a ResponseBodyError', async (_, xml) => {
    server.handle((_seen, res) => sendText(res, 201, xml, { 'content-type': 'application/xml' }));
    const failure = await client()
      .createOrder(order)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ResponseBodyError);
    expect(failure).toMatchObject({ status: 201, operation: 'createOrder', problem: 'malformed' });
    expect(((failure as Error).cause as Error).name).toBe('XmlDocumentError');
    expect((failure as Error).message).toContain(
      `Number management API answered 201 to POST ${server.origin}/api/v2/accounts/9900000/orders (createOrder)`,
    );
  });

  it('refuses an invalid document before sending', async () => {
    const legacy = {
      ...order,
      ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: ['4155550100'] } },
    };
    const failure = await client()
      .createOrder(legacy)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(XmlDocumentError);
    expect((failure as Error).message).toContain('createOrder request: the Order document is not valid');
    expect(server.requests).toHaveLength(0);
  });

  it('sends it anyway when validation is turned off', async () => {
    const legacy = {
      ...order,
      ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: ['4155550100'] } },
    };
    await client({ validateRequests: false }).createOrder(legacy);
    expect(server.requests).toHaveLength(1);
  });

  it('sends the other request documents to their paths', async () => {
    const numbers = client();
    await numbers.createSubscription({
      OrderType: 'orders',
      CallbackSubscription: {
        URL: 'https://callbacks.example.com/orders',
        Expiry: 3600,
        NumberFormat: 'LEGACY',
        CallbackCredentials: { BasicAuthentication: { Username: 'u', Password: 'p' }, PublicKey: 'key' },
      },
    });
    await numbers.createReportInstance('r-1', {
      OutputFormat: 'CSV',
      Parameters: { Parameter: [{ Name: ['from'], Value: ['2024-01-01', '2024-06-30'] }] },
      ExpiresAt: '2024-12-31',
    });
    await numbers.createMessagingImportTnOrder({
      CustomerOrderId: 'c-1',
      SiteId: '1',
      SipPeerId: '2',
      LoaType: 'CARRIER',
      TelephoneNumbers: { TelephoneNumber: ['+14155550100'] },
    });
    const removal = await numbers.createMessagingRemoveImportedTnOrder({
      CustomerOrderId: 'c-2',
      TelephoneNumbers: { TelephoneNumber: ['+14155550100'] },
    });
    expect(removal).toEqual({ xml: '<Ok><Id>1</Id></Ok>', document: { Ok: { Id: '1' } } });
    expect(server.requests.map((seen) => `${seen.method} ${seen.url}`)).toEqual([
      'POST /api/v2/accounts/9900000/subscriptions',
      'POST /api/v2/accounts/9900000/reports/r-1/instances',
      'POST /api/v2/accounts/9900000/importTnOrders/messaging',
      'POST /api/v2/accounts/9900000/removeImportedTnOrders/messaging',
    ]);
    expect(server.requests[0]?.body).toContain('<NumberFormat>LEGACY</NumberFormat>');
    // "Parameter (Name, Value repeated)": which repeats is not shown, so both are lists.
    expect(server.requests[1]?.body?.replace(/\s+/g, '')).toContain(
      '<Parameter><Name>from</Name><Value>2024-01-01</Value><Value>2024-06-30</Value></Parameter>',
    );
  });
});

describe('open documents and queries', () => {
  it('reads the GET operations as text and a plain object', async () => {
    const numbers = client();
    await numbers.listE911Addresses();
    await numbers.listMessagingImportTnOrders();
    const number = await numbers.getSipPeerTelephoneNumber('1', '2', '+14155550100');
    expect(number.document).toEqual({ Ok: { Id: '1' } });
    expect(server.requests.map((seen) => seen.url)).toEqual([
      '/api/v2/accounts/9900000/e911Addresses',
      '/api/v2/accounts/9900000/importTnOrders/messaging',
      '/api/v2/accounts/9900000/sites/1/sippeers/2/tns/%2B14155550100',
    ]);
    expect(server.requests[0]?.headers.accept).toBe('application/xml');
  });

  it('sends area codes as strings, with their country', async () => {
    await client().listInserviceNumbers({ countryCodeA3: 'GBR', areaCode: '020' });
    expect(server.requests[0]?.url).toBe(
      '/api/v2/accounts/9900000/inserviceNumbers?countryCodeA3=GBR&areaCode=020',
    );
  });

  it('refuses areaCode without countryCodeA3 before sending, in raw calls too', async () => {
    const numbers = client();
    await expect(numbers.listInserviceNumbers({ areaCode: '919' })).rejects.toThrow(
      new InvalidRequestError(
        'listInserviceNumbers: query parameter areaCode requires countryCodeA3 as well; the request was not sent.',
      ),
    );
    await expect(
      numbers.raw.GET('/api/v2/accounts/{accountId}/inserviceNumbers', {
        params: { path: { accountId: '9900000' }, query: { areaCode: '919' } },
        parseAs: 'text',
      }),
    ).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(
      numbers.listInserviceNumbers({ countryCodeA3: 'USA', areaCode: 919 as unknown as string }),
    ).rejects.toThrow(/areaCode must be a string/);
    expect(server.requests).toHaveLength(0);
  });

  it('sends an open document as text after a well-formedness check', async () => {
    const numbers = client();
    await numbers.createSipPeerTelephoneNumber(
      '1',
      '2',
      '<SipPeerTelephoneNumber><Name>x</Name></SipPeerTelephoneNumber>',
    );
    // The source shows no method or path for the update operation: the client has none.
    expect('updateSipPeerTelephoneNumber' in numbers).toBe(false);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      body: '<SipPeerTelephoneNumber><Name>x</Name></SipPeerTelephoneNumber>',
    });
    await expect(numbers.createSipPeerTelephoneNumber('1', '2', '<Broken>')).rejects.toBeInstanceOf(
      XmlDocumentError,
    );
    await expect(numbers.createSipPeerTelephoneNumber('1', '2', '<!DOCTYPE x><x/>')).rejects.toThrow(
      /DOCTYPE/,
    );
    // Two documents in one: XML allows one root element.
    await expect(
      numbers.createSipPeerTelephoneNumber('1', '2', '<SipPeerTelephoneNumber/><SipPeerTelephoneNumber/>'),
    ).rejects.toThrow(/only one root/);
    expect(server.requests).toHaveLength(1);
  });
});

describe('NumbersApiError', () => {
  it('reads the Tn error document of rule 4', async () => {
    server.handle((_, res) =>
      sendText(res, 400, specExample('tn-error-messaging'), { 'content-type': 'application/xml' }),
    );
    const error = (await client()
      .createSipPeerTelephoneNumber('1', '2', '<SipPeerTelephoneNumber/>')
      .catch((failure: unknown) => failure)) as NumbersApiError;
    expect(error).toBeInstanceOf(NumbersApiError);
    expect(error.status).toBe(400);
    expect(error.errorCode).toBe('400');
    expect(error.description).toBe(
      'Messaging cannot be turned on or off through this operation. Use a tn-option order.',
    );
    expect(error.message).toContain('(ErrorCode 400)');
  });

  it('keeps any other body as text', async () => {
    server.handle((_, res) => sendText(res, 401, 'Unauthorized'));
    const error = (await client()
      .listE911Addresses()
      .catch((failure: unknown) => failure)) as NumbersApiError;
    expect(error).toMatchObject({
      status: 401,
      body: 'Unauthorized',
      errorCode: undefined,
      description: undefined,
    });
  });
});
