import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { type ContractSet, judge, loadContractSet } from './contract-check.ts';
import { type Answer, basic, type Call, call, configPath, mockUrl, startOnFreePorts } from './support.ts';

/**
 * A request that breaks the contract gets the status and body its service documents, never Prism's
 * generic 422/problem+json. The contract checker confirms both halves: the request is invalid (it finds
 * the violation the test expects) and the answer is a documented refusal (`rejected-as-expected`).
 */
let mocks: MockSet;
let contracts: ContractSet;

beforeAll(async () => {
  contracts = await loadContractSet(configPath);
});

afterAll(async () => {
  await contracts?.close();
});

interface Judged extends Answer {
  /** Rules the checker finds broken by the request. */
  rules: string[];
  verdict: string;
  /** Rules the checker finds broken by the answer. */
  answerRules: string[];
}

async function send(service: string, path: string, request: Call): Promise<Judged> {
  const base = mockUrl(mocks, service);
  const answer = await call(base, path, request);
  const verdict = await judge(contracts, service, base, path, request, answer);
  return {
    ...answer,
    rules: verdict.requestViolations.map((v) => v.rule),
    verdict: verdict.verdict,
    answerRules: verdict.violations.filter((v) => v.side === 'response').map((v) => v.rule),
  };
}

const bearer = { authorization: 'Bearer test-access-token' };
const apiKey = { 'X-SVC-AGENTS-API-KEY': 'test-api-key', 'X-SVC-ORGANIZATION-ID': '42' };
const json = { 'content-type': 'application/json; charset=utf-8' };

describe('refusals', () => {
  beforeAll(async () => {
    mocks = await startOnFreePorts({ contracts });
  });

  afterAll(async () => {
    await mocks?.stop();
  });

  describe('agents: validation and credentials', () => {
    it('a query parameter out of range gets 422 with the validation body, one item per violation', async () => {
      const answer = await send('agents', '/api/v1/organizations/usage/runs?limit=500&page=0', {
        headers: bearer,
      });
      expect(answer.status).toBe(422);
      expect(answer.verdict).toBe('rejected-as-expected');
      const body = JSON.parse(answer.text) as {
        detail: Array<{ loc: unknown[]; msg: string; type: string }>;
      };
      expect(body.detail.map((item) => item.loc)).toEqual(
        expect.arrayContaining([
          ['query', 'limit'],
          ['query', 'page'],
        ]),
      );
      expect(body.detail.every((item) => item.msg.length > 0 && item.type.length > 0)).toBe(true);
    });

    it('a valid query is not refused (the negative of the case above)', async () => {
      const answer = await send('agents', '/api/v1/organizations/usage/runs?limit=100&page=1', {
        headers: bearer,
      });
      expect(answer.status).toBe(200);
      expect(answer.verdict).toBe('conforms');
    });

    it('a filters parameter that is not JSON gets 422', async () => {
      const answer = await send('agents', '/api/v1/organizations/usage/runs?filters=%5Bnot-json', {
        headers: bearer,
      });
      expect(answer.status).toBe(422);
      expect(answer.verdict).toBe('rejected-as-expected');
      // Agents' 422 is stated by the source (x-validation-status): no "mock's answer" note.
      expect(answer.text).not.toContain("mock's answer");
    });

    it('no credential gets 401 with the documented 401 body', async () => {
      const answer = await send('agents', '/api/v1/workflow/fetch', {});
      expect(answer.status).toBe(401);
      expect(answer.rules).toContain('security-missing');
      expect(answer.verdict).toBe('rejected-as-expected');
      expect(JSON.parse(answer.text)).toEqual({ detail: expect.stringContaining('bearerAuth') });
      expect(answer.headers.get('www-authenticate')).toContain('Bearer');
    });

    it('an API key without its organization header gets 401', async () => {
      const answer = await send('agents', '/api/v1/workflow/fetch', {
        headers: { 'X-SVC-AGENTS-API-KEY': 'test-api-key' },
      });
      expect(answer.status).toBe(401);
      expect(answer.verdict).toBe('rejected-as-expected');
    });

    it('an API key with its organization header is accepted where API keys are', async () => {
      const answer = await send('agents', '/api/v1/workflow/fetch/17', { headers: apiKey });
      expect(answer.status).toBe(200);
      expect(answer.verdict).toBe('conforms');
    });

    it('an organization id that is not a positive integer gets 401 (x-value-schema)', async () => {
      const answer = await send('agents', '/api/v1/workflow/fetch', {
        headers: { ...apiKey, 'X-SVC-ORGANIZATION-ID': 'acme' },
      });
      expect(answer.status).toBe(401);
      expect(answer.verdict).toBe('rejected-as-expected');
    });

    it('an API key on a bearer-only campaign operation gets 403', async () => {
      for (const [method, path] of [
        ['POST', '/api/v1/campaign/381/pause'],
        ['POST', '/api/v1/campaign/381/resume'],
        ['GET', '/api/v1/campaign/381/progress'],
      ] as const) {
        const answer = await send('agents', path, { method, headers: apiKey });
        expect(answer.status, path).toBe(403);
        expect(answer.rules, path).toContain('security-exclusive');
        expect(answer.verdict, path).toBe('rejected-as-expected');
      }
    });

    it('a bearer token and an API key together get 401, on every operation', async () => {
      for (const [method, path] of [
        ['GET', '/api/v1/workflow/fetch'],
        ['POST', '/api/v1/campaign/381/pause'],
      ] as const) {
        const answer = await send('agents', path, { method, headers: { ...bearer, ...apiKey } });
        expect(answer.status, path).toBe(401);
        expect(answer.rules, path).toContain('security-exclusive');
        expect(answer.verdict, path).toBe('rejected-as-expected');
        expect(answer.text).toContain('agentsApiKey');
      }
    });

    it('a console request (bearer token + organization header) is accepted, on every operation', async () => {
      const organization = { 'X-SVC-ORGANIZATION-ID': '42' };
      for (const [method, path] of [
        ['GET', '/api/v1/workflow/fetch/17'],
        ['POST', '/api/v1/campaign/381/pause'],
        ['GET', '/api/v1/campaign/381/progress'],
      ] as const) {
        const answer = await send('agents', path, { method, headers: { ...bearer, ...organization } });
        expect(answer.status, path).toBe(200);
        expect(answer.verdict, path).toBe('conforms');
      }
      // Beside it: the organization header alone is no credential.
      const alone = await send('agents', '/api/v1/workflow/fetch/17', { headers: organization });
      expect(alone.status).toBe(401);
      expect(alone.rules).toEqual(['security-missing']);
    });

    it('the mock is stateless: a bearer token equal to a key sent before is a bearer token; beside its key header it is refused', async () => {
      const key = 'test-key-later-sent-as-bearer';
      const path = '/api/v1/workflow/fetch/17';
      expect(
        (await send('agents', path, { headers: { ...apiKey, 'X-SVC-AGENTS-API-KEY': key } })).status,
      ).toBe(200);
      // Credentials are checked by kind, not remembered: the same text later as a bearer token is one.
      const later = await send('agents', path, { headers: { authorization: `Bearer ${key}` } });
      expect(later.status).toBe(200);
      expect(later.verdict).toBe('conforms');
      // The same request carrying the key and the key as a bearer token is refused (the checker's rule).
      const both = await send('agents', path, {
        headers: { ...apiKey, 'X-SVC-AGENTS-API-KEY': key, authorization: `Bearer ${key}` },
      });
      expect(both.status).toBe(401);
      expect(both.rules).toContain('security-exclusive');
      expect(both.text).not.toContain(key);
    });

    it('x-roles: a bearer token whose claims name too low a role gets 403, marked not from the source', async () => {
      const jwt = (claims: object) =>
        `Bearer h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;
      const pause = '/api/v1/campaign/381/pause';
      const progress = '/api/v1/campaign/381/progress';
      const cases: Array<[string, string, object, number]> = [
        ['POST', pause, { role: 'member' }, 403],
        ['POST', pause, { roles: ['super_user'], workspace_access: 'Viewer' }, 403],
        ['POST', pause, { role: 'super_user', workspace_access: 'Editor' }, 200],
        ['POST', pause, { role: 'super_user', workspace_access: 'Owner' }, 200],
        ['GET', progress, { role: 'super_user', workspace_access: 'Viewer' }, 200],
        ['GET', progress, { role: 'member' }, 403],
        ['GET', '/api/v1/workflow/fetch/17', { role: 'member' }, 200],
        ['POST', pause, { sub: 'no-role-claim' }, 200],
      ];
      for (const [method, path, claims, status] of cases) {
        const answer = await send('agents', path, { method, headers: { authorization: jwt(claims) } });
        expect(answer.status, JSON.stringify(claims)).toBe(status);
        if (status === 403) {
          expect(answer.text).toContain('x-roles');
          expect(answer.text).toContain('the source does not show them');
          expect(answer.verdict).toBe('conforms');
        }
      }
    });

    it('the retired X-API-Key header gets 401, even next to a valid token', async () => {
      const answer = await send('agents', '/api/v1/workflow/fetch', {
        headers: { ...bearer, 'X-API-Key': 'old' },
      });
      expect(answer.status).toBe(401);
      expect(answer.rules).toContain('unsupported-credential');
      expect(answer.verdict).toBe('rejected-as-expected');
    });
  });

  describe('voice: 400 with the voice error body', () => {
    const path = '/api/v2/accounts/9900000/calls/';
    const call = {
      from: '+14155550100',
      to: '+14155550199',
      answerUrl: 'https://app.example.com/answer',
      applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
    };

    it('a path voice does not have gets 404 and a method a path does not take 405, each with the validation body: rejected as expected', async () => {
      const unknownPath = await send('voice', '/api/v2/accounts/9900000/conferences', {
        headers: { authorization: basic() },
      });
      expect(unknownPath.status).toBe(404);
      expect(unknownPath.verdict).toBe('rejected-as-expected');
      const wrongMethod = await send('voice', '/api/v2/accounts/9900000/calls/c-1', {
        method: 'GET',
        headers: { authorization: basic() },
      });
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.verdict).toBe('rejected-as-expected');
    });

    it('a body that is not JSON gets 400, type validation', async () => {
      const answer = await send('voice', path, {
        method: 'POST',
        headers: { authorization: basic(), ...json },
        body: '{"from": "+1415',
      });
      expect(answer.status).toBe(400);
      expect(answer.verdict).toBe('rejected-as-expected');
      expect(JSON.parse(answer.text)).toMatchObject({
        type: 'validation',
        description: expect.stringMatching(/not (valid )?JSON/),
      });
    });

    it('a to that is not E.164 gets 400 naming the field', async () => {
      const answer = await send('voice', path, {
        method: 'POST',
        headers: { authorization: basic(), ...json },
        body: JSON.stringify({ ...call, to: '4155550199' }),
      });
      expect(answer.status).toBe(400);
      expect(answer.verdict).toBe('rejected-as-expected');
      expect(JSON.parse(answer.text)).toMatchObject({
        type: 'validation',
        description: expect.stringContaining('to'),
      });
    });

    it('a Content-Type other than JSON gets the documented 415', async () => {
      const answer = await send('voice', path, {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'text/plain' },
        body: JSON.stringify(call),
      });
      expect(answer.status).toBe(415);
      expect(answer.verdict).toBe('rejected-as-expected');
      expect(JSON.parse(answer.text)).toMatchObject({ type: 'validation' });
    });

    it('a path the API does not have gets 404 and a wrong method 405, both with the voice error body', async () => {
      const missing = await send('voice', '/api/v2/accounts/9900000/recordings', {
        headers: { authorization: basic() },
      });
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text)).toMatchObject({ type: 'validation' });
      const wrongMethod = await send('voice', path, { method: 'GET', headers: { authorization: basic() } });
      expect(wrongMethod.status).toBe(405);
      expect(JSON.parse(wrongMethod.text)).toMatchObject({ type: 'validation' });
    });

    it('no credential gets 401, type authentication-error', async () => {
      const answer = await send('voice', path, { method: 'POST', headers: json, body: JSON.stringify(call) });
      expect(answer.status).toBe(401);
      expect(answer.verdict).toBe('rejected-as-expected');
      expect(JSON.parse(answer.text)).toMatchObject({ type: 'authentication-error' });
    });

    it('a Basic credential that is not base64 of user:password gets 401', async () => {
      const answer = await send('voice', path, {
        method: 'POST',
        headers: { authorization: 'Basic not-base64!', ...json },
        body: JSON.stringify(call),
      });
      expect(answer.status).toBe(401);
      expect(answer.verdict).toBe('rejected-as-expected');
    });
  });

  describe('messaging, mfa and token: their own validation bodies', () => {
    const message = {
      from: '+14155550100',
      to: ['+14155550199'],
      applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
    };

    it('a 2049-character text gets 400; 2048 characters are accepted', async () => {
      const headers = { authorization: basic(), ...json };
      const tooLong = await send('messaging', '/v2/users/u-1/messages', {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...message, text: 'x'.repeat(2049) }),
      });
      // The source states no validation status for messaging: 400 is the mock's documented default,
      // and the body says so; the checker accepts any 4xx there.
      expect(tooLong.status).toBe(400);
      expect(tooLong.verdict).toBe('rejected-as-expected');
      expect(tooLong.text).toContain('text');
      expect(tooLong.text).toContain("400 is the mock's answer: the source states no status");
      const longest = await send('messaging', '/v2/users/u-1/messages', {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...message, text: 'x'.repeat(2048) }),
      });
      expect(longest.status).toBe(202);
      expect(longest.verdict).toBe('conforms');
    });

    it('mfa: a send-code request without to gets 400 with error and a fresh requestId', async () => {
      const answer = await send('mfa', '/api/v1/accounts/9900000/code/messaging', {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'application/json' },
        body: JSON.stringify({
          from: '+14155550100',
          applicationId: 'a',
          scope: '2FA',
          digits: 6,
          message: '{CODE}',
        }),
      });
      expect(answer.status).toBe(400);
      expect(answer.verdict).toBe('rejected-as-expected');
      const body = JSON.parse(answer.text) as { error: string; requestId: string };
      expect(body.error).toContain('to');
      expect(body.requestId).not.toBe('3b6a1f0e-5c2d-4c1a-9f4e-2a7d9e1b8c55');
    });

    it('token: a grant type other than client_credentials gets 400', async () => {
      const answer = await send('token', '/api/v1/oauth2/token', {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password&scope=voice.webrtc',
      });
      expect(answer.status).toBe(400);
      expect(answer.verdict).toBe('rejected-as-expected');
      expect(answer.text).toContain("400 is the mock's answer: the source states no status");
    });

    it('a repeated scope or grant_type: every value must satisfy the rule, not only the first', async () => {
      const token = (body: string) =>
        send('token', '/api/v1/oauth2/token', {
          method: 'POST',
          headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
      for (const body of [
        'grant_type=client_credentials&scope=voice.webrtc&scope=admin',
        'grant_type=client_credentials&grant_type=password&scope=voice.webrtc',
      ]) {
        const answer = await token(body);
        expect(answer.status, body).toBe(400);
        expect(answer.verdict, body).toBe('rejected-as-expected');
      }
      const twice = await token('grant_type=client_credentials&scope=voice.webrtc&scope=voice.webrtc');
      expect(twice.status).toBe(200);
      expect(twice.verdict).toBe('conforms');
    });
  });

  describe('numbers: XML bodies checked against their XSD', () => {
    const order = (partialAllowed: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Order>
  <SiteId>12345</SiteId>
  <PartialAllowed>${partialAllowed}</PartialAllowed>
  <ExistingTelephoneNumberOrderType>
    <TelephoneNumberList>
      <TelephoneNumber>+14155550100</TelephoneNumber>
    </TelephoneNumberList>
  </ExistingTelephoneNumberOrderType>
</Order>`;
    const headers = { authorization: basic(), 'content-type': 'application/xml' };
    const path = '/api/v2/accounts/9900000/orders';
    const xsd = resolve(configPath, '..', 'specs/numbers/xsd/SipPeerTelephoneNumberResponse.xsd');

    /**
     * The numbers source shows the Tn error only for the tns operations (rule 4) and states no validation
     * status (no `x-validation-status`): the other operations declare an open `4XX`, and the mock answers
     * 400 with that open body, saying the status is its own choice.
     */
    async function expectOpenRefusal(answer: Judged, mentions: string): Promise<void> {
      expect(answer.answerRules).toEqual([]);
      expect(answer.status).toBe(400);
      expect(answer.contentType).toBe('application/xml');
      expect(answer.text).toContain(mentions);
      expect(answer.text).not.toContain('<SipPeerTelephoneNumberResponse>');
      expect(answer.text).toContain("400 is the mock's answer");
    }

    it('a report instance Parameter with two Value children is accepted (which of Name, Value repeats is not shown); a Value holding an element is refused', async () => {
      const instance = (parameter: string) =>
        send('numbers', '/api/v2/accounts/9900000/reports/r-1/instances', {
          method: 'POST',
          headers,
          body: `<Instance><Parameters><Parameter>${parameter}</Parameter></Parameters></Instance>`,
        });
      const two = await instance('<Name>from</Name><Value>2024-01-01</Value><Value>2024-06-30</Value>');
      expect(two.status).toBeLessThan(300);
      expect(two.verdict).toBe('conforms');
      const refused = await instance('<Name>from</Name><Value><Deep/></Value>');
      expect(refused.status).toBe(400);
      expect(refused.verdict).toBe('rejected-as-expected');
    });

    it('a 10-digit TelephoneNumber outside its list is refused (rule 1 wherever a number stands)', async () => {
      const answer = await send('numbers', path, {
        method: 'POST',
        headers,
        body: '<Order><SiteId>1</SiteId><TelephoneNumber>4155550100</TelephoneNumber></Order>',
      });
      expect(answer.status).toBe(400);
      expect(answer.verdict).toBe('rejected-as-expected');
    });

    it('an invalid document on the tns create operation gets its documented 400, the Tn error', async () => {
      const answer = await send('numbers', '/api/v2/accounts/9900000/sites/1/sippeers/2/tns', {
        method: 'POST',
        headers,
        body: '<SipPeerTelephoneNumber><FullNumber>1</SipPeerTelephoneNumber>',
      });
      expect(answer.status).toBe(400);
      expect(answer.answerRules).toEqual([]);
      const { validateXml } = (await import('../../xml-validator/src/index.ts')) as {
        validateXml(xml: string, xsdPath: string): Promise<{ valid: boolean; issues: unknown[] }>;
      };
      expect(await validateXml(answer.text, xsd)).toMatchObject({ valid: true });
    });

    it('x-refusals: messaging switched through the tns create operation (SmsSettings) gets 400, ErrorCode 400, a tn-option order', async () => {
      const tns = '/api/v2/accounts/9900000/sites/1/sippeers/2/tns';
      for (const enabled of ['true', 'false']) {
        const answer = await send('numbers', tns, {
          method: 'POST',
          headers: { ...headers, prefer: 'code=201' },
          body: `<SipPeerTelephoneNumber><FullNumber>+14155550100</FullNumber><SmsSettings><SmsEnabled>${enabled}</SmsEnabled></SmsSettings></SipPeerTelephoneNumber>`,
        });
        expect([enabled, answer.status, answer.answerRules]).toEqual([enabled, 400, []]);
        expect(answer.text).toContain('<ErrorCode>400</ErrorCode>');
        expect(answer.text).toMatch(/tn-option order/);
      }
      // The same request without SmsSettings is added as usual.
      const plain = await send('numbers', tns, {
        method: 'POST',
        headers,
        body: '<SipPeerTelephoneNumber><FullNumber>+14155550100</FullNumber></SipPeerTelephoneNumber>',
      });
      expect(plain.status).toBeGreaterThanOrEqual(200);
      expect(plain.status).toBeLessThan(300);
    });

    it('a valid order gets the documented order response', async () => {
      const answer = await send('numbers', path, { method: 'POST', headers, body: order('false') });
      expect(answer.status).toBe(200);
      expect(answer.verdict).toBe('conforms');
      expect(answer.text).toContain('<OrderResponse>');
    });

    it('an order that breaks the XSD gets 400 with an open body (any 4xx: the source shows none)', async () => {
      const answer = await send('numbers', path, { method: 'POST', headers, body: order('maybe') });
      expect(answer.rules).toContain('request-body-schema');
      await expectOpenRefusal(answer, 'PartialAllowed');
    });

    it('a document that is not well-formed gets 400', async () => {
      const answer = await send('numbers', path, {
        method: 'POST',
        headers,
        body: '<Order><SiteId>1</Order>',
      });
      await expectOpenRefusal(answer, '<Description>');
    });

    it('a valid document of another kind (a Subscription sent as an order) gets 400', async () => {
      const subscription = '<Subscription><OrderType>orders</OrderType></Subscription>';
      const answer = await send('numbers', path, { method: 'POST', headers, body: subscription });
      await expectOpenRefusal(answer, 'Subscription');
    });

    it('JSON sent to an XML operation gets 400', async () => {
      const answer = await send('numbers', path, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"Order":{}}',
      });
      await expectOpenRefusal(answer, 'Content-Type');
    });

    it('areaCode without countryCodeA3 gets 400 (x-requires); with it, 200', async () => {
      const base = '/api/v2/accounts/9900000/inserviceNumbers';
      const without = await send('numbers', `${base}?areaCode=415`, { headers: { authorization: basic() } });
      await expectOpenRefusal(without, 'countryCodeA3');
      const withCountry = await send('numbers', `${base}?areaCode=415&countryCodeA3=USA`, {
        headers: { authorization: basic() },
      });
      expect(withCountry.status).toBe(200);
    });

    it("no credential gets the documented 401, with the contract's plausible XML body", async () => {
      const answer = await send('numbers', path, {
        method: 'POST',
        headers: { 'content-type': 'application/xml' },
        body: order('false'),
      });
      expect(answer.status).toBe(401);
      // The source leaves the body open (x-body-open); the mock serves the contract's example.
      expect(answer.text).toContain('<ErrorResponse>');
      expect(answer.verdict).toBe('rejected-as-expected');
    });
  });
});
