import { afterAll, beforeAll, expect } from 'vitest';
import type { ContractSet, RecordedRequest } from '../src/index.js';
import {
  apiKey,
  basic,
  bearer,
  dashboard,
  fleet,
  loadFixtureContracts,
  order,
  request,
  voice,
} from './helpers.js';
import { testRule } from './rule-table.js';

// The request rules as tables: each rule with its passing rows (no violation) and its failing rows (every
// violation wanted, in order). A row's `given` is the recorded request; its `want`, what the checker says.

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

const check = async (given: RecordedRequest) => (await contracts.checkRequest(given)).violations;
const matching = (pattern: RegExp) => expect.stringMatching(pattern);

const runs = `${fleet}/organizations/usage/runs`;
const filters = (value: unknown): string => `${runs}?filters=${encodeURIComponent(JSON.stringify(value))}`;
const agentUrl = `${fleet}/workflow/fetch/42`;
const pauseUrl = `${fleet}/campaign/381/pause`;
const inserviceNumbers = `${dashboard}/accounts/9900/inserviceNumbers`;
const createCall = `${voice}/api/v2/accounts/9/calls/`;
const modifyCall = `${voice}/api/v2/accounts/9/calls/c-1`;
const tokenUrl = `${voice}/api/v1/oauth2/token`;
const verify = `${voice}/api/v1/accounts/9/code/verify`;
const orders = `${dashboard}/accounts/9900/orders`;
const call = {
  from: '+14155550100',
  to: '+14155550101',
  answerUrl: 'https://example.com/answer',
  applicationId: 'app-1',
};
const callJson = JSON.stringify(call);
const jsonUtf8 = 'application/json; charset=utf-8';
const form = 'application/x-www-form-urlencoded';
const textPlain = 'text/plain;charset=UTF-8';
const correlation = { name: 'X-Correlation-Id', value: '6f1c2a5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f' };
const organization = apiKey.slice(1);
const key = apiKey[0]?.value ?? '';
const keyAsBearer = [{ name: 'Authorization', value: `Bearer ${key}` }];
const runsSpec = 'specs/fleet/openapi.yaml#/paths/~1api~1v1~1organizations~1usage~1runs/get';

testRule('parameter-invalid', check, [
  {
    name: 'well-typed parameters, coerced from text by schema type',
    given: request('GET', `${runs}?page=2&limit=100&ids=1,2,3&start_date=2025-03-01T00:00:00Z`, bearer),
    want: [],
  },
  {
    name: 'unknown query parameters (OpenAPI does not forbid them)',
    given: request('GET', `${fleet}/workflow/fetch?status=active&debug=1`, bearer),
    want: [],
  },
  {
    name: 'values failing their schema, with the parameter as pointer',
    given: request('GET', `${runs}?limit=500&page=abc`, bearer),
    want: [
      { rule: 'parameter-invalid', pointer: 'query:page', message: "query parameter 'page' must be integer" },
      {
        rule: 'parameter-invalid',
        pointer: 'query:limit',
        message: "query parameter 'limit' must be <= 100",
        specLocation: `${runsSpec}/parameters/1/schema`,
      },
    ],
  },
  {
    name: 'a path parameter',
    given: request('GET', `${fleet}/workflow/fetch/abc`, bearer),
    want: [{ rule: 'parameter-invalid' }],
  },
  {
    name: 'a format',
    given: request('GET', `${runs}?start_date=yesterday`, bearer),
    want: [{ rule: 'parameter-invalid', message: matching(/must match format "date-time"/) }],
  },
  {
    name: 'an item of a non-exploded array',
    given: request('GET', `${runs}?ids=1,x`, bearer),
    want: [{ rule: 'parameter-invalid', pointer: 'query:ids/1' }],
  },
  {
    name: 'a documented filter attribute, and an unknown one (the service ignores it)',
    given: request(
      'GET',
      filters([{ attribute: 'campaignId', type: 'number', value: { value: 381 } }]),
      bearer,
    ),
    want: [],
  },
  {
    name: 'a known filter attribute with the wrong value shape, at the closest branch',
    given: request(
      'GET',
      filters([{ attribute: 'duration', type: 'numberRange', value: { min: 30 } }]),
      bearer,
    ),
    want: [
      {
        rule: 'parameter-invalid',
        pointer: 'query:filters/0/value',
        message: matching(/must have required property 'max' \(closest alternative of the oneOf at \/0\)/),
      },
    ],
  },
]);

testRule('parameter-missing', check, [
  {
    name: 'the required header parameter sent',
    given: request('POST', modifyCall, [...basic, correlation], '{"state":"completed"}', 'application/json'),
    want: [],
  },
  {
    name: 'a required header parameter absent',
    given: request('POST', modifyCall, basic, '{"state":"completed"}', 'application/json'),
    want: [{ rule: 'parameter-missing', pointer: 'header:X-Correlation-Id' }],
  },
]);

testRule('parameter-unparseable', check, [
  {
    name: 'a JSON query parameter with a documented filter',
    given: request(
      'GET',
      filters([{ attribute: 'campaignId', type: 'number', value: { value: 381 } }]),
      bearer,
    ),
    want: [],
  },
  {
    name: 'a JSON query parameter with an unknown attribute (the service ignores it)',
    given: request('GET', filters([{ attribute: 'colour', type: 'text', value: 'any' }]), bearer),
    want: [],
  },
  {
    name: 'a JSON query parameter whose text is not JSON',
    given: request('GET', `${runs}?filters=%5B%7Battribute`, bearer),
    want: [{ rule: 'parameter-unparseable', pointer: 'query:filters' }],
  },
]);

testRule('parameter-requires', check, [
  {
    name: 'areaCode with countryCodeA3',
    given: request('GET', `${inserviceNumbers}?areaCode=0201&countryCodeA3=GBR`, basic),
    want: [],
  },
  {
    name: 'countryCodeA3 alone (nothing requires it)',
    given: request('GET', `${inserviceNumbers}?countryCodeA3=GBR`, basic),
    want: [],
  },
  {
    name: 'areaCode without countryCodeA3',
    given: request('GET', `${inserviceNumbers}?areaCode=0201`, basic),
    want: [
      {
        rule: 'parameter-requires',
        pointer: 'query:areaCode',
        message: matching(/without query parameter 'countryCodeA3' \(x-requires\)/),
      },
    ],
  },
]);

testRule('security-missing', check, [
  { name: 'a bearer token', given: request('GET', agentUrl, bearer), want: [] },
  { name: 'an API key with its organization header', given: request('GET', agentUrl, apiKey), want: [] },
  {
    name: 'a bearer token with the organization header (x-credential: false), on a read operation',
    given: request('GET', agentUrl, [...bearer, ...organization]),
    want: [],
  },
  {
    name: 'a bearer token with the organization header (x-credential: false), on a bearer-only operation',
    given: request('POST', pauseUrl, [...bearer, ...organization]),
    want: [],
  },
  { name: 'no credential', given: request('GET', agentUrl), want: [{ rule: 'security-missing' }] },
  {
    name: 'a scheme word run into its credentials is another scheme',
    given: request('GET', agentUrl, [{ name: 'Authorization', value: 'Bearerfixture-token-123' }]),
    want: [{ rule: 'security-missing' }],
  },
  {
    name: 'a header name in another case, of the length of one of ours',
    given: request('GET', agentUrl, [{ name: 'aUTHORIZATION', value: 'bEARER fixture-token-123' }]),
    want: [],
  },
  {
    name: 'an API key without its organization header (half of a requirement)',
    given: request('GET', agentUrl, apiKey.slice(0, 1)),
    want: [{ rule: 'security-missing' }],
  },
  {
    name: 'the organization header alone (not a credential)',
    given: request('GET', agentUrl, organization),
    want: [{ rule: 'security-missing' }],
  },
  {
    name: 'an API key on a bearer-only operation, and no bearer',
    given: request('POST', pauseUrl, apiKey),
    want: [{ rule: 'security-missing' }, { rule: 'security-exclusive' }],
  },
]);

testRule('security-malformed', check, [
  {
    name: 'Basic of base64 user:password',
    given: request('POST', createCall, basic, callJson, jsonUtf8),
    want: [],
  },
  {
    name: 'Basic that is not base64',
    given: request('POST', createCall, [{ name: 'Authorization', value: 'Basic not-base64!' }]),
    want: [{ rule: 'security-malformed' }, { rule: 'request-body-missing' }],
  },
  {
    name: 'the scheme word in another case',
    given: request(
      'POST',
      createCall,
      [{ name: 'Authorization', value: `bASIC ${Buffer.from('user:password').toString('base64')}` }],
      callJson,
      jsonUtf8,
    ),
    want: [],
  },
  {
    name: 'the scheme word alone',
    given: request('POST', createCall, [{ name: 'Authorization', value: 'Basic' }], callJson, jsonUtf8),
    want: [{ rule: 'security-malformed', message: matching(/not base64/) }],
  },
  {
    name: 'Basic without a colon',
    given: request('POST', createCall, [
      { name: 'Authorization', value: `Basic ${Buffer.from('user').toString('base64')}` },
    ]),
    want: [
      { rule: 'security-malformed', message: matching(/user-id:password/) },
      { rule: 'request-body-missing' },
    ],
  },
  {
    name: 'an organization header failing x-value-schema (its value not shown)',
    given: request('GET', agentUrl, [
      apiKey[0] as { name: string; value: string },
      { name: 'X-SVC-ORGANIZATION-ID', value: '0' },
    ]),
    want: [
      {
        rule: 'security-malformed',
        pointer: 'header:X-SVC-ORGANIZATION-ID',
        message: expect.not.stringContaining(': 0'),
      },
    ],
  },
]);

testRule('security-exclusive', check, [
  {
    name: 'the API key value alone as a bearer token (nothing shows it is a key)',
    given: request('GET', agentUrl, keyAsBearer),
    want: [],
  },
  {
    name: 'a bearer token and an API key together',
    given: request('GET', agentUrl, [...bearer, ...apiKey]),
    want: [
      {
        rule: 'security-exclusive',
        reason: 'credentials-together',
        message: matching(/bearerAuth, agentsApiKey are sent together/),
      },
    ],
  },
  {
    name: 'an API key beside a bearer token on a bearer-only operation',
    given: request('POST', pauseUrl, [...bearer, ...apiKey]),
    want: [
      {
        rule: 'security-exclusive',
        reason: 'scheme-not-allowed',
        message: matching(/agentsApiKey are not allowed on this operation/),
      },
    ],
  },
  {
    name: 'api-key-as-bearer: the bearer token is the API key sent beside it (the key not shown)',
    given: request('GET', agentUrl, [...keyAsBearer, ...apiKey]),
    want: [
      {
        rule: 'security-exclusive',
        reason: 'api-key-as-bearer',
        pointer: 'header:Authorization',
        message: expect.not.stringContaining(key),
      },
    ],
  },
  {
    name: 'masked values (recordings) are never compared, only counted as credentials',
    given: request('GET', agentUrl, [
      { name: 'Authorization', value: 'Bearer REDACTED' },
      { name: 'X-SVC-AGENTS-API-KEY', value: 'REDACTED' },
      { name: 'X-SVC-ORGANIZATION-ID', value: '7' },
    ]),
    want: [{ rule: 'security-exclusive', reason: 'credentials-together' }],
  },
]);

testRule('unsupported-credential', check, [
  { name: 'a bearer token alone', given: request('GET', agentUrl, bearer), want: [] },
  {
    name: 'the retired X-API-Key header, even next to a valid bearer token',
    given: request('GET', agentUrl, [...bearer, { name: 'x-api-key', value: 'fixture-legacy-000' }]),
    want: [
      {
        rule: 'unsupported-credential',
        pointer: 'header:X-API-Key',
        specLocation: 'specs/fleet/openapi.yaml#/x-unsupported-credentials/0',
      },
    ],
  },
]);

testRule('request-content-type', check, [
  { name: 'a declared media type', given: request('POST', createCall, basic, callJson, jsonUtf8), want: [] },
  {
    name: 'parameters compared case-insensitively where they are tokens',
    given: request('POST', createCall, basic, callJson, 'Application/JSON;charset=UTF-8'),
    want: [],
  },
  {
    name: 'media types match by essence: application/json is application/json; charset=utf-8',
    given: request('POST', createCall, basic, callJson, 'application/json'),
    want: [],
  },
  {
    name: 'no Content-Type',
    given: request('POST', createCall, basic, callJson),
    want: [{ rule: 'request-content-type' }],
  },
  {
    name: 'an undeclared media type',
    given: request('POST', createCall, basic, callJson, 'text/plain'),
    want: [{ rule: 'request-content-type', pointer: 'header:Content-Type' }],
  },
  {
    name: 'another media type where text/plain carries JSON',
    given: request('POST', verify, basic, '{}', 'text/html'),
    want: [{ rule: 'request-content-type' }],
  },
  // chrome-har repeats every request header: one rule for a repeated Content-Type, JSON or XML.
  {
    name: 'Content-Type repeated with the same JSON value (chrome-har) is that media type',
    given: request(
      'POST',
      createCall,
      [...basic, { name: 'Content-Type', value: jsonUtf8 }],
      callJson,
      jsonUtf8,
    ),
    want: [],
  },
  {
    name: 'Content-Type repeated with the same XML value (chrome-har) is that media type',
    given: request(
      'POST',
      orders,
      [...basic, { name: 'content-type', value: 'application/xml' }],
      order(),
      'application/xml',
    ),
    want: [],
  },
  {
    name: 'two different media types on one line',
    given: request('POST', createCall, basic, callJson, `${jsonUtf8}, text/html`),
    want: [
      {
        rule: 'request-content-type',
        pointer: 'header:Content-Type',
        message:
          "Content-Type holds different values ('application/json; charset=utf-8', 'text/html'); a message has one media type",
      },
    ],
  },
  {
    name: 'two lines of different media types (JSON and XML)',
    given: request(
      'POST',
      orders,
      [...basic, { name: 'Content-Type', value: 'application/json' }],
      order(),
      'application/xml',
    ),
    want: [{ rule: 'request-content-type', pointer: 'header:Content-Type' }],
  },
]);

testRule('request-body-missing', check, [
  {
    name: 'a body where one is required',
    given: request('POST', createCall, basic, callJson, jsonUtf8),
    want: [],
  },
  {
    name: 'an empty body',
    given: request('POST', createCall, basic, '', jsonUtf8),
    want: [{ rule: 'request-body-missing' }],
  },
  {
    name: 'no body at all (a HAR entry without postData) is an empty body',
    given: request('POST', createCall, basic),
    want: [{ rule: 'request-body-missing' }],
  },
]);

testRule('request-body-undocumented', check, [
  { name: 'no body where none is documented', given: request('GET', agentUrl, bearer), want: [] },
  {
    name: 'a body where none is documented',
    given: request('GET', agentUrl, bearer, '{}', 'application/json'),
    want: [{ rule: 'request-body-undocumented' }],
  },
]);

testRule('request-body-unparseable', check, [
  { name: 'JSON', given: request('POST', createCall, basic, callJson, jsonUtf8), want: [] },
  {
    name: 'JSON that does not parse',
    given: request('POST', createCall, basic, '{"from":', jsonUtf8),
    want: [{ rule: 'request-body-unparseable' }],
  },
  {
    name: 'text/plain carrying something other than JSON (contentMediaType)',
    given: request('POST', verify, basic, 'code=123456', textPlain),
    want: [{ rule: 'request-body-unparseable' }],
  },
  {
    name: 'XML that is not well-formed',
    given: request('POST', orders, basic, '<Order><SiteId>1</Order>', 'application/xml'),
    want: [{ rule: 'request-body-unparseable' }],
  },
]);

testRule('request-body-schema', check, [
  {
    name: 'form bodies are decoded and coerced by schema before validation',
    given: request(
      'POST',
      tokenUrl,
      basic,
      'grant_type=client_credentials&scope=voice.webrtc&retries=3',
      form,
    ),
    want: [],
  },
  {
    name: 'text/plain carrying JSON (contentMediaType + contentSchema) is decoded and validated',
    given: request('POST', verify, basic, JSON.stringify({ to: '+14155550100', code: '123456' }), textPlain),
    want: [],
  },
  {
    name: 'text/plain carrying JSON, another spelling of the charset',
    given: request(
      'POST',
      verify,
      basic,
      JSON.stringify({ to: '+14155550100', code: '1' }),
      'text/plain; charset=utf-8',
    ),
    want: [],
  },
  {
    name: 'XML valid against x-xsd',
    given: request('POST', orders, basic, order(), 'application/xml'),
    want: [],
  },
  {
    name: 'JSON: each failure with its JSON pointer',
    given: request(
      'POST',
      createCall,
      basic,
      JSON.stringify({ ...call, to: '4155550101', applicationId: undefined }),
      jsonUtf8,
    ),
    want: [
      { rule: 'request-body-schema', pointer: '/', message: matching(/required property 'applicationId'/) },
      {
        rule: 'request-body-schema',
        pointer: '/to',
        specLocation: 'specs/telephony/openapi.yaml#/components/schemas/CreateCall',
      },
    ],
  },
  {
    name: 'a form body failing its schema after coercion',
    given: request('POST', tokenUrl, basic, 'grant_type=password&scope=voice.webrtc&retries=many', form),
    want: [
      { rule: 'request-body-schema', pointer: '/grant_type' },
      { rule: 'request-body-schema', pointer: '/retries' },
    ],
  },
  {
    name: 'text/plain carrying JSON of the wrong shape',
    given: request('POST', verify, basic, JSON.stringify({ code: 123456 }), textPlain),
    want: [
      { rule: 'request-body-schema', pointer: '/' },
      { rule: 'request-body-schema', pointer: '/code' },
    ],
  },
  {
    name: 'text/plain with another charset than the one declared is another media type',
    given: request('POST', verify, basic, '{}', 'text/plain;charset=ISO-8859-1'),
    want: [{ rule: 'request-content-type' }],
  },
  {
    name: 'text/plain without a charset is the same media type: its JSON is still checked',
    given: request('POST', verify, basic, '{}', 'text/plain'),
    want: [{ rule: 'request-body-schema' }, { rule: 'request-body-schema' }],
  },
  {
    name: 'XML against x-xsd, with XML paths as pointers',
    given: request('POST', orders, basic, order('maybe'), 'application/xml; charset=utf-8'),
    want: [
      {
        rule: 'request-body-schema',
        pointer: '/Order/PartialAllowed',
        specLocation: 'specs/numbers/xsd/order.xsd',
        message: matching(/'maybe' is not a valid value of the atomic type 'xs:boolean'/),
      },
    ],
  },
  {
    name: 'XML: the second of repeated elements',
    given: request('POST', orders, basic, order('true', ['+14155550100', '4155550101']), 'application/xml'),
    want: [{ rule: 'request-body-schema', pointer: '/Order/TelephoneNumberList/TelephoneNumber[2]' }],
  },
  {
    name: 'XML: another document element',
    given: request('POST', orders, basic, '<OrderResponse/>', 'application/xml'),
    want: [{ rule: 'request-body-schema', pointer: '/OrderResponse' }],
  },
]);
