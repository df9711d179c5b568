import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '@svc-contracts/contract-checker';
import { deref, isObject, type JsonObject, operationsOf } from '@svc-contracts/openapi-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleService, listWrittenServices } from '../../scripts/lib/specs.ts';

// `x-body-open: true` marks a response whose body the source does not show (neither whether there is
// one nor its media type). The list below is the source reading, statement by statement: a response
// that gains or loses the mark fails the first test until the list (and specs/README.md) says why.
// The other tests check that the checker applies the mark, and only there.

const configPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'redocly.yaml');

/** Where each open response comes from in the source (000 or 001, line of the statement). */
const OPEN_BODIES: Record<string, string> = {
  // 000 l.266, l.269: "Bodies for 401 and 403 … not shown"; 404 "not shown … beyond its description".
  'agents getAgent 401': '000 Errors',
  'agents getAgent 403': '000 Errors',
  'agents getCampaignProgress 401': '000 Errors',
  'agents getCampaignProgress 403': '000 Errors',
  'agents listAgents 401': '000 Errors',
  'agents listAgents 403': '000 Errors',
  'agents listRuns 401': '000 Errors',
  'agents listRuns 403': '000 Errors',
  'agents pauseCampaign 401': '000 Errors',
  'agents pauseCampaign 403': '000 Errors',
  'agents pauseCampaign 404': '000 Errors',
  // 000 l.158: "Other campaign state values and moves … not shown" (pausing a campaign that is not running).
  'agents pauseCampaign 4XX': '000 States and transitions',
  'agents resumeCampaign 401': '000 Errors',
  'agents resumeCampaign 403': '000 Errors',
  // 000 l.180, l.269: "the response for resuming a campaign that is not paused: not shown".
  'agents resumeCampaign 4XX': '000 E2',
  // 001 l.210: "Error formats of the token endpoint and of the messaging endpoint: not shown".
  'token getAccessToken 400': '001 Errors',
  'token getAccessToken 401': '001 Errors',
  'token getAccessToken 4XX': '001 Errors',
  'token getAccessToken 5XX': '001 Errors',
  'messaging sendGroupMessage 400': '001 Errors',
  'messaging sendGroupMessage 401': '001 Errors',
  'messaging sendGroupMessage 4XX': '001 Errors',
  'messaging sendGroupMessage 5XX': '001 Errors',
  // 001 l.175: callback payloads not shown, nor anything of the receiver's answer.
  'messaging messageCallback 2XX': '001 Events',
  'voice disconnectEvent 2XX': '001 Events',
  'mfa verificationCallback 2XX': '001 Events',
  'numbers orderNotification 2XX': '001 Events',
  // 001 l.129: "the success response shapes of D3 to D6: not shown".
  'voice createCall 2XX': '001 D6',
  'voice modifyCall 2XX': '001 D6',
  'mfa sendMessagingCode 2XX': '001 D6',
  'mfa verifyCode 2XX': '001 D6',
  // 001 l.153: "Success response bodies of these operations other than the order response … not shown";
  // D7 shows no refusal body but rule 4's Tn error, and no 401 at all.
  ...Object.fromEntries(
    [
      'createOrder',
      'createSubscription',
      'createReportInstance',
      'listE911Addresses',
      'listMessagingImportTnOrders',
      'createMessagingImportTnOrder',
      'createMessagingRemoveImportedTnOrder',
      'listInserviceNumbers',
      'createSipPeerTelephoneNumber',
      'getSipPeerTelephoneNumber',
    ].flatMap((operationId) => [
      ...(operationId === 'createOrder' ? [] : [[`numbers ${operationId} 2XX`, '001 D7']]),
      [`numbers ${operationId} 401`, '001 D7'],
      [`numbers ${operationId} 4XX`, '001 D7'],
    ]),
  ),
  // Server errors: "any 4xx or 5xx response is not billed" (mfa) and no 5xx shown (agents, numbers) or
  // only some (voice 500, 503; mfa 500): any other 5xx is open.
  ...Object.fromEntries(
    ['pauseCampaign', 'resumeCampaign', 'getCampaignProgress', 'getAgent', 'listAgents', 'listRuns'].map(
      (operationId) => [`agents ${operationId} 5XX`, '000 Errors (no 5xx shown)'],
    ),
  ),
  ...Object.fromEntries(
    [
      'createOrder',
      'createSubscription',
      'createReportInstance',
      'listE911Addresses',
      'listMessagingImportTnOrders',
      'createMessagingImportTnOrder',
      'createMessagingRemoveImportedTnOrder',
      'listInserviceNumbers',
      'createSipPeerTelephoneNumber',
      'getSipPeerTelephoneNumber',
    ].map((operationId) => [`numbers ${operationId} 5XX`, '001 D7 (no 5xx shown)']),
  ),
  'voice createCall 5XX': '001 Errors (500, 503 shown)',
  'voice modifyCall 5XX': '001 Errors (500, 503 shown)',
  'mfa sendMessagingCode 5XX': '001 Errors: any 4xx or 5xx is not billed',
  'mfa verifyCode 5XX': '001 Errors: any 4xx or 5xx is not billed',
  // Rule 4 shows the 400 of the tns operation for the messaging switch only (x-refusals); any other 400
  // of it is open, but a Tn error document must be a valid one (x-xsd otherRoots: open).
  'numbers createSipPeerTelephoneNumber 400': '001 D7 rule 4',
};

/** `service operationId status` of every response (operations and webhooks) with `x-body-open: true`. */
async function openResponses(): Promise<string[]> {
  const found: string[] = [];
  for (const service of listWrittenServices()) {
    const doc = (await bundleService(service)).spec as JsonObject;
    for (const { operation } of operationsOf(doc)) {
      if (!isObject(operation.responses)) continue;
      for (const [status, raw] of Object.entries(operation.responses)) {
        const response = deref(doc, raw);
        if (isObject(response) && response['x-body-open'] === true) {
          found.push(`${service.name} ${String(operation.operationId)} ${status}`);
        }
      }
    }
  }
  return found.sort();
}

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadContracts({ configPath });
});
afterAll(async () => {
  await contracts.close();
});

const basic = { name: 'Authorization', value: `Basic ${Buffer.from('user:pass').toString('base64')}` };
const voiceCalls = 'https://voice.example.com/api/v2/accounts/9900000/calls';
const createCall: RecordedRequest = {
  method: 'POST',
  url: `${voiceCalls}/`,
  headers: [basic, { name: 'Content-Type', value: 'application/json; charset=utf-8' }],
  body: JSON.stringify({
    from: '+14155550100',
    to: '+14155550199',
    answerUrl: 'https://app.example.com/answer',
    applicationId: 'a-1',
  }),
};
const numbersGet = (path: string): RecordedRequest => ({
  method: 'GET',
  url: `https://dashboard.example.com/api/v2/accounts/9900000${path}`,
  headers: [basic],
});
const answer = (status: number, body = '', contentType?: string): RecordedResponse => ({
  status,
  headers: contentType ? [{ name: 'Content-Type', value: contentType }] : [],
  body,
});
const rules = async (request: RecordedRequest, response: RecordedResponse) =>
  (await contracts.checkExchange(request, response)).violations.map((violation) => violation.rule);

describe('x-body-open: exactly the responses whose body the source does not show', () => {
  it('marks every such response, and no other', async () => {
    expect(await openResponses()).toEqual(Object.keys(OPEN_BODIES).sort());
  });

  it('an open response accepts no body, no Content-Type, or another media type', async () => {
    expect(await rules(createCall, answer(201))).toEqual([]);
    expect(await rules(createCall, answer(200, 'OK', 'text/plain'))).toEqual([]);
    expect(await rules(numbersGet('/e911Addresses'), answer(401, '<html/>', 'text/html'))).toEqual([]);
    expect(await rules(numbersGet('/e911Addresses'), answer(403))).toEqual([]);
    expect(await rules(numbersGet('/sites/1/sippeers/2/tns/+14155550100'), answer(404))).toEqual([]);
  });

  it('a shown body stays required and typed: voice errors, the order response, the Tn error', async () => {
    expect(await rules(createCall, answer(400))).toEqual(['response-body-missing']);
    expect(await rules(createCall, answer(400, 'Bad Request', 'text/plain'))).toEqual([
      'response-content-type',
    ]);
    const order: RecordedRequest = {
      method: 'POST',
      url: 'https://dashboard.example.com/api/v2/accounts/9900000/orders',
      headers: [basic, { name: 'Content-Type', value: 'application/xml' }],
      body: '<Order><SiteId>1</SiteId></Order>',
    };
    expect(await rules(order, answer(200))).toEqual(['response-body-missing']);
  });

  it('an open response still checks a body of a declared media type', async () => {
    // The numbers refusal is open, but an XML body must still be well-formed XML.
    expect(await rules(numbersGet('/e911Addresses'), answer(404, '<Error>', 'application/xml'))).toEqual([
      'response-body-unparseable',
    ]);
    // A malformed XML declaration too (fast-xml-parser's validator, used before saxes, let it through):
    // a violation of the entry, not an entry the checker could not check.
    const badDeclaration = '<?xml version="1ncoding="UTF-8"?>\n<Error/>';
    expect(await rules(numbersGet('/e911Addresses'), answer(404, badDeclaration, 'application/xml'))).toEqual(
      ['response-body-unparseable'],
    );
    // XML 1.0 refuses what fast-xml-parser's validator let through: a second root when it is
    // self-closing, text after the root, a control character.
    for (const body of ['<Error/>\n<Error/>', '<Error/>trailing', '<Error>\u0001</Error>']) {
      expect(await rules(numbersGet('/e911Addresses'), answer(404, body, 'application/xml')), body).toEqual([
        'response-body-unparseable',
      ]);
    }
    expect(
      await rules(
        numbersGet('/e911Addresses'),
        answer(404, '<?xml version="1.0"?>\n<Error/>', 'application/xml'),
      ),
    ).toEqual([]);
  });
});

describe('voice create call without the trailing slash (x-path-aliases)', () => {
  it('matches create call with a warning, never as an undocumented operation', async () => {
    const verdict = await contracts.checkExchange(
      { ...createCall, url: voiceCalls },
      answer(201, '{"callId":"c-1"}', 'application/json'),
    );
    expect(verdict.violations).toEqual([]);
    expect(verdict.match?.operationId).toBe('createCall');
    expect(verdict.match?.pathAlias).toBe('/api/v2/accounts/{accountId}/calls');
  });

  it('another trailing slash is still undocumented (modify call has no alias)', async () => {
    const modify: RecordedRequest = {
      ...createCall,
      url: `${voiceCalls}/c-1/`,
      body: '{"state":"completed"}',
    };
    expect(await rules(modify, answer(200))).toEqual(['undocumented-operation']);
  });
});
