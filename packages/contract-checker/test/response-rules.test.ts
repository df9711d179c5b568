import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractSet, RecordedResponse } from '../src/index.js';
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
  rules,
  voice,
  voiceError,
  xmlResponse,
} from './helpers.js';

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

const getAgent = request('GET', `${fleet}/workflow/fetch/42`, bearer);
const pause = request('POST', `${fleet}/campaign/381/pause`, bearer);
const rateLimit = { name: 'X-RateLimit-Remaining', value: '99' };
const checkResponse = async (req: ReturnType<typeof request>, res: RecordedResponse) =>
  (await contracts.checkResponse(req, res)).violations;

describe('status', () => {
  it('accepts a declared status', async () => {
    expect(await checkResponse(getAgent, jsonResponse(200, agent))).toEqual([]);
  });

  it('undeclared-status, and the body still checked against x-error-schemas', async () => {
    const violations = await checkResponse(getAgent, jsonResponse(418, { detail: 'teapot' }));
    expect(rules(violations)).toEqual(['undeclared-status']);
    expect(violations[0]?.message).toBe('status 418 is not declared for getAgent; declared: 200, 422');
    // 404 is not declared for getAgent; x-error-schemas has no 404 either, so only the status is reported.
    expect(rules(await checkResponse(getAgent, jsonResponse(404, {})))).toEqual(['undeclared-status']);
  });

  it('matches ranges (4XX) and default after exact codes', async () => {
    const createCall = request(
      'POST',
      `${voice}/api/v2/accounts/9/calls/`,
      basic,
      '{}',
      'application/json; charset=utf-8',
    );
    expect(await checkResponse(createCall, jsonResponse(409, voiceError))).toEqual([]);
    expect(rules(await checkResponse(createCall, jsonResponse(409, { type: 1 })))).toEqual([
      'response-body-schema',
      'response-body-schema',
    ]);
    const verify = request('POST', `${voice}/api/v1/accounts/9/code/verify`, basic, '{}', 'application/json');
    expect(await checkResponse(verify, jsonResponse(503, voiceError))).toEqual([]);
    expect(rules(await checkResponse(createCall, jsonResponse(500, voiceError)))).toEqual([
      'undeclared-status',
    ]);
  });
});

describe('content type and body', () => {
  it('response-content-type: missing or undeclared for the status', async () => {
    const missing = await checkResponse(getAgent, { status: 200, headers: [], body: JSON.stringify(agent) });
    expect(missing.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['response-content-type', 'header:Content-Type'],
    ]);
    const html = await checkResponse(getAgent, {
      status: 200,
      headers: [{ name: 'Content-Type', value: 'text/html' }],
      body: '<p>',
    });
    expect(rules(html)).toEqual(['response-content-type']);
  });

  it('response-body-missing: an empty body where the status declares content', async () => {
    expect(rules(await checkResponse(getAgent, { status: 200, headers: [], body: '' }))).toEqual([
      'response-body-missing',
    ]);
    // A body the recording did not keep is not judged.
    expect(await checkResponse(getAgent, { status: 200, headers: [] })).toEqual([]);
  });

  it('response-body-undocumented: a body where the status declares none', async () => {
    const modify = request(
      'POST',
      `${voice}/api/v2/accounts/9/calls/c-1`,
      basic,
      '{"state":"completed"}',
      'application/json',
    );
    expect(await checkResponse(modify, { status: 200, headers: [], body: '' })).toEqual([]);
    expect(rules(await checkResponse(modify, jsonResponse(200, { ok: true })))).toEqual([
      'response-body-undocumented',
    ]);
  });

  it('response-body-unparseable: JSON that does not parse', async () => {
    const violations = await checkResponse(getAgent, {
      status: 200,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"id":',
    });
    expect(rules(violations)).toEqual(['response-body-unparseable']);
  });

  it('response-body-schema: JSON pointer and component location of each failure', async () => {
    const violations = await checkResponse(
      getAgent,
      jsonResponse(200, { ...agent, status: 'deleted', name: undefined }),
    );
    expect(
      violations.map((violation) => [violation.rule, violation.pointer, violation.specLocation]),
    ).toEqual([
      ['response-body-schema', '/', 'specs/fleet/openapi.yaml#/components/schemas/AgentSummary'],
      ['response-body-schema', '/status', 'specs/fleet/openapi.yaml#/components/schemas/AgentSummary'],
    ]);
    expect(violations[1]?.message).toBe(
      '/status must be equal to one of the allowed values: ["active","archived"]',
    );
  });

  it('response-body-schema: XML against the response x-xsd', async () => {
    const orders = request('POST', `${dashboard}/accounts/9900/orders`, basic, order(), 'application/xml');
    expect(await checkResponse(orders, xmlResponse(201, orderResponse))).toEqual([]);
    const violations = await checkResponse(
      orders,
      xmlResponse(201, '<OrderResponse><OrderId>1</OrderId></OrderResponse>'),
    );
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['response-body-schema', '/OrderResponse'],
    ]);
    expect(rules(await checkResponse(orders, xmlResponse(201, '<OrderResponse>')))).toEqual([
      'response-body-unparseable',
    ]);
  });
});

describe('headers', () => {
  it('accepts a declared header with a valid value', async () => {
    expect(await checkResponse(pause, jsonResponse(200, campaign, [rateLimit]))).toEqual([]);
  });

  it('response-header-missing: a required header is absent', async () => {
    const violations = await checkResponse(pause, jsonResponse(200, campaign));
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['response-header-missing', 'header:X-RateLimit-Remaining'],
    ]);
  });

  it('response-header-invalid: the value fails its schema after coercion', async () => {
    const violations = await checkResponse(
      pause,
      jsonResponse(200, campaign, [{ name: 'x-ratelimit-remaining', value: '-1' }]),
    );
    expect(violations.map((violation) => [violation.rule, violation.message])).toEqual([
      ['response-header-invalid', 'response header X-RateLimit-Remaining must be >= 0'],
    ]);
  });
});
