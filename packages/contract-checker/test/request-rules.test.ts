import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractSet } from '../src/index.js';
import {
  apiKey,
  basic,
  bearer,
  dashboard,
  fleet,
  loadFixtureContracts,
  order,
  request,
  rules,
  voice,
} from './helpers.js';

let contracts: ContractSet;
beforeAll(async () => {
  contracts = await loadFixtureContracts();
});
afterAll(() => contracts.close());

const runs = `${fleet}/organizations/usage/runs`;
const filters = (value: unknown): string => `${runs}?filters=${encodeURIComponent(JSON.stringify(value))}`;
const check = async (req: ReturnType<typeof request>) => (await contracts.checkRequest(req)).violations;

describe('parameters', () => {
  it('accepts well-typed parameters, coerced from text by schema type', async () => {
    expect(
      await check(
        request('GET', `${runs}?page=2&limit=100&ids=1,2,3&start_date=2025-03-01T00:00:00Z`, bearer),
      ),
    ).toEqual([]);
  });

  it('parameter-invalid: a value failing its schema, with the parameter as pointer', async () => {
    const violations = await check(request('GET', `${runs}?limit=500&page=abc`, bearer));
    expect(violations.map((violation) => [violation.rule, violation.pointer, violation.message])).toEqual([
      ['parameter-invalid', 'query:page', "query parameter 'page' must be integer"],
      ['parameter-invalid', 'query:limit', "query parameter 'limit' must be <= 100"],
    ]);
    expect(violations[1]?.specLocation).toBe(
      'specs/fleet/openapi.yaml#/paths/~1api~1v1~1organizations~1usage~1runs/get/parameters/1/schema',
    );
  });

  it('parameter-invalid: path parameters, formats and non-exploded arrays', async () => {
    expect(rules(await check(request('GET', `${fleet}/workflow/fetch/abc`, bearer)))).toEqual([
      'parameter-invalid',
    ]);
    const [dateViolation] = await check(request('GET', `${runs}?start_date=yesterday`, bearer));
    expect(dateViolation?.message).toMatch(/must match format "date-time"/);
    const [arrayViolation] = await check(request('GET', `${runs}?ids=1,x`, bearer));
    expect(arrayViolation?.pointer).toBe('query:ids/1');
  });

  it('parameter-missing: a required header parameter', async () => {
    const url = `${voice}/api/v2/accounts/9/calls/c-1`;
    const body = JSON.stringify({ state: 'completed' });
    const correlation = { name: 'X-Correlation-Id', value: '6f1c2a5e-1d2b-4c3a-9e8f-0a1b2c3d4e5f' };
    expect(await check(request('POST', url, [...basic, correlation], body, 'application/json'))).toEqual([]);
    const violations = await check(request('POST', url, basic, body, 'application/json'));
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['parameter-missing', 'header:X-Correlation-Id'],
    ]);
  });

  it('unknown query parameters are not flagged (OpenAPI does not forbid them)', async () => {
    expect(await check(request('GET', `${fleet}/workflow/fetch?status=active&debug=1`, bearer))).toEqual([]);
  });
});

describe('filters: a JSON query parameter', () => {
  it('accepts documented filters and unknown attributes (the service ignores them)', async () => {
    expect(
      await check(
        request('GET', filters([{ attribute: 'campaignId', type: 'number', value: { value: 381 } }]), bearer),
      ),
    ).toEqual([]);
    expect(
      await check(request('GET', filters([{ attribute: 'colour', type: 'text', value: 'any' }]), bearer)),
    ).toEqual([]);
  });

  it('parameter-unparseable: text that is not JSON', async () => {
    const violations = await check(request('GET', `${runs}?filters=%5B%7Battribute`, bearer));
    expect(rules(violations)).toEqual(['parameter-unparseable']);
    expect(violations[0]?.pointer).toBe('query:filters');
  });

  it('parameter-invalid: a known attribute with the wrong value shape, at the closest branch', async () => {
    const violations = await check(
      request('GET', filters([{ attribute: 'duration', type: 'numberRange', value: { min: 30 } }]), bearer),
    );
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['parameter-invalid', 'query:filters/0/value'],
    ]);
    expect(violations[0]?.message).toMatch(
      /must have required property 'max' \(closest alternative of the oneOf at \/0\)/,
    );
  });
});

describe('x-requires', () => {
  const numbers = `${dashboard}/accounts/9900/inserviceNumbers`;
  it('accepts areaCode with countryCodeA3, and either alone when not required by it', async () => {
    expect(await check(request('GET', `${numbers}?areaCode=0201&countryCodeA3=GBR`, basic))).toEqual([]);
    expect(await check(request('GET', `${numbers}?countryCodeA3=GBR`, basic))).toEqual([]);
  });

  it('parameter-requires: areaCode without countryCodeA3', async () => {
    const violations = await check(request('GET', `${numbers}?areaCode=0201`, basic));
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['parameter-requires', 'query:areaCode'],
    ]);
    expect(violations[0]?.message).toMatch(/without query parameter 'countryCodeA3' \(x-requires\)/);
  });
});

describe('security', () => {
  const agentUrl = `${fleet}/workflow/fetch/42`;
  const pauseUrl = `${fleet}/campaign/381/pause`;

  it('accepts a bearer token, or an API key with its organization header', async () => {
    expect(await check(request('GET', agentUrl, bearer))).toEqual([]);
    expect(await check(request('GET', agentUrl, apiKey))).toEqual([]);
  });

  it('security-missing: no credential, or only half of a requirement', async () => {
    expect(rules(await check(request('GET', agentUrl)))).toEqual(['security-missing']);
    expect(rules(await check(request('GET', agentUrl, apiKey.slice(0, 1))))).toEqual(['security-missing']);
  });

  it('security-malformed: Basic that is not base64 user:password, a value failing x-value-schema', async () => {
    const createCall = `${voice}/api/v2/accounts/9/calls/`;
    const notBase64 = await check(
      request('POST', createCall, [{ name: 'Authorization', value: 'Basic not-base64!' }]),
    );
    expect(rules(notBase64)).toContain('security-malformed');
    const noColon = await check(
      request('POST', createCall, [
        { name: 'Authorization', value: `Basic ${Buffer.from('user').toString('base64')}` },
      ]),
    );
    expect(noColon.find((violation) => violation.rule === 'security-malformed')?.message).toMatch(
      /user-id:password/,
    );
    const badOrganization = await check(
      request('GET', agentUrl, [
        apiKey[0] as { name: string; value: string },
        { name: 'X-SVC-ORGANIZATION-ID', value: '0' },
      ]),
    );
    expect(badOrganization.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['security-malformed', 'header:X-SVC-ORGANIZATION-ID'],
    ]);
    expect(badOrganization[0]?.message).not.toContain(': 0');
  });

  it('security-exclusive: a bearer token and an API key together', async () => {
    const violations = await check(request('GET', agentUrl, [...bearer, ...apiKey]));
    expect(rules(violations)).toEqual(['security-exclusive']);
    expect(violations[0]?.message).toMatch(/sent together/);
    expect(violations[0]?.reason).toBe('credentials-together');
  });

  it('security-exclusive: an API key on a bearer-only operation (and no bearer: security-missing too)', async () => {
    expect(rules(await check(request('POST', pauseUrl, apiKey)))).toEqual([
      'security-missing',
      'security-exclusive',
    ]);
    const withBearer = await check(request('POST', pauseUrl, [...bearer, ...apiKey]));
    expect(rules(withBearer)).toEqual(['security-exclusive']);
    expect(withBearer[0]?.message).toMatch(/agentsApiKey are not allowed on this operation/);
    expect(withBearer[0]?.reason).toBe('scheme-not-allowed');
  });

  it('security-exclusive (api-key-as-bearer): the bearer token is the API key sent beside it', async () => {
    const key = apiKey[0]?.value ?? '';
    const keyAsBearer = await check(
      request('GET', agentUrl, [{ name: 'Authorization', value: `Bearer ${key}` }, ...apiKey]),
    );
    expect(keyAsBearer.map((violation) => [violation.rule, violation.reason, violation.pointer])).toEqual([
      ['security-exclusive', 'api-key-as-bearer', 'header:Authorization'],
    ]);
    expect(keyAsBearer[0]?.message).not.toContain(key);
    // Passing beside it: the same value alone as a bearer token (nothing shows it is a key).
    expect(
      await check(request('GET', agentUrl, [{ name: 'Authorization', value: `Bearer ${key}` }])),
    ).toEqual([]);
    // Masked values (recordings) are never compared.
    const masked = await check(
      request('GET', agentUrl, [
        { name: 'Authorization', value: 'Bearer REDACTED' },
        { name: 'X-SVC-AGENTS-API-KEY', value: 'REDACTED' },
        { name: 'X-SVC-ORGANIZATION-ID', value: '7' },
      ]),
    );
    expect(masked.map((violation) => violation.reason)).toEqual(['credentials-together']);
  });

  it('x-credential: false: the organization header beside a bearer token is not a second credential', async () => {
    const organization = apiKey.slice(1);
    // A console request: bearer + organization header, on a read operation and a bearer-only one.
    expect(await check(request('GET', agentUrl, [...bearer, ...organization]))).toEqual([]);
    expect(await check(request('POST', pauseUrl, [...bearer, ...organization]))).toEqual([]);
    // The failing cases beside them: an API key without the header, the header alone, bearer + API key.
    expect(rules(await check(request('GET', agentUrl, apiKey.slice(0, 1))))).toEqual(['security-missing']);
    expect(rules(await check(request('GET', agentUrl, organization)))).toEqual(['security-missing']);
    const both = await check(request('GET', agentUrl, [...bearer, ...apiKey]));
    expect(both.map((violation) => [violation.rule, violation.reason])).toEqual([
      ['security-exclusive', 'credentials-together'],
    ]);
    expect(both[0]?.message).toMatch(/bearerAuth, agentsApiKey are sent together/);
  });

  it('unsupported-credential: the retired X-API-Key header, even next to a valid bearer token', async () => {
    const violations = await check(
      request('GET', agentUrl, [...bearer, { name: 'x-api-key', value: 'fixture-legacy-000' }]),
    );
    expect(
      violations.map((violation) => [violation.rule, violation.pointer, violation.specLocation]),
    ).toEqual([
      ['unsupported-credential', 'header:X-API-Key', 'specs/fleet/openapi.yaml#/x-unsupported-credentials/0'],
    ]);
  });
});

describe('request bodies', () => {
  const createCall = `${voice}/api/v2/accounts/9/calls/`;
  const call = {
    from: '+14155550100',
    to: '+14155550101',
    answerUrl: 'https://example.com/answer',
    applicationId: 'app-1',
  };
  const jsonUtf8 = 'application/json; charset=utf-8';

  it('accepts a declared media type, parameters compared case-insensitively where they are tokens', async () => {
    expect(await check(request('POST', createCall, basic, JSON.stringify(call), jsonUtf8))).toEqual([]);
    expect(
      await check(request('POST', createCall, basic, JSON.stringify(call), 'Application/JSON;charset=UTF-8')),
    ).toEqual([]);
  });

  it('request-content-type: missing or undeclared; media types match by essence, so a charset is no other type', async () => {
    const body = JSON.stringify(call);
    expect(rules(await check(request('POST', createCall, basic, body)))).toEqual(['request-content-type']);
    const plain = await check(request('POST', createCall, basic, body, 'text/plain'));
    expect(plain.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['request-content-type', 'header:Content-Type'],
    ]);
    // application/json is the media type application/json; charset=utf-8 (the parameter only ranks keys).
    expect(await check(request('POST', createCall, basic, body, 'application/json'))).toEqual([]);
  });

  it('request-body-missing and request-body-undocumented', async () => {
    expect(rules(await check(request('POST', createCall, basic, '', jsonUtf8)))).toEqual([
      'request-body-missing',
    ]);
    // No body at all (a HAR entry without postData) is an empty body.
    expect(rules(await check(request('POST', createCall, basic)))).toEqual(['request-body-missing']);
    expect(
      rules(await check(request('GET', `${fleet}/workflow/fetch/42`, bearer, '{}', 'application/json'))),
    ).toEqual(['request-body-undocumented']);
  });

  it('request-body-unparseable: JSON that does not parse', async () => {
    expect(rules(await check(request('POST', createCall, basic, '{"from":', jsonUtf8)))).toEqual([
      'request-body-unparseable',
    ]);
  });

  it('request-body-schema: each failure with its JSON pointer', async () => {
    const violations = await check(
      request(
        'POST',
        createCall,
        basic,
        JSON.stringify({ ...call, to: '4155550101', applicationId: undefined }),
        jsonUtf8,
      ),
    );
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['request-body-schema', '/'],
      ['request-body-schema', '/to'],
    ]);
    expect(violations[0]?.message).toMatch(/required property 'applicationId'/);
    expect(violations[1]?.specLocation).toBe('specs/telephony/openapi.yaml#/components/schemas/CreateCall');
  });

  it('form bodies are decoded and coerced by schema before validation', async () => {
    const token = `${voice}/api/v1/oauth2/token`;
    const form = 'application/x-www-form-urlencoded';
    expect(
      await check(
        request('POST', token, basic, 'grant_type=client_credentials&scope=voice.webrtc&retries=3', form),
      ),
    ).toEqual([]);
    const violations = await check(
      request('POST', token, basic, 'grant_type=password&scope=voice.webrtc&retries=many', form),
    );
    expect(violations.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['request-body-schema', '/grant_type'],
      ['request-body-schema', '/retries'],
    ]);
  });

  it('text/plain carrying JSON (contentMediaType + contentSchema) is decoded and validated', async () => {
    const verify = `${voice}/api/v1/accounts/9/code/verify`;
    const textPlain = 'text/plain;charset=UTF-8';
    expect(
      await check(
        request('POST', verify, basic, JSON.stringify({ to: '+14155550100', code: '123456' }), textPlain),
      ),
    ).toEqual([]);
    expect(
      await check(
        request(
          'POST',
          verify,
          basic,
          JSON.stringify({ to: '+14155550100', code: '1' }),
          'text/plain; charset=utf-8',
        ),
      ),
    ).toEqual([]);
    const unparseable = await check(request('POST', verify, basic, 'code=123456', textPlain));
    expect(rules(unparseable)).toEqual(['request-body-unparseable']);
    const wrongShape = await check(
      request('POST', verify, basic, JSON.stringify({ code: 123456 }), textPlain),
    );
    expect(wrongShape.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['request-body-schema', '/'],
      ['request-body-schema', '/code'],
    ]);
    // Another charset spelling, or none, is the same media type: the JSON text is still checked.
    for (const type of ['text/plain;charset=ISO-8859-1', 'text/plain']) {
      const found = rules(await check(request('POST', verify, basic, '{}', type)));
      expect([type, [...new Set(found)]]).toEqual([type, ['request-body-schema']]);
    }
    expect(rules(await check(request('POST', verify, basic, '{}', 'text/html')))).toEqual([
      'request-content-type',
    ]);
  });

  it('XML bodies are validated against x-xsd, with XML paths as pointers', async () => {
    const orders = `${dashboard}/accounts/9900/orders`;
    expect(await check(request('POST', orders, basic, order(), 'application/xml'))).toEqual([]);
    const invalid = await check(
      request('POST', orders, basic, order('maybe'), 'application/xml; charset=utf-8'),
    );
    expect(invalid.map((violation) => [violation.rule, violation.pointer, violation.specLocation])).toEqual([
      ['request-body-schema', '/Order/PartialAllowed', 'specs/numbers/xsd/order.xsd'],
    ]);
    expect(invalid[0]?.message).toMatch(/'maybe' is not a valid value of the atomic type 'xs:boolean'/);
    const badNumber = await check(
      request('POST', orders, basic, order('true', ['+14155550100', '4155550101']), 'application/xml'),
    );
    expect(badNumber[0]?.pointer).toBe('/Order/TelephoneNumberList/TelephoneNumber[2]');
  });

  it('XML: not well-formed is unparseable; another document element is a schema violation', async () => {
    const orders = `${dashboard}/accounts/9900/orders`;
    expect(
      rules(await check(request('POST', orders, basic, '<Order><SiteId>1</Order>', 'application/xml'))),
    ).toEqual(['request-body-unparseable']);
    const wrongRoot = await check(request('POST', orders, basic, '<OrderResponse/>', 'application/xml'));
    expect(wrongRoot.map((violation) => [violation.rule, violation.pointer])).toEqual([
      ['request-body-schema', '/OrderResponse'],
    ]);
  });
});
