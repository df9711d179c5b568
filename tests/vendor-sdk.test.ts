import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContractSet,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '@svc-contracts/contract-checker';
import { type MockSet, startMocks } from '@svc-contracts/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorInstall } from './lib/vendor-install.ts';

// The published vendor client, `bandwidth-sdk` 8.1.4, unchanged, installed with npm (once per
// version: tests/lib/vendor-install.ts), against the mocks of every service it has an operation for: messaging (D2), voice (D3) and
// verification (D5, D6). Each call must get the status the contract documents for it and a body the
// contract checker accepts. The only thing between the client and the mocks is an axios instance (the
// client's own dependency, passed through its public constructor) that sends the client's production
// addresses to the mocks, as a proxy would, and keeps every exchange for the checker.
//
// Skipped, with the reason, only when npm cannot reach the registry and the package is not installed yet.

const VERSION = '8.1.4';
const configPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'redocly.yaml');
const accountId = '9900000';

/** The client's production base addresses and the source's placeholder each stands for. */
const placeholders = [
  // {messaging_url}: the client's messaging server is `https://messaging.bandwidth.com/api/v2`, and its
  // path `/users/{accountId}/messages`; the source's path is `{messaging_url}/v2/users/{userId}/messages`.
  { production: 'https://messaging.bandwidth.com/api', service: 'messaging' },
  // {voice_url}/api/v2/... and {mfa_url}/api/v1/...
  { production: 'https://voice.bandwidth.com', service: 'voice' },
  { production: 'https://mfa.bandwidth.com', service: 'mfa' },
] as const;

const vendor = vendorInstall('bandwidth-sdk', VERSION);
const unreachable = 'unreachable' in vendor ? vendor.unreachable : undefined;
if (unreachable) console.warn(`vendor-sdk.test.ts skipped: ${unreachable}`);

interface Exchange {
  request: RecordedRequest;
  response: RecordedResponse;
}

// biome-ignore lint/suspicious/noExplicitAny: the vendor package is loaded at run time, untyped here.
type Any = any;

describe.skipIf(unreachable !== undefined)(`bandwidth-sdk ${VERSION} against the mocks`, () => {
  let sdk: Any;
  let mocks: MockSet;
  let contracts: ContractSet;
  let configuration: Any;
  let http: Any;
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    if ('unreachable' in vendor) return;
    const require = createRequire(join(vendor.project, 'package.json'));
    sdk = require('bandwidth-sdk');
    expect(require('bandwidth-sdk/package.json').version).toBe(VERSION);
    const axios = require('axios');

    [mocks, contracts] = await Promise.all([
      startMocks({
        configPath,
        only: ['messaging', 'voice', 'mfa'],
        ports: { messaging: 0, voice: 0, mfa: 0 },
      }),
      loadContracts({ configPath }),
    ]);
    const mockUrl = (service: string) => {
      const mock = mocks.mocks.find((candidate) => candidate.name === service);
      if (!mock) throw new Error(`no ${service} mock`);
      return mock.url.replace(/\/$/, '');
    };

    // Every status resolves (the test reads it), bodies stay the text the mock sent.
    http = axios.create({ validateStatus: () => true, transformResponse: [(data: unknown) => data] });
    http.interceptors.request.use((config: Any) => {
      for (const { production, service } of placeholders) {
        if (String(config.url).startsWith(production)) {
          config.url = mockUrl(service) + String(config.url).slice(production.length);
        }
      }
      return config;
    });
    http.interceptors.response.use((response: Any) => {
      const { config } = response;
      const headers = Object.entries(config.headers.toJSON?.() ?? config.headers).map(([name, value]) => ({
        name,
        value: String(value),
      }));
      if (config.auth) {
        const pair = `${config.auth.username}:${config.auth.password}`;
        headers.push({ name: 'Authorization', value: `Basic ${Buffer.from(pair).toString('base64')}` });
      }
      exchanges.push({
        request: {
          method: String(config.method).toUpperCase(),
          url: config.url,
          headers,
          ...(typeof config.data === 'string' ? { body: config.data } : {}),
        },
        response: {
          status: response.status,
          headers: Object.entries(response.headers.toJSON?.() ?? response.headers).map(([name, value]) => ({
            name,
            value: String(value),
          })),
          body: typeof response.data === 'string' ? response.data : JSON.stringify(response.data),
        },
      });
      return response;
    });
    configuration = new sdk.Configuration({ username: 'api-user', password: 'api-password' });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([mocks?.stop(), contracts?.close()]);
  });

  function last(): Exchange {
    const exchange = exchanges.at(-1);
    if (!exchange) throw new Error('no exchange recorded');
    return exchange;
  }

  it('MessagesApi.createMessage gets 202 and the group message (application/json without a charset)', async () => {
    const api = new sdk.MessagesApi(configuration, undefined, http);
    const response = await api.createMessage(accountId, {
      applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
      to: ['+14155550199', '+14155550142'],
      from: '+14155550100',
      text: 'Your table for 4 is ready.',
      tag: 'table-42',
    });
    const exchange = last();
    // The vendor client sends no charset; the source states no refusal of that form (no 415 for messaging).
    expect(
      exchange.request.headers.find((header) => header.name.toLowerCase() === 'content-type')?.value,
    ).toBe('application/json');
    expect(response.status).toBe(202);
    expect(JSON.parse(response.data)).toMatchObject({ direction: 'out' });
    const verdict = await contracts.checkExchange(exchange.request, exchange.response);
    expect(verdict.violations).toEqual([]);
    expect(verdict.verdict).toBe('conforms');
    expect(verdict.match?.operationId).toBe('sendGroupMessage');
  });

  it('MFAApi.generateMessagingCode gets a documented 2xx with a body the checker accepts', async () => {
    const api = new sdk.MFAApi(configuration, undefined, http);
    const response = await api.generateMessagingCode(accountId, {
      to: '+14155550199',
      from: '+14155550100',
      applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
      scope: '2FA',
      message: 'Your temporary {NAME} {SCOPE} code is {CODE}',
      digits: 6,
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    const verdict = await contracts.checkExchange(last().request, last().response);
    expect(verdict.violations).toEqual([]);
    expect(verdict.verdict).toBe('conforms');
    expect(verdict.match?.operationId).toBe('sendMessagingCode');
  });

  it('MFAApi.verifyCode gets a documented 2xx with a body the checker accepts', async () => {
    const api = new sdk.MFAApi(configuration, undefined, http);
    const response = await api.verifyCode(accountId, {
      to: '+14155550199',
      scope: '2FA',
      expirationTimeInMinutes: 3,
      code: '123456',
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    const verdict = await contracts.checkExchange(last().request, last().response);
    expect(verdict.violations).toEqual([]);
    expect(verdict.verdict).toBe('conforms');
    expect(verdict.match?.operationId).toBe('verifyCode');
  });

  it('CallsApi.createCall posts .../calls (no trailing slash): matched through x-path-aliases, it gets a documented 2xx', async () => {
    // The source documents create call as POST {voice_url}/api/v2/accounts/{accountId}/calls/ (with the
    // slash); the vendor client posts .../calls. The source does not forbid that spelling, so the spec
    // lists it in `x-path-aliases`: the checker matches it to createCall with a warning (never as an
    // undocumented operation), and the client gets what the documented path answers its request.
    const api = new sdk.CallsApi(configuration, undefined, http);
    const response = await api.createCall(accountId, {
      to: '+14155550199',
      from: '+14155550100',
      applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
      answerUrl: 'https://app.example.com/voice/answer',
    });
    const exchange = last();
    expect(new URL(exchange.request.url).pathname).toBe(`/api/v2/accounts/${accountId}/calls`);
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    const verdict = await contracts.checkExchange(exchange.request, exchange.response);
    expect(verdict.match?.operationId).toBe('createCall');
    expect(verdict.match?.pathAlias).toBe('/api/v2/accounts/{accountId}/calls');
    expect(verdict.violations).toEqual([]);
    expect(verdict.verdict).toBe('conforms');
  });

  it('CallsApi.createCall sends application/json without a charset: accepted at the documented path', async () => {
    // The source sends `application/json; charset=utf-8` and documents 415 for a content type the API
    // does not support; it does not show that JSON without the charset parameter is one, so the client's
    // request, sent to the documented path, is answered 2xx and conforms.
    const api = new sdk.CallsApi(configuration, undefined, http);
    const slash = http.interceptors.request.use((config: Any) => {
      config.url = String(config.url).replace(/\/calls$/, '/calls/');
      return config;
    });
    try {
      const response = await api.createCall(accountId, {
        to: '+14155550199',
        from: '+14155550100',
        applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
        answerUrl: 'https://app.example.com/voice/answer',
      });
      const exchange = last();
      expect(
        exchange.request.headers.find((header) => header.name.toLowerCase() === 'content-type')?.value,
      ).toBe('application/json');
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      const verdict = await contracts.checkExchange(exchange.request, exchange.response);
      expect(verdict.match?.operationId).toBe('createCall');
      expect(verdict.match?.pathAlias).toBeUndefined();
      expect(verdict.verdict).toBe('conforms');
      expect(verdict.violations).toEqual([]);
    } finally {
      http.interceptors.request.eject(slash);
    }
  });
});
