import { apiKey, basic, bearer, type Call, json, query, type Recording, xml } from './call.ts';
import { campaign as campaignFixture } from './traffic/agents.ts';

// The negative set: one file per checker rule (`negative/<rule>[--<detail>].har`), each with one entry
// that breaks exactly that rule. A request-side rule answered 2xx also gets `accepted-invalid-request`:
// that is the checker saying the service let it through (see expectedRules in expectations.ts).
const agents = 'https://agents.example.com/api/v1';
const dashboard = 'https://dashboard.example.com/api/v2/accounts/9900000';
const source = 'negative set (contract-tests/lib/negative.ts)';

const agentSummary = {
  id: 17,
  name: 'Renewal reminder',
  status: 'active',
  created_at: '2025-01-20T08:15:00Z',
  total_runs: 1843,
};
const campaign = campaignFixture('paused');
const { state: _state, ...campaignWithoutState } = campaign;
const runsPage = {
  runs: [],
  total_svc_tokens: 0,
  total_duration_seconds: 0,
  total_count: 0,
  page: 1,
  limit: 101,
  total_pages: 0,
};
const groupMessage = {
  id: '1589228074636lm4k2je7j7jklbn2',
  time: '2021-02-10T20:14:34.636Z',
  to: ['+14155550199'],
  from: '+14155550100',
  text: 'Your table for 4 is ready.',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  owner: '+14155550100',
  direction: 'out',
};
const messageRequest = {
  from: '+14155550100',
  to: ['+14155550199'],
  text: 'Your table for 4 is ready.',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
};
const jsonUtf8 = 'application/json; charset=utf-8';
const createCall = {
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/voice/answer',
  applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
};
const order = (partialAllowed: string, number = '+14155550100') =>
  xml(`<?xml version="1.0" encoding="UTF-8"?>
<Order>
  <SiteId>12345</SiteId>
  <PartialAllowed>${partialAllowed}</PartialAllowed>
  <ExistingTelephoneNumberOrderType>
    <TelephoneNumberList>
      <TelephoneNumber>${number}</TelephoneNumber>
    </TelephoneNumberList>
  </ExistingTelephoneNumberOrderType>
</Order>`);
const orderResponse = (number: string) =>
  xml(`<?xml version="1.0" encoding="UTF-8"?>
<OrderResponse>
  <Order>
    <id>6d7da966-e071-4741-b31c-1d8932f4b8da</id>
    <ExistingTelephoneNumberOrderType>
      <TelephoneNumberList>
        <TelephoneNumber>${number}</TelephoneNumber>
      </TelephoneNumberList>
    </ExistingTelephoneNumberOrderType>
  </Order>
  <OrderStatus>RECEIVED</OrderStatus>
</OrderResponse>`);

const sipPeerNumberWithSms = xml(`<?xml version="1.0" encoding="UTF-8"?>
<SipPeerTelephoneNumber>
  <FullNumber>+14155550100</FullNumber>
  <SmsSettings>
    <SmsEnabled>true</SmsEnabled>
  </SmsSettings>
</SipPeerTelephoneNumber>`);
const tnError = (code: string) =>
  xml(`<?xml version="1.0" encoding="UTF-8"?>
<SipPeerTelephoneNumberResponse>
  <ResponseStatus>
    <ErrorCode>${code}</ErrorCode>
    <Description>Messaging cannot be turned on or off through this operation. Use a tn-option order.</Description>
  </ResponseStatus>
</SipPeerTelephoneNumberResponse>`);

const file = (name: string, call: Call): Recording => ({
  path: `negative/${name}.har`,
  source,
  calls: [call],
});

export const negative: Recording[] = [
  file('undocumented-operation', {
    note: 'The v1 path /addresses, replaced by /e911Addresses in v2.',
    method: 'GET',
    url: `${dashboard}/addresses`,
    auth: basic,
    status: 200,
    response: { body: xml('<?xml version="1.0" encoding="UTF-8"?>\n<Addresses/>') },
  }),
  file('undocumented-operation--trailing-slash', {
    note: 'Voice modify call with a trailing slash the source does not document (create call has an alias for its slash-less spelling; this path has none).',
    method: 'POST',
    url: 'https://voice.example.com/api/v2/accounts/9900000/calls/c-1/',
    auth: basic,
    body: json({ state: 'completed' }, jsonUtf8),
    status: 200,
    response: { body: json({ callId: 'c-1', state: 'completed' }) },
  }),
  file('parameter-invalid', {
    note: 'limit=101, one above the maximum of 100, answered 200.',
    method: 'GET',
    url: `${agents}/organizations/usage/runs?${query({ page: 1, limit: 101 })}`,
    auth: bearer,
    status: 200,
    response: { body: json(runsPage) },
  }),
  file('parameter-requires', {
    note: 'areaCode without countryCodeA3 (rule 2), answered 200.',
    method: 'GET',
    url: `${dashboard}/inserviceNumbers?areaCode=1919`,
    auth: basic,
    status: 200,
    response: { body: xml('<?xml version="1.0" encoding="UTF-8"?>\n<TNs><TotalCount>0</TotalCount></TNs>') },
  }),
  file('parameter-unparseable', {
    note: 'filters is not JSON, answered 200.',
    method: 'GET',
    url: `${agents}/organizations/usage/runs?${query({ filters: '[{attribute:campaignId}]' })}`,
    auth: bearer,
    status: 200,
    response: { body: json({ ...runsPage, limit: 50 }) },
  }),
  file('security-missing', {
    note: 'Pause campaign with no credential at all, answered 200.',
    method: 'POST',
    url: `${agents}/campaign/381/pause`,
    status: 200,
    response: { body: json(campaign) },
  }),
  file('security-missing--api-key-without-organization', {
    note: 'An API key without X-SVC-ORGANIZATION-ID (the source requires both headers), answered 200.',
    method: 'GET',
    url: `${agents}/workflow/fetch`,
    auth: apiKey().slice(0, 1),
    status: 200,
    response: { body: json([agentSummary]) },
  }),
  file('security-malformed', {
    note: 'X-SVC-ORGANIZATION-ID is a name, not a positive integer, answered 200.',
    method: 'GET',
    url: `${agents}/workflow/fetch`,
    auth: apiKey('acme'),
    status: 200,
    response: { body: json([agentSummary]) },
  }),
  file('security-exclusive--bearer-and-api-key', {
    note: 'A bearer token and an API key together on get agent, answered 200.',
    method: 'GET',
    url: `${agents}/workflow/fetch/17`,
    auth: [...bearer, ...apiKey()],
    status: 200,
    response: { body: json(agentSummary) },
  }),
  file('security-exclusive--api-key-on-pause', {
    note: 'An API key added to the bearer token on bearer-only pause, answered 200.',
    method: 'POST',
    url: `${agents}/campaign/381/pause`,
    auth: [...bearer, ...apiKey()],
    status: 200,
    response: { body: json(campaign) },
  }),
  file('unsupported-credential', {
    note: 'The retired X-API-Key header next to a valid bearer token, answered 200.',
    method: 'GET',
    url: `${agents}/workflow/fetch`,
    auth: bearer,
    headers: [{ name: 'X-API-Key', value: 'fake-retired-key-0000' }],
    status: 200,
    response: { body: json([agentSummary]) },
  }),
  file('request-content-type', {
    note: 'Create call sent as text/plain (JSON text, not application/json), answered 201.',
    method: 'POST',
    url: 'https://voice.example.com/api/v2/accounts/9900000/calls/',
    auth: basic,
    body: { type: 'text/plain', text: JSON.stringify(createCall) },
    status: 201,
    response: { body: json({ callId: 'c-15ac29a2-1331029c-2cb0-4a07-b215-b22865662d85' }) },
  }),
  file('request-body-missing', {
    note: 'Send group message without a body, answered 202.',
    method: 'POST',
    url: 'https://messaging.example.com/v2/users/9900000/messages',
    auth: basic,
    status: 202,
    response: { body: json(groupMessage) },
  }),
  file('request-body-undocumented', {
    note: 'Pause campaign with a JSON body (the operation takes none), answered 200.',
    method: 'POST',
    url: `${agents}/campaign/381/pause`,
    auth: bearer,
    body: json({ reason: 'holiday' }),
    status: 200,
    response: { body: json(campaign) },
  }),
  file('request-body-unparseable', {
    note: 'Verify code as text/plain whose text is not JSON, answered 200.',
    method: 'POST',
    url: 'https://mfa.example.com/api/v1/accounts/9900000/code/verify',
    auth: basic,
    body: { type: 'text/plain;charset=UTF-8', text: 'to=+14155550199&code=123456' },
    status: 200,
    response: { body: json({ valid: true }) },
  }),
  file('request-body-schema--json', {
    note: 'text of 2049 characters (maximum 2048), answered 202.',
    method: 'POST',
    url: 'https://messaging.example.com/v2/users/9900000/messages',
    auth: basic,
    body: json({ ...messageRequest, text: 'x'.repeat(2049) }, jsonUtf8),
    status: 202,
    response: { body: json({ ...groupMessage, text: 'x'.repeat(2049) }) },
  }),
  file('request-body-schema--xml', {
    note: 'PartialAllowed "yes" is not an xs:boolean, answered 200.',
    method: 'POST',
    url: `${dashboard}/orders`,
    auth: basic,
    body: order('yes'),
    status: 200,
    response: { body: orderResponse('+14155550100') },
  }),
  file('request-body-schema--send-code-as-text', {
    note: 'D5 sent as JSON text with text/plain;charset=UTF-8 (checked like a JSON body), its message without the {CODE} placeholder, answered 200.',
    method: 'POST',
    url: 'https://mfa.example.com/api/v1/accounts/9900000/code/messaging',
    auth: basic,
    body: {
      type: 'text/plain;charset=UTF-8',
      text: JSON.stringify({ to: '+14155550199', from: '+14155550100', message: 'Your code is ready' }),
    },
    status: 200,
    response: { body: json({ messageId: '1589228074636lm4k2je7j7jklbn2' }) },
  }),
  file('request-body-schema--verify-code-bare-text-plain', {
    note: 'D6 verify code as a bare text/plain (no charset) without to, answered 200: text/plain is the media type of the source examples whatever its charset parameter, so the JSON text is checked and a missing to gives 400.',
    method: 'POST',
    url: 'https://mfa.example.com/api/v1/accounts/9900000/code/verify',
    auth: basic,
    body: { type: 'text/plain', text: JSON.stringify({ applicationId: '93de2206', code: '123456' }) },
    status: 200,
    response: { body: json({ valid: true }) },
  }),
  file('accepted-invalid-request', {
    note: 'D5: a missing to gives 400; this service answered 200.',
    method: 'POST',
    url: 'https://mfa.example.com/api/v1/accounts/9900000/code/messaging',
    auth: basic,
    body: json({ from: '+14155550100', digits: 6, message: 'Your code is {CODE}' }),
    status: 200,
    response: { body: json({ messageId: '1589228074636lm4k2je7j7jklbn2' }) },
  }),
  file('response-body-schema--validation-error-without-detail', {
    note: 'List runs with limit=101 refused 422 with an empty object: the 422 body is an object with detail.',
    method: 'GET',
    url: `${agents}/organizations/usage/runs?${query({ page: 1, limit: 101 })}`,
    auth: bearer,
    status: 422,
    response: { body: json({}) },
  }),
  file('request-body-schema--webhook', {
    note: 'A voice Disconnect event (entry _webhook voice/disconnectEvent) whose pai is a number, not the string of caller-attestation data, answered 204.',
    method: 'POST',
    url: 'https://app.example.com/callbacks/voice',
    body: json({ eventType: 'disconnect', cause: 'error', pai: 42 }),
    status: 204,
    webhook: 'voice/disconnectEvent',
  }),
  file('request-body-schema--xml-notification-mixed', {
    note: 'A numbers order Notification (entry _webhook numbers/orderNotification) with one E.164 and one 10-digit number: valid against neither Notification.xsd nor its legacySchema (rule 5: one format per subscription), answered 200.',
    method: 'POST',
    url: 'https://app.example.com/callbacks/orders',
    body: xml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Notification>\n  <Status>COMPLETE</Status>\n  <CompletedTelephoneNumbers>\n    <TelephoneNumber>+14155550100</TelephoneNumber>\n    <TelephoneNumber>4155550101</TelephoneNumber>\n  </CompletedTelephoneNumbers>\n</Notification>',
      'application/xml; charset=utf-8',
    ),
    status: 200,
    webhook: 'numbers/orderNotification',
  }),
  file('undocumented-operation--webhook', {
    note: 'A callback naming a webhook the messaging spec does not have (entry _webhook messaging/deliveryReceipt).',
    method: 'POST',
    url: 'https://app.example.com/callbacks/messaging',
    body: json({ tag: 'table-42' }),
    status: 204,
    webhook: 'messaging/deliveryReceipt',
  }),
  file('undeclared-status', {
    note: 'List agents answered 409, a status the operation does not declare (any 5xx is open; a 4xx other than the documented ones is not).',
    method: 'GET',
    url: `${agents}/workflow/fetch`,
    auth: bearer,
    status: 409,
    response: { body: json({ detail: 'Conflict' }) },
  }),
  file('response-body-schema--voice-500-wrong-type', {
    note: 'Create call answered 500 with type bad-gateway: another 5xx is open, but the documented 500 has type internal-error.',
    method: 'POST',
    url: 'https://voice.example.com/api/v2/accounts/9900000/calls/',
    auth: basic,
    body: json(createCall, jsonUtf8),
    status: 500,
    response: { body: json({ type: 'bad-gateway', description: 'Bad Gateway', id: null }) },
  }),
  file('response-body-schema--mfa-500-without-request-id', {
    note: 'Verify code answered 500 without requestId: another 5xx is open, but the documented 500 body is error and requestId.',
    method: 'POST',
    url: 'https://mfa.example.com/api/v1/accounts/9900000/code/verify',
    auth: basic,
    body: json({ to: '+14155550199', applicationId: '93de2206', code: '123456' }),
    status: 500,
    response: { body: json({ error: 'Internal Server Error' }) },
  }),
  file('response-content-type', {
    note: 'List agents answered 200 with text/plain instead of application/json.',
    method: 'GET',
    url: `${agents}/workflow/fetch`,
    auth: bearer,
    status: 200,
    response: { body: { type: 'text/plain; charset=utf-8', text: JSON.stringify([agentSummary]) } },
  }),
  file('response-body-missing', {
    note: 'Get agent answered 200 with an empty body.',
    method: 'GET',
    url: `${agents}/workflow/fetch/17`,
    auth: bearer,
    status: 200,
  }),
  file('response-body-unparseable', {
    note: 'Send group message answered 202 with truncated JSON.',
    method: 'POST',
    url: 'https://messaging.example.com/v2/users/9900000/messages',
    auth: basic,
    body: json(messageRequest, jsonUtf8),
    status: 202,
    response: {
      body: {
        type: 'application/json',
        text: '{"id":"1589228074636lm4k2je7j7jklbn2","time":"2021-02-10T20:1',
      },
    },
  }),
  file('response-body-schema--json', {
    note: 'Pause campaign answered 200 with a campaign without its required state.',
    method: 'POST',
    url: `${agents}/campaign/381/pause`,
    auth: bearer,
    status: 200,
    response: { body: json(campaignWithoutState) },
  }),
  file('response-body-schema--run-wrong-type', {
    note: 'List runs answered with a run whose recording_url is a number: null is open (nullability not shown), another type is not.',
    method: 'GET',
    url: `${agents}/organizations/usage/runs?${query({ page: 1, limit: 50 })}`,
    auth: bearer,
    status: 200,
    response: {
      body: json({
        ...runsPage,
        runs: [{ id: 1045, workflow_id: 17, created_at: '2025-03-14T09:12:44Z', recording_url: 123 }],
        total_count: 1,
        limit: 50,
        total_pages: 1,
      }),
    },
  }),
  file('response-body-schema--paused-campaign-still-running', {
    note: 'Pause campaign answered 200 with the campaign still running: pause moves a running campaign to paused (E1, States and transitions).',
    method: 'POST',
    url: `${agents}/campaign/381/pause`,
    auth: bearer,
    status: 200,
    response: { body: json(campaignFixture('running')) },
  }),
  file('response-body-schema--non-utc-time', {
    note: 'Send group message answered 202 with a time in another offset (-05:00): the source says "ISO 8601 UTC timestamp".',
    method: 'POST',
    url: 'https://messaging.example.com/v2/users/9900000/messages',
    auth: basic,
    body: json(messageRequest, jsonUtf8),
    status: 202,
    response: { body: json({ ...groupMessage, time: '2021-02-10T15:14:34.636-05:00' }) },
  }),
  file('response-body-schema--xml', {
    note: 'The order response returns a 10-digit number; v2 returns E.164 (rule 1).',
    method: 'POST',
    url: `${dashboard}/orders`,
    auth: basic,
    body: order('false'),
    status: 200,
    response: { body: orderResponse('4155550100') },
  }),
  file('response-body-schema--tag-not-echoed', {
    note: 'Send group message with a tag answered 202 without it: the source says tag is "present when sent in the request" (x-echoes).',
    method: 'POST',
    url: 'https://messaging.example.com/v2/users/9900000/messages',
    auth: basic,
    body: json({ ...messageRequest, tag: 'table-42' }, jsonUtf8),
    status: 202,
    response: { body: json(groupMessage) },
  }),
  file('refused-request', {
    note: 'D7 rule 4: a number added to a SIP peer with SmsSettings (messaging on, as @bandwidth/numbers writes it) answered 200: the source refuses it with 400 and ErrorCode 400 (x-refusals).',
    method: 'POST',
    url: `${dashboard}/sites/12345/sippeers/500017/tns`,
    auth: basic,
    body: sipPeerNumberWithSms,
    status: 200,
    response: { body: xml('<?xml version="1.0" encoding="UTF-8"?>\n<SipPeerTelephoneNumberResponse/>') },
  }),
  file('refused-request--error-code', {
    note: 'D7 rule 4: messaging switched through the tns create operation, refused 400 with a Tn error whose ErrorCode is not 400 (x-refusals: ErrorCode 400).',
    method: 'POST',
    url: `${dashboard}/sites/12345/sippeers/500017/tns`,
    auth: basic,
    body: sipPeerNumberWithSms,
    status: 400,
    response: { body: tnError('5005') },
  }),
  file('response-body-schema--tn-error-malformed', {
    note: 'D7 a 400 of the tns create operation whose document is a Tn error without its Description: another 400 is open, but a SipPeerTelephoneNumberResponse must be a valid Tn error.',
    method: 'POST',
    url: `${dashboard}/sites/12345/sippeers/500017/tns`,
    auth: basic,
    body: xml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<SipPeerTelephoneNumber><FullNumber>+14155550100</FullNumber></SipPeerTelephoneNumber>',
    ),
    status: 400,
    response: {
      body: xml(
        '<?xml version="1.0" encoding="UTF-8"?>\n<SipPeerTelephoneNumberResponse><ResponseStatus><ErrorCode>400</ErrorCode></ResponseStatus></SipPeerTelephoneNumberResponse>',
      ),
    },
  }),
  file('response-filter', {
    note: 'List agents with status=active answered with an archived agent: the source lists agents of the status asked for (x-filters).',
    method: 'GET',
    url: `${agents}/workflow/fetch?status=active`,
    auth: bearer,
    status: 200,
    response: { body: json([agentSummary, { ...agentSummary, id: 9, status: 'archived' }]) },
  }),
  file('response-filter--run-outside-dates', {
    note: 'List runs of March answered with a run of February: start_date and end_date are inclusive bounds on created_at (x-filters).',
    method: 'GET',
    url: `${agents}/organizations/usage/runs?${query({ start_date: '2025-03-01T00:00:00Z', end_date: '2025-03-31T23:59:59Z' })}`,
    auth: bearer,
    status: 200,
    response: {
      body: json({
        ...runsPage,
        runs: [{ id: 1040, workflow_id: 17, created_at: '2025-02-28T22:10:00Z', call_duration_seconds: 95 }],
        total_count: 1,
        limit: 50,
        total_pages: 1,
      }),
    },
  }),
  file('response-filter--run-filter-not-matched', {
    note: 'List runs filtered by runId 1042 answered with run 1043: the runId filter matches the exact run id (x-filters).',
    method: 'GET',
    url: `${agents}/organizations/usage/runs?${query({ filters: JSON.stringify([{ attribute: 'runId', type: 'number', value: { value: 1042 } }]) })}`,
    auth: bearer,
    status: 200,
    response: {
      body: json({
        ...runsPage,
        runs: [{ id: 1043, workflow_id: 17, created_at: '2025-03-14T09:12:44Z', call_duration_seconds: 61 }],
        total_count: 1,
        limit: 50,
        total_pages: 1,
      }),
    },
  }),
];
