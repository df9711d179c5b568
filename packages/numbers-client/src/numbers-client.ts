import {
  type BasicCredentials,
  basicAuth,
  type CallOptions,
  type ClientOptions,
  ConfigurationError,
  type FailedResponse,
  InvalidRequestError,
  parameterRequirementsCheck,
  ServiceClient,
} from '@svc-contracts/client-runtime';
import { assertWellFormedXml, parseXml } from '@svc-contracts/xml-validator';
import { fromXml, toXml, validateDocument } from './documents.js';
import { contract } from './generated/operations.js';
import type { paths } from './generated/schema.js';
import type {
  ExternalTnsOrder,
  Instance,
  Order,
  OrderResponse,
  RemoveImportedTnOrder,
  Subscription,
  XmlDocumentName,
  XmlDocumentTypes,
} from './generated/xml-documents.js';
import { NumbersApiError } from './numbers-error.js';
import { XmlDocumentError } from './xml/errors.js';
import { closeXmlValidators } from './xml/validate.js';

export interface NumbersClientOptions extends ClientOptions {
  /** HTTP Basic over the number-management `<USERNAME>:<PASSWORD>`. */
  credentials: BasicCredentials;
  /** The account (`{accountId}` of every path). */
  accountId: string;
  /** Validate outgoing documents against their XSD before sending (default true). */
  validateRequests?: boolean;
}

/** A response document the contract leaves open: its text, and a plain object of it (values are strings). */
export interface OpenXmlResult {
  xml: string;
  document: Record<string, unknown>;
}

const XML_HEADERS = { 'Content-Type': 'application/xml', Accept: 'application/xml' };
const ACCEPT_XML = { Accept: 'application/xml' };

/**
 * Client of the number-management API v2 (XML). Documents are typed from their XSDs, built in schema
 * order, validated before sending and read back typed; numbers stay E.164 strings.
 *
 * ```ts
 * const numbers = new NumbersClient({ baseUrl, accountId, credentials: { username, password } });
 * const response = await numbers.createOrder({ SiteId: '12345', PartialAllowed: false,
 *   ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: ['+14155550100'] } } });
 * ```
 *
 * `raw` reaches every operation; XML bodies go as text there (`body: xml as never`, `parseAs: 'text'`).
 */
export class NumbersClient extends ServiceClient<paths> {
  private readonly accountId: string;
  private readonly validateRequests: boolean;

  constructor(options: NumbersClientOptions) {
    super({
      options,
      auth: basicAuth(options?.credentials),
      checks: [parameterRequirementsCheck(contract)],
      service: 'Number management',
      contract,
    });
    if (typeof options.accountId !== 'string' || options.accountId.trim() === '') {
      throw new ConfigurationError('accountId must be a non-empty string.');
    }
    this.accountId = options.accountId;
    this.validateRequests = options.validateRequests ?? true;
  }

  /** Orders existing telephone numbers; returns the order response (status RECEIVED and the order). */
  async createOrder(order: Order, call?: CallOptions): Promise<OrderResponse> {
    const body = await this.document('Order', order, 'createOrder');
    // An answer that is not an OrderResponse is a ResponseBodyError with status, URL and operation.
    return this.sendAndRead(
      'POST',
      this.api.POST('/api/v2/accounts/{accountId}/orders', {
        params: { path: this.account },
        ...xmlInit(body),
        ...this.init(call),
      }),
      (xml) => fromXml('OrderResponse', xml),
    );
  }

  /** Subscribes a URL to order notifications (see {@link parseOrderNotification} for the receiving side). */
  async createSubscription(subscription: Subscription, call?: CallOptions): Promise<OpenXmlResult> {
    const body = await this.document('Subscription', subscription, 'createSubscription');
    return open(
      await this.send(
        'POST',
        this.api.POST('/api/v2/accounts/{accountId}/subscriptions', {
          params: { path: this.account },
          ...xmlInit(body),
          ...this.init(call),
        }),
      ),
    );
  }

  /** Creates an instance of a report. */
  async createReportInstance(
    reportId: string,
    instance: Instance,
    call?: CallOptions,
  ): Promise<OpenXmlResult> {
    const body = await this.document('Instance', instance, 'createReportInstance');
    return open(
      await this.send(
        'POST',
        this.api.POST('/api/v2/accounts/{accountId}/reports/{reportId}/instances', {
          params: { path: { ...this.account, reportId: segment(reportId, 'reportId') } },
          ...xmlInit(body),
          ...this.init(call),
        }),
      ),
    );
  }

  /** The e911 addresses of the account (v1 `/addresses`). */
  async listE911Addresses(call?: CallOptions): Promise<OpenXmlResult> {
    return open(
      await this.send(
        'GET',
        this.api.GET('/api/v2/accounts/{accountId}/e911Addresses', {
          params: { path: this.account },
          parseAs: 'text',
          headers: ACCEPT_XML,
          ...this.init(call),
        }),
      ),
    );
  }

  /** The hosted messaging import orders. */
  async listMessagingImportTnOrders(call?: CallOptions): Promise<OpenXmlResult> {
    return open(
      await this.send(
        'GET',
        this.api.GET('/api/v2/accounts/{accountId}/importTnOrders/messaging', {
          params: { path: this.account },
          parseAs: 'text',
          headers: ACCEPT_XML,
          ...this.init(call),
        }),
      ),
    );
  }

  /** Imports numbers for hosted messaging (v1 `/externalTns`). */
  async createMessagingImportTnOrder(order: ExternalTnsOrder, call?: CallOptions): Promise<OpenXmlResult> {
    const body = await this.document('ExternalTnsOrder', order, 'createMessagingImportTnOrder');
    return open(
      await this.send(
        'POST',
        this.api.POST('/api/v2/accounts/{accountId}/importTnOrders/messaging', {
          params: { path: this.account },
          ...xmlInit(body),
          ...this.init(call),
        }),
      ),
    );
  }

  /** Removes numbers imported for hosted messaging. */
  async createMessagingRemoveImportedTnOrder(
    order: RemoveImportedTnOrder,
    call?: CallOptions,
  ): Promise<OpenXmlResult> {
    const body = await this.document('RemoveImportedTnOrder', order, 'createMessagingRemoveImportedTnOrder');
    return open(
      await this.send(
        'POST',
        this.api.POST('/api/v2/accounts/{accountId}/removeImportedTnOrders/messaging', {
          params: { path: this.account },
          ...xmlInit(body),
          ...this.init(call),
        }),
      ),
    );
  }

  /**
   * The in-service numbers, filtered by country and area code. `areaCode` (a string: leading zeros of
   * international area codes matter) requires `countryCodeA3`; without it the request is refused unsent.
   */
  async listInserviceNumbers(
    query: { countryCodeA3?: string; areaCode?: string } = {},
    call?: CallOptions,
  ): Promise<OpenXmlResult> {
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined && typeof value !== 'string') {
        throw new InvalidRequestError(
          `${name} must be a string (area codes keep their leading zeros), got ${typeof value}.`,
        );
      }
    }
    return open(
      await this.send(
        'GET',
        this.api.GET('/api/v2/accounts/{accountId}/inserviceNumbers', {
          params: { path: this.account, query },
          parseAs: 'text',
          headers: ACCEPT_XML,
          ...this.init(call),
        }),
      ),
    );
  }

  /** One telephone number (E.164, for example `+14155550100`) of a SIP peer. */
  async getSipPeerTelephoneNumber(
    siteId: string,
    sippeerId: string,
    tn: string,
    call?: CallOptions,
  ): Promise<OpenXmlResult> {
    return open(
      await this.send(
        'GET',
        this.api.GET('/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns/{tn}', {
          params: { path: { ...this.sipPeer(siteId, sippeerId), tn: segment(tn, 'tn') } },
          parseAs: 'text',
          headers: ACCEPT_XML,
          ...this.init(call),
        }),
      ),
    );
  }

  /**
   * Adds a telephone number to a SIP peer. The contract leaves this document open, so it is XML text
   * (checked for well-formedness). Switching messaging on or off here is refused by the service (400,
   * `NumbersApiError.errorCode` 400): use a tn-option order. The source names an update operation of
   * `/sippeers/{sippeerId}/tns` too but shows neither its method nor its path, so there is no method for it.
   */
  async createSipPeerTelephoneNumber(
    siteId: string,
    sippeerId: string,
    xml: string,
    call?: CallOptions,
  ): Promise<OpenXmlResult> {
    return open(
      await this.send(
        'POST',
        this.api.POST('/api/v2/accounts/{accountId}/sites/{siteId}/sippeers/{sippeerId}/tns', {
          params: { path: this.sipPeer(siteId, sippeerId) },
          ...xmlInit(wellFormed(xml)),
          ...this.init(call),
        }),
      ),
    );
  }

  /** Releases the XSD validation engine; later calls start it again. */
  close(): Promise<void> {
    return closeXmlValidators();
  }

  protected createError(failure: FailedResponse): NumbersApiError {
    return new NumbersApiError(failure);
  }

  private get account(): { accountId: string } {
    return { accountId: this.accountId };
  }

  private sipPeer(
    siteId: string,
    sippeerId: string,
  ): { accountId: string; siteId: string; sippeerId: string } {
    return {
      accountId: this.accountId,
      siteId: segment(siteId, 'siteId'),
      sippeerId: segment(sippeerId, 'sippeerId'),
    };
  }

  /** Builds the XML of a typed document and, unless turned off, validates it against its XSD. */
  private async document<Name extends XmlDocumentName>(
    name: Name,
    document: XmlDocumentTypes[Name],
    operationId: string,
  ): Promise<string> {
    const xml = toXml(name, document);
    if (this.validateRequests) await validateDocument(name, xml, `${operationId} request`);
    return xml;
  }
}

/** openapi-fetch options for an XML body and a text answer (openapi-fetch has no XML `parseAs`). */
function xmlInit(xml: string): {
  body: never;
  bodySerializer: (body: unknown) => string;
  parseAs: 'text';
  headers: typeof XML_HEADERS;
} {
  return {
    body: xml as never,
    bodySerializer: (body) => body as string,
    parseAs: 'text',
    headers: XML_HEADERS,
  };
}

function open(xml: string | undefined): OpenXmlResult {
  const text = xml ?? '';
  return { xml: text, document: text.trim() === '' ? {} : parseXml(text) };
}

function wellFormed(xml: string): string {
  if (typeof xml !== 'string') throw new InvalidRequestError('The document must be XML text.');
  try {
    assertWellFormedXml(xml);
  } catch (error) {
    throw new XmlDocumentError(
      'The document was refused.',
      'issue' in (error as object) ? [(error as { issue: never }).issue] : [],
    );
  }
  return xml;
}

function segment(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '')
    throw new InvalidRequestError(`${name} must be a non-empty string.`);
  return value;
}
