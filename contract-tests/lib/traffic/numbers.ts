import { type Body, basic, type Call, query, type Recording, xml } from '../call.ts';

// Source 001, D7: number management v2, XML. Request documents follow the XSDs in specs/numbers/xsd;
// success answers other than the order response are not shown by the source (plausible documents here).
const base = 'https://dashboard.example.com/api/v2/accounts/9900000';
const source = '001 D7';

const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
const doc = (body: string): Body => xml(`${declaration}\n${body.trim()}\n`);

const order = doc(`
<Order>
  <SiteId>12345</SiteId>
  <PartialAllowed>false</PartialAllowed>
  <ExistingTelephoneNumberOrderType>
    <TelephoneNumberList>
      <TelephoneNumber>+14155550100</TelephoneNumber>
      <TelephoneNumber>+14155550101</TelephoneNumber>
    </TelephoneNumberList>
  </ExistingTelephoneNumberOrderType>
</Order>`);

const orderResponse = doc(`
<OrderResponse>
  <Order>
    <OrderCreateDate>2024-03-04T15:20:31.000Z</OrderCreateDate>
    <BackOrderRequested>false</BackOrderRequested>
    <id>6d7da966-e071-4741-b31c-1d8932f4b8da</id>
    <ExistingTelephoneNumberOrderType>
      <TelephoneNumberList>
        <TelephoneNumber>+14155550100</TelephoneNumber>
        <TelephoneNumber>+14155550101</TelephoneNumber>
      </TelephoneNumberList>
    </ExistingTelephoneNumberOrderType>
    <PartialAllowed>false</PartialAllowed>
    <SiteId>12345</SiteId>
  </Order>
  <OrderStatus>RECEIVED</OrderStatus>
</OrderResponse>`);

const subscription = (numberFormat: string, url: string) =>
  doc(`
<Subscription>
  <OrderType>orders</OrderType>
  <CallbackSubscription>
    <URL>${url}</URL>
    <Expiry>31536000</Expiry>${numberFormat}
    <CallbackCredentials>
      <BasicAuthentication>
        <Username>callback-user</Username>
        <Password>fake-callback-password</Password>
      </BasicAuthentication>
      <PublicKey>MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=</PublicKey>
    </CallbackCredentials>
  </CallbackSubscription>
</Subscription>`);

const subscriptionCreated = (id: string) =>
  doc(`
<SubscriptionResponse>
  <Subscription>
    <SubscriptionId>${id}</SubscriptionId>
    <OrderType>orders</OrderType>
  </Subscription>
</SubscriptionResponse>`);

const instance = (numberFormat: string, parameters: Array<[string, string]>) =>
  doc(`
<Instance>
  <OutputFormat>CSV</OutputFormat>${numberFormat}
  <Parameters>
${parameters.map(([name, value]) => `    <Parameter>\n      <Name>${name}</Name>\n      <Value>${value}</Value>\n    </Parameter>`).join('\n')}
  </Parameters>
  <ExpiresAt>2025-12-31</ExpiresAt>
</Instance>`);

const instanceCreated = (id: string) =>
  doc(`
<InstanceResponse>
  <Instance>
    <Id>${id}</Id>
    <ReportId>210</ReportId>
    <Status>Processing</Status>
  </Instance>
</InstanceResponse>`);

const importOrder = doc(`
<ExternalTnsOrder>
  <CustomerOrderId>import-2025-0007</CustomerOrderId>
  <SiteId>12345</SiteId>
  <SipPeerId>67890</SipPeerId>
  <LoaType>CARRIER</LoaType>
  <TelephoneNumbers>
    <TelephoneNumber>+14155550102</TelephoneNumber>
    <TelephoneNumber>+14155550103</TelephoneNumber>
  </TelephoneNumbers>
</ExternalTnsOrder>`);

const removal = doc(`
<RemoveImportedTnOrder>
  <CustomerOrderId>remove-2025-0002</CustomerOrderId>
  <TelephoneNumbers>
    <TelephoneNumber>+14155550102</TelephoneNumber>
  </TelephoneNumbers>
</RemoveImportedTnOrder>`);

const sipPeerNumber = (sms: string) =>
  doc(`
<SipPeerTelephoneNumber>
  <FullNumber>+14155550100</FullNumber>${sms}
  <CallingNameDisplay>true</CallingNameDisplay>
</SipPeerTelephoneNumber>`);

const sipPeerSaved = doc(`
<SipPeerTelephoneNumberResponse>
  <SipPeerTelephoneNumber>
    <FullNumber>+14155550100</FullNumber>
    <CallingNameDisplay>true</CallingNameDisplay>
  </SipPeerTelephoneNumber>
</SipPeerTelephoneNumberResponse>`);

const e911AddressesResponse = doc(`
<E911AddressesResponse>
  <E911Addresses>
    <E911Address>
      <HouseNumber>900</HouseNumber>
      <StreetName>Main Campus Dr</StreetName>
      <City>Raleigh</City>
      <StateCode>NC</StateCode>
      <Zip>27606</Zip>
    </E911Address>
  </E911Addresses>
</E911AddressesResponse>`);

const tnError = doc(`
<SipPeerTelephoneNumberResponse>
  <ResponseStatus>
    <ErrorCode>400</ErrorCode>
    <Description>Messaging cannot be turned on or off through this operation. Use a tn-option order.</Description>
  </ResponseStatus>
</SipPeerTelephoneNumberResponse>`);

const smsOn = '\n  <SmsSettings>\n    <SmsEnabled>true</SmsEnabled>\n  </SmsSettings>';
const smsOff = '\n  <SmsSettings>\n    <SmsEnabled>false</SmsEnabled>\n  </SmsSettings>';

const tnErrorOther = doc(`
<SipPeerTelephoneNumberResponse>
  <ResponseStatus>
    <ErrorCode>5005</ErrorCode>
    <Description>Telephone number +14155550100 is not on this account.</Description>
  </ResponseStatus>
</SipPeerTelephoneNumberResponse>`);

function ok(note: string, method: Call['method'], url: string, body: Body | undefined, response: Body): Call {
  return {
    note,
    method,
    url,
    auth: basic,
    ...(body ? { body } : {}),
    status: 200,
    response: { body: response },
  };
}

/**
 * A refused request (a document that breaks its XSD, a rule of the operation). The source shows neither
 * the status nor the body of such a refusal (the Tn error belongs to the tns operations only): any 4xx
 * (no `x-validation-status`) with an open XML body (`4XX`, `x-xsd: false`).
 */
function invalid(
  note: string,
  method: Call['method'],
  url: string,
  body: Body | undefined,
  description: string,
  status = 400,
): Call {
  return {
    note,
    method,
    url,
    auth: basic,
    ...(body ? { body } : {}),
    status,
    response: {
      body: doc(`
<ErrorResponse>
  <Description>${description}</Description>
</ErrorResponse>`),
    },
  };
}

/**
 * 401: the source leaves its body open (`x-body-open`). With credentials, a plausible XML body (the
 * contract's example shape); without, no body at all: both are accepted.
 */
function unauthorized(
  method: Call['method'],
  url: string,
  body: Body | undefined,
  withCredentials: boolean,
): Call {
  return {
    note: withCredentials
      ? 'Wrong username or password: 401 with a plausible XML body (only checked for well-formedness, x-body-open).'
      : 'No Basic credentials: 401, no body (security-missing, rejected as expected).',
    method,
    url,
    ...(withCredentials ? { auth: basic } : {}),
    ...(body ? { body } : {}),
    status: 401,
    response: {
      headers: [{ name: 'WWW-Authenticate', value: 'Basic realm="dashboard"' }],
      ...(withCredentials
        ? {
            body: xml(`<?xml version="1.0" encoding="UTF-8"?>
<ErrorResponse>
  <Description>The credentials are missing or invalid.</Description>
</ErrorResponse>`),
          }
        : {}),
    },
  };
}

/** A 401 that a proxy in front of the service answers with an HTML page: the source leaves the body open. */
function unauthorizedPage(method: Call['method'], url: string, body: Body | undefined): Call {
  return {
    note: 'Wrong username or password, answered 401 with an HTML page: the source shows neither the body nor its media type (x-body-open).',
    method,
    url,
    auth: basic,
    ...(body ? { body } : {}),
    status: 401,
    response: { body: { type: 'text/html', text: '<html><body><h1>401 Unauthorized</h1></body></html>' } },
  };
}

interface Operation {
  name: string;
  method: Call['method'];
  url: string;
  body?: Body;
  success: Call[];
  refused?: Call[];
  /** Refusals the source does not show at all (status and body): the open `4XX`. */
  otherRefusals?: Call[];
}

const tnsUrl = `${base}/sites/12345/sippeers/67890/tns`;
const tnUrl = `${tnsUrl}/+14155550100`;

const operations: Operation[] = [
  {
    name: 'create-order',
    method: 'POST',
    url: `${base}/orders`,
    body: order,
    success: [
      ok(
        'D7 order two existing numbers (E.164): the order response, RECEIVED.',
        'POST',
        `${base}/orders`,
        order,
        orderResponse,
      ),
      ok(
        'D7 an order response whose OrderCreateDate is not an xs:dateTime (no T, no zone): the source gives that element no type, so any text passes.',
        'POST',
        `${base}/orders`,
        order,
        xml(
          orderResponse.text.replace(
            '<OrderCreateDate>2024-03-04T15:20:31.000Z</OrderCreateDate>',
            '<OrderCreateDate>2024-03-04 15:20:31</OrderCreateDate>',
          ),
        ),
      ),
      ok(
        'D7 an order and its answer carrying elements the source does not list (CustomerOrderId; OrderCompleteDate, CompletedQuantity): the source lists the children without closing the list, so they pass, as unlisted JSON members do.',
        'POST',
        `${base}/orders`,
        xml(order.text.replace('<SiteId>', '<CustomerOrderId>rush-42</CustomerOrderId><SiteId>')),
        xml(
          orderResponse.text
            .replace('</Order>', '<OrderCompleteDate>2024-03-04T15:21:02.000Z</OrderCompleteDate></Order>')
            .replace('</OrderResponse>', '<CompletedQuantity>2</CompletedQuantity></OrderResponse>'),
        ),
      ),
    ],
    refused: [
      invalid(
        'PartialAllowed "yes" is not an xs:boolean: 400 (request-body-schema, rejected as expected).',
        'POST',
        `${base}/orders`,
        xml(
          order.text.replace(
            '<PartialAllowed>false</PartialAllowed>',
            '<PartialAllowed>yes</PartialAllowed>',
          ),
        ),
        "The request is not valid: element 'PartialAllowed': 'yes' is not a valid value of the atomic type 'xs:boolean'.",
      ),
      invalid(
        'An order that gives SiteId twice (an unlisted element beside it is accepted, a listed one twice is not), refused with 422. The source states no validation status, so any 4xx is accepted (request-body-schema, rejected as expected).',
        'POST',
        `${base}/orders`,
        xml(order.text.replace('</Order>', '<Note>rush</Note><SiteId>12345</SiteId></Order>')),
        "The request is not valid: element 'SiteId': This element is not expected.",
        422,
      ),
    ],
  },
  {
    name: 'create-subscription',
    method: 'POST',
    url: `${base}/subscriptions`,
    body: subscription('', 'https://callbacks.example.com/numbers/orders'),
    success: [
      ok(
        'D7 subscribe to order notifications with E.164 numbers (no NumberFormat); the callback password is masked.',
        'POST',
        `${base}/subscriptions`,
        subscription('', 'https://callbacks.example.com/numbers/orders'),
        subscriptionCreated('1f7e5b8a-3c2d-4e6f-9a0b-7c8d9e0f1a2b'),
      ),
      ok(
        'D7 rule 5: NumberFormat LEGACY for 10-digit numbers in callbacks.',
        'POST',
        `${base}/subscriptions`,
        subscription(
          '\n    <NumberFormat>LEGACY</NumberFormat>',
          'https://callbacks.example.com/numbers/orders-legacy',
        ),
        subscriptionCreated('2a8f6c9b-4d3e-4f70-8b1c-8d9e0f1a2b3c'),
      ),
      {
        note: 'D7 a subscription answered 201 without a body: the source shows neither the success status nor the body (2XX, x-body-open).',
        method: 'POST',
        url: `${base}/subscriptions`,
        auth: basic,
        body: subscription('', 'https://callbacks.example.com/numbers/orders-2'),
        status: 201,
        response: { headers: [{ name: 'Location', value: `${base}/subscriptions/3b9a7d0c` }] },
      },
    ],
    refused: [
      invalid(
        'Expiry is not an integer: 400 (request-body-schema, rejected as expected).',
        'POST',
        `${base}/subscriptions`,
        xml(
          subscription('', 'https://callbacks.example.com/numbers/orders').text.replace(
            '<Expiry>31536000</Expiry>',
            '<Expiry>one year</Expiry>',
          ),
        ),
        "The request is not valid: element 'Expiry': 'one year' is not a valid value of the atomic type 'xs:integer'.",
      ),
    ],
  },
  {
    name: 'create-report-instance',
    method: 'POST',
    url: `${base}/reports/210/instances`,
    body: instance('', [['AccountId', '9900000']]),
    success: [
      ok(
        'D7 a CSV report instance with E.164 numbers.',
        'POST',
        `${base}/reports/210/instances`,
        instance('', [['AccountId', '9900000']]),
        instanceCreated('5f1d0e2c-8b7a-4c3d-9e6f-1a2b3c4d5e6f'),
      ),
      ok(
        'D7 rule 6: NumberFormat LEGACY for 10-digit numbers in the report.',
        'POST',
        `${base}/reports/210/instances`,
        instance('\n  <NumberFormat>LEGACY</NumberFormat>', [
          ['AccountId', '9900000'],
          ['SiteId', '12345'],
        ]),
        instanceCreated('6a2e1f3d-9c8b-4d4e-8f70-2b3c4d5e6f70'),
      ),
    ],
    refused: [
      invalid(
        'ExpiresAt written day first is not an xs:date: 400 (request-body-schema, rejected as expected).',
        'POST',
        `${base}/reports/210/instances`,
        xml(
          instance('', [['AccountId', '9900000']]).text.replace(
            '<ExpiresAt>2025-12-31</ExpiresAt>',
            '<ExpiresAt>31/12/2025</ExpiresAt>',
          ),
        ),
        "The request is not valid: element 'ExpiresAt': '31/12/2025' is not a valid value of the atomic type 'xs:date'.",
      ),
    ],
  },
  {
    name: 'list-e911-addresses',
    method: 'GET',
    url: `${base}/e911Addresses`,
    success: [
      ok(
        'D7 e911 addresses (v2 path; v1 was /addresses).',
        'GET',
        `${base}/e911Addresses`,
        undefined,
        e911AddressesResponse,
      ),
      ok(
        'D7 e911 addresses under the versioning notes spelling /e911addresses: matched through x-path-aliases, with a warning.',
        'GET',
        `${base}/e911addresses`,
        undefined,
        e911AddressesResponse,
      ),
    ],
    otherRefusals: [
      invalid(
        'D7 e911 addresses of an account not enabled for e911: 403, under the open 4XX (the source shows no refusal of this operation).',
        'GET',
        `${base}/e911Addresses`,
        undefined,
        'The account is not enabled for E911.',
        403,
      ),
    ],
  },
  {
    name: 'list-messaging-import-tn-orders',
    method: 'GET',
    url: `${base}/importTnOrders/messaging`,
    success: [
      ok(
        'D7 hosted messaging import orders (v2 path; v1 was /importTnOrders).',
        'GET',
        `${base}/importTnOrders/messaging`,
        undefined,
        doc(`
<ImportTnOrderSearchResponse>
  <TotalCount>1</TotalCount>
  <ImportTnOrderSummary>
    <OrderId>b05de7e6-0cab-4c83-81bb-9379cba8efd0</OrderId>
    <CustomerOrderId>import-2025-0007</CustomerOrderId>
    <OrderStatus>COMPLETE</OrderStatus>
  </ImportTnOrderSummary>
</ImportTnOrderSearchResponse>`),
      ),
    ],
    otherRefusals: [
      invalid(
        'D7 import orders of an account without hosted messaging: 403, under the open 4XX (the source shows no refusal of this operation).',
        'GET',
        `${base}/importTnOrders/messaging`,
        undefined,
        'The account is not enabled for hosted messaging.',
        403,
      ),
      {
        note: 'D7 import orders of an unknown account: 404 with an HTML page, under the open 4XX (x-body-open: the source shows neither the status nor the body).',
        method: 'GET',
        url: 'https://dashboard.example.com/api/v2/accounts/0000000/importTnOrders/messaging',
        auth: basic,
        status: 404,
        response: { body: { type: 'text/html', text: '<html><body>Not Found</body></html>' } },
      },
    ],
  },
  {
    name: 'create-messaging-import-tn-order',
    method: 'POST',
    url: `${base}/importTnOrders/messaging`,
    body: importOrder,
    success: [
      ok(
        'D7 import two numbers for hosted messaging (replaces /externalTns for new inventory).',
        'POST',
        `${base}/importTnOrders/messaging`,
        importOrder,
        doc(`
<ExternalTnsOrderResponse>
  <ExternalTnsOrder>
    <CustomerOrderId>import-2025-0007</CustomerOrderId>
    <OrderId>b05de7e6-0cab-4c83-81bb-9379cba8efd0</OrderId>
    <ProcessingStatus>RECEIVED</ProcessingStatus>
  </ExternalTnsOrder>
</ExternalTnsOrderResponse>`),
      ),
    ],
    refused: [
      invalid(
        'LoaType CUSTOMER is neither CARRIER nor SUBSCRIBER: 400 (request-body-schema, rejected as expected).',
        'POST',
        `${base}/importTnOrders/messaging`,
        xml(importOrder.text.replace('<LoaType>CARRIER</LoaType>', '<LoaType>CUSTOMER</LoaType>')),
        "The request is not valid: element 'LoaType': 'CUSTOMER' is not an element of the set {'CARRIER', 'SUBSCRIBER'}.",
      ),
    ],
  },
  {
    name: 'create-messaging-remove-imported-tn-order',
    method: 'POST',
    url: `${base}/removeImportedTnOrders/messaging`,
    body: removal,
    success: [
      ok(
        'D7 remove an imported number from hosted messaging.',
        'POST',
        `${base}/removeImportedTnOrders/messaging`,
        removal,
        doc(`
<RemoveImportedTnOrderResponse>
  <RemoveImportedTnOrder>
    <CustomerOrderId>remove-2025-0002</CustomerOrderId>
    <OrderId>0f5c3a4e-5f1e-4d59-8c3e-2b9f8a7d6c5b</OrderId>
    <ProcessingStatus>RECEIVED</ProcessingStatus>
  </RemoveImportedTnOrder>
</RemoveImportedTnOrderResponse>`),
      ),
    ],
    refused: [
      invalid(
        'A 10-digit number where v2 requires E.164 (rule 1): 400 (request-body-schema, rejected as expected).',
        'POST',
        `${base}/removeImportedTnOrders/messaging`,
        xml(removal.text.replace('+14155550102', '4155550102')),
        "The request is not valid: element 'TelephoneNumber': '4155550102' is not an E.164 telephone number.",
      ),
    ],
  },
  {
    name: 'list-inservice-numbers',
    method: 'GET',
    url: `${base}/inserviceNumbers`,
    success: [
      ok(
        'D7 rules 2 and 3: areaCode (a string, country and area code together) with countryCodeA3.',
        'GET',
        `${base}/inserviceNumbers?${query({ countryCodeA3: 'USA', areaCode: '1919' })}`,
        undefined,
        doc(`
<TNs>
  <TotalCount>2</TotalCount>
  <TelephoneNumbers>
    <Count>2</Count>
    <TelephoneNumber>+19195550100</TelephoneNumber>
    <TelephoneNumber>+19195550101</TelephoneNumber>
  </TelephoneNumbers>
</TNs>`),
      ),
      ok(
        'D7 rule 3: a leading zero of an international area code survives (GBR, 4420).',
        'GET',
        `${base}/inserviceNumbers?${query({ countryCodeA3: 'GBR', areaCode: '4420' })}`,
        undefined,
        doc(`
<TNs>
  <TotalCount>1</TotalCount>
  <TelephoneNumbers>
    <Count>1</Count>
    <TelephoneNumber>+442079460000</TelephoneNumber>
  </TelephoneNumbers>
</TNs>`),
      ),
      ok(
        'D7 no filter: every in-service number.',
        'GET',
        `${base}/inserviceNumbers`,
        undefined,
        doc(`
<TNs>
  <TotalCount>3</TotalCount>
  <TelephoneNumbers>
    <Count>3</Count>
    <TelephoneNumber>+14155550100</TelephoneNumber>
    <TelephoneNumber>+14155550101</TelephoneNumber>
    <TelephoneNumber>+19195550100</TelephoneNumber>
  </TelephoneNumbers>
</TNs>`),
      ),
    ],
    refused: [
      invalid(
        'D7 rule 2: areaCode without countryCodeA3: 400 (parameter-requires, rejected as expected).',
        'GET',
        `${base}/inserviceNumbers?areaCode=1919`,
        undefined,
        'Every request that passes areaCode must also pass countryCodeA3.',
      ),
    ],
  },
  {
    name: 'create-sip-peer-telephone-number',
    method: 'POST',
    url: tnsUrl,
    body: sipPeerNumber(''),
    success: [
      ok(
        'D7 add a number to a SIP peer, without touching messaging.',
        'POST',
        tnsUrl,
        sipPeerNumber(''),
        sipPeerSaved,
      ),
    ],
    refused: [
      {
        note: 'D7 rule 4: turning messaging on through the tns create operation is refused with 400, ErrorCode 400.',
        method: 'POST',
        url: tnsUrl,
        auth: basic,
        body: sipPeerNumber(smsOn),
        status: 400,
        response: { body: tnError },
      },
      {
        note: 'D7 rule 4: turning messaging off (SmsSettings, SmsEnabled false) is refused the same way (x-refusals).',
        method: 'POST',
        url: tnsUrl,
        auth: basic,
        body: sipPeerNumber(smsOff),
        status: 400,
        response: { body: tnError },
      },
      {
        note: 'D7 another 400 of this operation, a Tn error with another ErrorCode: the source shows only rule 4 here and leaves other 400s open.',
        method: 'POST',
        url: tnsUrl,
        auth: basic,
        body: sipPeerNumber(''),
        status: 400,
        response: { body: tnErrorOther },
      },
      {
        note: 'D7 another 400 of this operation with another document (otherRoots: open: only well-formedness is checked).',
        method: 'POST',
        url: tnsUrl,
        auth: basic,
        body: sipPeerNumber(''),
        status: 400,
        response: {
          body: doc(
            '\n<ErrorResponse><Message>FullNumber is not a number of this account</Message></ErrorResponse>',
          ),
        },
      },
      {
        note: 'D7 another 400 of this operation without a body (x-body-open).',
        method: 'POST',
        url: tnsUrl,
        auth: basic,
        body: sipPeerNumber(''),
        status: 400,
      },
    ],
    otherRefusals: [
      invalid(
        'D7 a number the SIP peer already has: 409, under the open 4XX (the source shows only the 400 of rule 4 for this operation).',
        'POST',
        tnsUrl,
        sipPeerNumber(''),
        'The telephone number is already on this SIP peer.',
        409,
      ),
    ],
  },
  {
    name: 'get-sip-peer-telephone-number',
    method: 'GET',
    url: tnUrl,
    success: [
      ok('D7 a number of a SIP peer (E.164 in the path, + kept).', 'GET', tnUrl, undefined, sipPeerSaved),
      ok(
        'D7 the same number with the + percent-encoded.',
        'GET',
        `${tnsUrl}/%2B14155550100`,
        undefined,
        sipPeerSaved,
      ),
    ],
    otherRefusals: [
      invalid(
        'D7 a number that is not on the SIP peer: 404, under the open 4XX (the source shows no refusal of this operation).',
        'GET',
        `${tnsUrl}/+14155550198`,
        undefined,
        'The telephone number is not on this SIP peer.',
        404,
      ),
      {
        note: 'D7 the same refusal without a body: under the open 4XX (x-body-open).',
        method: 'GET',
        url: `${tnsUrl}/+14155550199`,
        auth: basic,
        status: 404,
      },
    ],
  },
];

const notification = (numbers: string[], dates = ['2024-03-04T15:21:02.000Z', '2024-03-04T00:00:00.000Z']) =>
  xml(
    `${declaration}
<Notification>
  <SubscriptionId>1f7e5b8a-3c2d-4e6f-9a0b-7c8d9e0f1a2b</SubscriptionId>
  <OrderType>orders</OrderType>
  <CustomerOrderId>order-2024-0001</CustomerOrderId>
  <Status>COMPLETE</Status>
  <CompletedTelephoneNumbers>
${numbers.map((number) => `    <TelephoneNumber>${number}</TelephoneNumber>`).join('\n')}
  </CompletedTelephoneNumbers>
  <LastModifiedDate>${dates[0]}</LastModifiedDate>
  <ActualFocDate>${dates[1]}</ActualFocDate>
</Notification>
`,
    'application/xml; charset=utf-8',
  );

/** Events: the order notification POSTed to a subscribed URL (webhook numbers/orderNotification). */
const orderNotification: Recording = {
  path: 'recordings/numbers/order-notification-200.har',
  source,
  calls: [
    {
      note: "Events: an order Notification POSTed by the service to the subscription's URL (Content-Type application/xml; charset=utf-8), numbers in E.164 (rule 5, the default). Told apart from a request by the entry's _webhook (numbers/orderNotification).",
      method: 'POST',
      url: 'https://app.example.com/callbacks/orders',
      auth: basic,
      body: notification(['+14155550100', '+14155550101']),
      status: 200,
      webhook: 'numbers/orderNotification',
    },
    {
      note: 'Events: the same Notification for a subscription that set NumberFormat LEGACY: 10-digit numbers, valid against the legacySchema (Notification.legacy.xsd) of x-xsd (rule 5).',
      method: 'POST',
      url: 'https://app.example.com/callbacks/orders',
      auth: basic,
      body: notification(['4155550100', '4155550101']),
      status: 200,
      webhook: 'numbers/orderNotification',
    },
    {
      note: "Events: a handler that answers 202 with a plain-text body: the source leaves the handler's answer open (2XX, x-body-open).",
      method: 'POST',
      url: 'https://app.example.com/callbacks/orders',
      auth: basic,
      body: notification(['+14155550102']),
      status: 202,
      response: { body: { type: 'text/plain', text: 'queued' } },
      webhook: 'numbers/orderNotification',
    },
    {
      note: 'Events: a Notification whose timestamps have a space and no zone (2024-03-04 15:21:02), E.164 and LEGACY: the source says only "timestamp" and shows no format.',
      method: 'POST',
      url: 'https://app.example.com/callbacks/orders',
      auth: basic,
      body: notification(['+14155550104'], ['2024-03-04 15:21:02', '2024-03-04 00:00:00']),
      status: 200,
      webhook: 'numbers/orderNotification',
    },
    {
      note: 'Events: the same space-separated timestamps in a LEGACY notification (Notification.legacy.xsd).',
      method: 'POST',
      url: 'https://app.example.com/callbacks/orders',
      auth: basic,
      body: notification(['4155550104'], ['2024-03-04 15:21:02', '2024-03-04 00:00:00']),
      status: 200,
      webhook: 'numbers/orderNotification',
    },
    {
      note: 'Events: a Notification carrying elements the source does not list (OrderId, Message): the source lists its children without closing the list, so they pass.',
      method: 'POST',
      url: 'https://app.example.com/callbacks/orders',
      auth: basic,
      body: (() => {
        const body = notification(['+14155550103']);
        return {
          ...body,
          text: body.text.replace(
            '</Notification>',
            '<OrderId>6d7da966</OrderId><Message>Created a new number order for 1 number</Message></Notification>',
          ),
        };
      })(),
      status: 200,
      webhook: 'numbers/orderNotification',
    },
  ],
};

export const numbers: Recording[] = [
  ...operations.flatMap((operation, index) => [
    { path: `recordings/numbers/${operation.name}-200.har`, source, calls: operation.success },
    ...(operation.refused
      ? [{ path: `recordings/numbers/${operation.name}-400.har`, source, calls: operation.refused }]
      : []),
    ...(operation.otherRefusals
      ? [{ path: `recordings/numbers/${operation.name}-4XX.har`, source, calls: operation.otherRefusals }]
      : []),
    {
      path: `recordings/numbers/${operation.name}-5XX.har`,
      source,
      calls: [
        {
          note: 'D7 a 503: the source shows no 5xx of number management and leaves server errors open (5XX, x-body-open; XML only checked for well-formedness).',
          method: operation.method,
          url: operation.url,
          auth: basic,
          ...(operation.body ? { body: operation.body } : {}),
          status: 503,
          response: {
            body: doc(
              '<ErrorResponse><Description>Service temporarily unavailable.</Description></ErrorResponse>',
            ),
          },
        },
        {
          note: 'D7 a 502 without a body (x-body-open).',
          method: operation.method,
          url: operation.url,
          auth: basic,
          ...(operation.body ? { body: operation.body } : {}),
          status: 502,
        },
      ],
    },
    {
      path: `recordings/numbers/${operation.name}-401.har`,
      source,
      calls: [
        unauthorized(operation.method, operation.url, operation.body, true),
        ...(index % 2 === 0 ? [unauthorized(operation.method, operation.url, operation.body, false)] : []),
        ...(index === 0 ? [unauthorizedPage(operation.method, operation.url, operation.body)] : []),
      ],
    },
  ]),
  orderNotification,
];
