import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '../src/index.js';
import { testRule } from './rule-table.js';

// Statements of the source documents, and what they leave open, checked against the repository's own
// specs: each rule with the traffic the source allows (no violation) beside the traffic it does not.
const configPath = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadContracts({ configPath });
});
afterAll(() => contracts?.close());

interface Exchange {
  service: string;
  request: RecordedRequest;
  response: RecordedResponse;
}

const check = async ({ service, request, response }: Exchange) =>
  (await contracts.checkExchange(request, response, { service })).violations;

const bearer = [{ name: 'Authorization', value: 'Bearer t' }];
const basic = [{ name: 'Authorization', value: `Basic ${Buffer.from('user:password').toString('base64')}` }];
const json = (body: unknown, status = 200): RecordedResponse => ({
  status,
  headers: [{ name: 'Content-Type', value: 'application/json' }],
  body: JSON.stringify(body),
});

// 000 E6: "Unknown attributes and unsupported type values are silently ignored"; each element is still
// "an object with attribute, type, value".
const runs = (filters: unknown): Exchange => ({
  service: 'agents',
  request: {
    method: 'GET',
    url: `http://h/api/v1/organizations/usage/runs?filters=${encodeURIComponent(JSON.stringify(filters))}`,
    headers: bearer,
  },
  response: json({ runs: [] }),
});

testRule('parameter-invalid', check, [
  {
    name: 'filters: a known attribute with a type value of another JSON type (1) is ignored',
    given: runs([{ attribute: 'runId', type: 1, value: { value: 901 } }]),
    want: [],
  },
  {
    name: 'filters: a type value null is ignored',
    given: runs([{ attribute: 'runId', type: null, value: { value: 901 } }]),
    want: [],
  },
  {
    name: 'filters: an attribute that is not a string (42) is unknown, so ignored',
    given: runs([{ attribute: 42, type: 'number', value: { value: 901 } }]),
    want: [],
  },
  {
    name: 'filters: a documented pair still requires its value shape',
    given: runs([{ attribute: 'runId', type: 'number', value: { value: 'x' } }]),
    want: [{ rule: 'parameter-invalid' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'filters: an element that is not an object fails',
    given: runs(['runId']),
    want: [{ rule: 'parameter-invalid' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'filters: an element without value fails',
    given: runs([{ attribute: 'runId', type: 'number' }]),
    want: [
      { rule: 'parameter-invalid', message: expect.stringContaining("required property 'value'") },
      { rule: 'parameter-invalid' },
      { rule: 'accepted-invalid-request' },
    ],
  },
]);

const form = 'application/x-www-form-urlencoded';
const post = (
  service: string,
  path: string,
  type: string,
  body: string,
  response: RecordedResponse,
): Exchange => ({
  service,
  request: {
    method: 'POST',
    url: `http://h${path}`,
    headers: [...basic, { name: 'Content-Type', value: type }],
    body,
  },
  response,
});
const answer = (status: number, type: string, body: string): RecordedResponse => ({
  status,
  headers: [{ name: 'Content-Type', value: type }],
  body,
});
const tokenPath = '/api/v1/oauth2/token';
const tokenForm = 'grant_type=client_credentials&scope=voice.webrtc';
const messagesPath = '/v2/users/9900000/messages';
const message = JSON.stringify({
  from: '+14155550100',
  to: ['+14155550199'],
  text: 'Hi',
  applicationId: 'app-1',
});

// 001 D1 "Response: access token response" and D2 "202 Accepted with the group message resource": the
// fields are shown, the media type is not. 000: "Success responses are JSON" (agents).
testRule('response-content-type', check, [
  {
    name: 'token: a form-encoded access token answer (its media type is not shown)',
    given: post(
      'token',
      tokenPath,
      form,
      tokenForm,
      answer(200, form, 'access_token=a.b.c&token_type=Bearer'),
    ),
    want: [],
  },
  {
    name: 'token: a JSON answer is still checked against the access token response',
    given: post(
      'token',
      tokenPath,
      form,
      tokenForm,
      answer(200, 'application/json', '{"expires_in":"soon"}'),
    ),
    want: [{ rule: 'response-body-schema' }],
  },
  {
    name: 'messaging: a 202 of another media type (not shown)',
    given: post('messaging', messagesPath, 'application/json', message, answer(202, form, 'id=m-1')),
    want: [],
  },
  {
    name: 'agents: "Success responses are JSON", so a text/plain 200 still fails',
    given: {
      service: 'agents',
      request: { method: 'GET', url: 'http://h/api/v1/workflow/fetch', headers: bearer },
      response: answer(200, 'text/plain', 'ok'),
    },
    want: [{ rule: 'response-content-type' }],
  },
]);

const token = (body: string, status = 200): Exchange =>
  post('token', tokenPath, form, body, json({ token_type: 'Bearer', expires_in: 3600 }, status));

// 001 D1: "grant_type (required; only client_credentials is supported); scope (required; must be
// voice.webrtc)". A field sent twice is held to the rule in each of its values.
testRule('request-body-schema', check, [
  { name: 'token: the form as documented', given: token(tokenForm), want: [] },
  {
    name: 'token: scope sent twice, both voice.webrtc',
    given: token(`${tokenForm}&scope=voice.webrtc`),
    want: [],
  },
  {
    name: 'token: a second scope that is not voice.webrtc',
    given: token('grant_type=client_credentials&scope=voice.webrtc&scope=admin'),
    want: [{ rule: 'request-body-schema', pointer: '/scope' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'token: a second grant_type that is not client_credentials',
    given: token('grant_type=client_credentials&grant_type=password&scope=voice.webrtc'),
    want: [{ rule: 'request-body-schema', pointer: '/grant_type' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'token: the first scope wrong and the second right still fails',
    given: token('grant_type=client_credentials&scope=admin&scope=voice.webrtc', 400),
    want: [],
  },
]);

const notification = (type: string, body = notificationXml): Exchange => ({
  service: 'numbers',
  request: {
    method: 'POST',
    url: 'https://app.example.com/callbacks/orders',
    headers: [{ name: 'Content-Type', value: type }],
    body,
    webhook: 'numbers/orderNotification',
  },
  response: { status: 200, headers: [] },
});
const notificationXml =
  '<?xml version="1.0" encoding="UTF-8"?><Notification><Status>COMPLETE</Status><CompletedTelephoneNumbers><TelephoneNumber>+14155550100</TelephoneNumber></CompletedTelephoneNumbers></Notification>';

// 001 Events: "an Order notification is POSTed to the subscribed URL (Content-Type application/xml;
// charset=utf-8)": another charset is another media type; a charset left out is not another one.
testRule('request-content-type', check, [
  { name: 'notification: charset=utf-8', given: notification('application/xml; charset=utf-8'), want: [] },
  {
    name: 'notification: charset=UTF-8, no space',
    given: notification('application/xml;charset=UTF-8'),
    want: [],
  },
  { name: 'notification: no charset', given: notification('application/xml'), want: [] },
  {
    name: 'notification: charset=iso-8859-1',
    given: notification('application/xml; charset=iso-8859-1'),
    want: [{ rule: 'request-content-type' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'notification: charset=utf-16',
    given: notification('application/xml; charset=utf-16'),
    want: [{ rule: 'request-content-type' }, { rule: 'accepted-invalid-request' }],
  },
]);

const delivery = (
  webhook: string,
  method: string,
  body?: string,
  service = webhook.split('/')[0] as string,
): Exchange => ({
  service,
  request: {
    method,
    url: `https://app.example.com/callbacks?event=${encodeURIComponent(webhook)}`,
    headers: body === undefined ? [] : [{ name: 'Content-Type', value: 'application/json' }],
    ...(body === undefined ? {} : { body }),
    webhook,
  },
  response: { status: 204, headers: [] },
});

// 001 Events: only the Order notification is "POSTed"; the method of the Disconnect event, messaging and
// verification callbacks is not shown (x-method-open).
testRule('undocumented-operation', check, [
  {
    name: 'messaging callback delivered with GET',
    given: delivery('messaging/messageCallback', 'GET'),
    want: [],
  },
  { name: 'Disconnect event delivered with GET', given: delivery('voice/disconnectEvent', 'GET'), want: [] },
  {
    name: 'Disconnect event delivered with PUT, its body still checked',
    given: delivery('voice/disconnectEvent', 'PUT', '{"pai":42}'),
    want: [{ rule: 'request-body-schema' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'verification callback delivered with GET',
    given: delivery('mfa/verificationCallback', 'GET'),
    want: [],
  },
  {
    name: 'Order notification delivered with GET: it is "POSTed"',
    given: {
      ...notification('application/xml; charset=utf-8'),
      request: { ...notification('application/xml').request, method: 'GET' },
    },
    want: [{ rule: 'undocumented-operation' }],
  },
]);

const ordersPath = '/api/v2/accounts/9900/orders';
const order = (inner: string): Exchange => ({
  service: 'numbers',
  request: {
    method: 'POST',
    url: `http://h${ordersPath}`,
    headers: [...basic, { name: 'Content-Type', value: 'application/xml' }],
    body: `<Order><SiteId>1</SiteId>${inner}</Order>`,
  },
  response: { status: 400, headers: [] },
});
const listed = (number: string) =>
  `<ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>${number}</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType>`;
const numberElement = (number: string) => `<TelephoneNumber>${number}</TelephoneNumber>`;
const notifying = (inner: string) =>
  notification(
    'application/xml; charset=utf-8',
    `<Notification><Status>COMPLETE</Status>${inner}</Notification>`,
  );
const completed = (...numbers: string[]) =>
  `<CompletedTelephoneNumbers>${numbers.map(numberElement).join('')}</CompletedTelephoneNumbers>`;

// 001 D7 rule 1: "Telephone numbers in requests carry the + prefix and country code (E.164), and
// responses return them the same way": a TelephoneNumber anywhere in a numbers document is one. The
// order is answered 400 (rejected as expected when it breaks the contract), the notification 200.
testRule('request-body-schema', check, [
  { name: 'order: an E.164 number in its list', given: order(listed('+14155550100')), want: [] },
  {
    name: 'order: an E.164 number outside its list (an unlisted place) is accepted',
    given: { ...order(numberElement('+14155550100')), response: { status: 200, headers: [] } },
    want: [],
  },
  {
    name: 'order: a 10-digit number outside its list',
    given: { ...order(numberElement('4155550100')), response: { status: 200, headers: [] } },
    want: [{ rule: 'request-body-schema' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'order: a 10-digit number inside an unlisted wrapper',
    given: {
      ...order(`<Extra>${numberElement('4155550100')}</Extra>`),
      response: { status: 200, headers: [] },
    },
    want: [{ rule: 'request-body-schema' }, { rule: 'accepted-invalid-request' }],
  },
  {
    name: 'notification: an E.164 number beside its list',
    given: notifying(completed('+14155550100') + numberElement('+14155550101')),
    want: [],
  },
  {
    name: 'notification: LEGACY numbers in and beside the list (the legacy schema)',
    given: notifying(completed('4155550100') + numberElement('4155550101')),
    want: [],
  },
  {
    name: 'notification: a 10-digit number beside an E.164 list',
    given: notifying(completed('+14155550100') + numberElement('4155550101')),
    want: [{ rule: 'request-body-schema' }, { rule: 'accepted-invalid-request' }],
  },
]);

const voiceError = (description: string) => ({ type: 'validation', description, id: null });
const toVoice = (method: string, path: string, response: RecordedResponse): Exchange => ({
  service: 'voice',
  request: { method, url: `http://h${path}`, headers: basic },
  response,
});

// 001 Errors, voice: "404 | validation | Not Found (path does not exist)", "405 | validation | Method Not
// Allowed" (x-unmatched-requests): such a request answered so is rejected as expected.
testRule('response-body-schema', check, [
  {
    name: 'voice: a path it does not have, answered 404 with the validation body',
    given: toVoice('GET', '/api/v2/accounts/9/conferences', json(voiceError('Not Found'), 404)),
    want: [],
  },
  {
    name: 'voice: a method a path does not take, answered 405 with the validation body',
    given: toVoice('GET', '/api/v2/accounts/9/calls/c-1', json(voiceError('Method Not Allowed'), 405)),
    want: [],
  },
  {
    name: 'voice: a path it does not have, answered 404 with another body',
    given: toVoice('GET', '/api/v2/accounts/9/conferences', json({ error: 'not found' }, 404)),
    want: [{ rule: 'response-body-schema' }],
  },
  {
    name: 'voice: a path it does not have, answered 404 as HTML',
    given: toVoice('GET', '/api/v2/accounts/9/conferences', answer(404, 'text/html', '<h1>Not Found</h1>')),
    want: [{ rule: 'response-body-schema', message: expect.stringContaining('text/html, not JSON') }],
  },
  {
    name: 'voice: a path it does not have answered 200 is still undocumented',
    given: toVoice('GET', '/api/v2/accounts/9/conferences', json({}, 200)),
    want: [{ rule: 'undocumented-operation' }],
  },
  {
    name: 'agents states no such answer: its unknown path answered 404 is undocumented',
    given: {
      service: 'agents',
      request: { method: 'GET', url: 'http://h/api/v1/nothing', headers: bearer },
      response: json({ detail: 'Not Found' }, 404),
    },
    want: [{ rule: 'undocumented-operation' }],
  },
]);
