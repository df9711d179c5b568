import { afterAll, beforeAll } from 'vitest';
import type { ContractSet, RecordedRequest, RecordedResponse } from '../src/index.js';
import {
  agent,
  basic,
  bearer,
  campaign,
  dashboard,
  fleet,
  jsonResponse,
  loadFixtureContracts,
  order,
  orderResponse,
  request,
  voice,
  voiceError,
  xmlResponse,
} from './helpers.js';
import { testRule } from './rule-table.js';

// The response rules as tables: `given` is the request and the response recorded for it; `want`, every
// violation of the response, in order (none for a passing row).

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

type Given = [RecordedRequest, RecordedResponse];
const check = async ([req, res]: Given) => (await contracts.checkResponse(req, res)).violations;

const getAgent = request('GET', `${fleet}/workflow/fetch/42`, bearer);
const pause = request('POST', `${fleet}/campaign/381/pause`, bearer);
const createCall = request(
  'POST',
  `${voice}/api/v2/accounts/9/calls/`,
  basic,
  '{}',
  'application/json; charset=utf-8',
);
const verify = request('POST', `${voice}/api/v1/accounts/9/code/verify`, basic, '{}', 'application/json');
const modify = request(
  'POST',
  `${voice}/api/v2/accounts/9/calls/c-1`,
  basic,
  '{"state":"completed"}',
  'application/json',
);
const orders = request('POST', `${dashboard}/accounts/9900/orders`, basic, order(), 'application/xml');
const rateLimit = { name: 'X-RateLimit-Remaining', value: '99' };
const agentSummary = 'specs/fleet/openapi.yaml#/components/schemas/AgentSummary';
const agentAnswer: Given = [getAgent, jsonResponse(200, agent)];

testRule('undeclared-status', check, [
  { name: 'a declared status', given: agentAnswer, want: [] },
  { name: 'a range (4XX) after exact codes', given: [createCall, jsonResponse(409, voiceError)], want: [] },
  { name: 'default after exact codes', given: [verify, jsonResponse(503, voiceError)], want: [] },
  {
    name: 'a status not declared; the body still checked against x-error-schemas',
    given: [getAgent, jsonResponse(418, { detail: 'teapot' })],
    want: [
      { rule: 'undeclared-status', message: 'status 418 is not declared for getAgent; declared: 200, 422' },
    ],
  },
  {
    name: 'a status x-error-schemas does not name either: only the status is reported',
    given: [getAgent, jsonResponse(404, {})],
    want: [{ rule: 'undeclared-status' }],
  },
  {
    name: 'a 5XX where the operation declares none and no default',
    given: [createCall, jsonResponse(500, voiceError)],
    want: [{ rule: 'undeclared-status' }],
  },
]);

testRule('response-content-type', check, [
  { name: 'the declared media type', given: agentAnswer, want: [] },
  {
    name: 'no Content-Type',
    given: [getAgent, { status: 200, headers: [], body: JSON.stringify(agent) }],
    want: [{ rule: 'response-content-type', pointer: 'header:Content-Type' }],
  },
  {
    name: 'a media type not declared for the status',
    given: [getAgent, { status: 200, headers: [{ name: 'Content-Type', value: 'text/html' }], body: '<p>' }],
    want: [{ rule: 'response-content-type' }],
  },
  {
    name: 'a Content-Type line repeated with the same value is that media type',
    given: [
      getAgent,
      {
        status: 200,
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'content-type', value: 'application/json' },
        ],
        body: JSON.stringify(agent),
      },
    ],
    want: [],
  },
  {
    name: 'a Content-Type of different media types on one line',
    given: [
      getAgent,
      {
        status: 200,
        headers: [{ name: 'Content-Type', value: 'application/json; charset=utf-8, text/html' }],
        body: JSON.stringify(agent),
      },
    ],
    want: [{ rule: 'response-content-type', pointer: 'header:Content-Type' }],
  },
]);

testRule('response-body-missing', check, [
  { name: 'a body where the status declares content', given: agentAnswer, want: [] },
  {
    name: 'a body the recording did not keep is not judged',
    given: [getAgent, { status: 200, headers: [] }],
    want: [],
  },
  {
    name: 'an empty body where the status declares content',
    given: [getAgent, { status: 200, headers: [], body: '' }],
    want: [{ rule: 'response-body-missing' }],
  },
]);

testRule('response-body-undocumented', check, [
  {
    name: 'no body where the status declares none',
    given: [modify, { status: 200, headers: [], body: '' }],
    want: [],
  },
  {
    name: 'a body where the status declares none',
    given: [modify, jsonResponse(200, { ok: true })],
    want: [{ rule: 'response-body-undocumented' }],
  },
]);

testRule('response-body-unparseable', check, [
  { name: 'JSON', given: agentAnswer, want: [] },
  { name: 'XML', given: [orders, xmlResponse(201, orderResponse)], want: [] },
  {
    name: 'JSON that does not parse',
    given: [
      getAgent,
      { status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{"id":' },
    ],
    want: [{ rule: 'response-body-unparseable' }],
  },
  {
    name: 'XML that is not well-formed',
    given: [orders, xmlResponse(201, '<OrderResponse>')],
    want: [{ rule: 'response-body-unparseable' }],
  },
]);

testRule('response-body-schema', check, [
  { name: 'JSON valid against its schema', given: agentAnswer, want: [] },
  {
    name: 'XML valid against the response x-xsd',
    given: [orders, xmlResponse(201, orderResponse)],
    want: [],
  },
  {
    name: 'JSON: the JSON pointer and component location of each failure',
    given: [getAgent, jsonResponse(200, { ...agent, status: 'deleted', name: undefined })],
    want: [
      { rule: 'response-body-schema', pointer: '/', specLocation: agentSummary },
      {
        rule: 'response-body-schema',
        pointer: '/status',
        specLocation: agentSummary,
        message: '/status must be equal to one of the allowed values: ["active","archived"]',
      },
    ],
  },
  {
    name: 'JSON against the schema of a range (4XX)',
    given: [createCall, jsonResponse(409, { type: 1 })],
    want: [{ rule: 'response-body-schema' }, { rule: 'response-body-schema' }],
  },
  {
    name: 'XML against the response x-xsd',
    given: [orders, xmlResponse(201, '<OrderResponse><OrderId>1</OrderId></OrderResponse>')],
    want: [{ rule: 'response-body-schema', pointer: '/OrderResponse' }],
  },
]);

testRule('response-header-missing', check, [
  { name: 'the required header', given: [pause, jsonResponse(200, campaign, [rateLimit])], want: [] },
  {
    name: 'a required header absent',
    given: [pause, jsonResponse(200, campaign)],
    want: [{ rule: 'response-header-missing', pointer: 'header:X-RateLimit-Remaining' }],
  },
]);

testRule('response-header-invalid', check, [
  {
    name: 'a declared header with a valid value',
    given: [pause, jsonResponse(200, campaign, [rateLimit])],
    want: [],
  },
  {
    name: 'a value failing its schema after coercion (the name matched case-insensitively)',
    given: [pause, jsonResponse(200, campaign, [{ name: 'x-ratelimit-remaining', value: '-1' }])],
    want: [
      {
        rule: 'response-header-invalid',
        message: 'response header X-RateLimit-Remaining must be >= 0',
      },
    ],
  },
]);
