import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ContractSet, loadContracts, type RecordedRequest } from '@svc-contracts/contract-checker';
import { type MockSet, startMocks } from '@svc-contracts/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendorInstall } from './lib/vendor-install.ts';

// The published vendor client of number management, `@bandwidth/numbers` 2.0.0, unchanged, installed
// with npm (once per version: tests/lib/vendor-install.ts), against the numbers mock. Rule 4 of the
// source: turning messaging on or off through the tns operations is refused with 400 and ErrorCode 400.
// The client writes a number's settings as the caller gives them (its object PascalCased into XML): `smsSettings` becomes
// `<SmsSettings>`, the element `x-refusals` names. The request is sent by the client's own
// `makeRequest` (the path its `SipPeer` methods use), its base address pointed at the mock.
//
// Skipped, with the reason, only when npm cannot reach the registry and the package is not installed yet.

const VERSION = '2.0.0';
const configPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'redocly.yaml');
const accountId = '9900000';
const tnsPath = 'sites/12345/sippeers/500017/tns';

const vendor = vendorInstall('@bandwidth/numbers', VERSION);
const unreachable = 'unreachable' in vendor ? vendor.unreachable : undefined;
if (unreachable) console.warn(`vendor-numbers.test.ts skipped: ${unreachable}`);

// biome-ignore lint/suspicious/noExplicitAny: the vendor package is loaded at run time, untyped here.
type Any = any;

describe.skipIf(unreachable !== undefined)(`@bandwidth/numbers ${VERSION} against the numbers mock`, () => {
  let client: Any;
  let mocks: MockSet;
  let contracts: ContractSet;
  let mockUrl: string;

  beforeAll(async () => {
    if ('unreachable' in vendor) return;
    const require = createRequire(join(vendor.project, 'package.json'));
    const numbers = require('@bandwidth/numbers');
    expect(require('@bandwidth/numbers/package.json').version).toBe(VERSION);
    [mocks, contracts] = await Promise.all([
      startMocks({ configPath, only: ['numbers'], ports: { numbers: 0 } }),
      loadContracts({ configPath }),
    ]);
    mockUrl = (mocks.mocks[0]?.url ?? '').replace(/\/$/, '');
    // Basic credentials, the base address of v2 on the mock (the client's default is the production host).
    client = new numbers.Client(accountId, 'user', 'password', '', '', { apiEndPoint: `${mockUrl}/api/v2` });
  }, 300_000);

  afterAll(async () => {
    await Promise.all([mocks?.stop(), contracts?.close()]);
  });

  /** The client's request: its own XML writer and its own sending, with the mock's answer. */
  function send(data: unknown): Promise<{ error: Any; body: string }> {
    return new Promise((resolveSend) => {
      client.makeRequest('post', client.concatAccountPath(tnsPath), data, (error: Any) =>
        resolveSend({ error, body: client.buildXml(data) }),
      );
    });
  }

  function recorded(body: string): RecordedRequest {
    return {
      method: 'POST',
      url: `https://dashboard.example.com/api/v2${client.concatAccountPath(tnsPath)}`,
      headers: [
        { name: 'Authorization', value: `Basic ${Buffer.from('user:password').toString('base64')}` },
        { name: 'Content-Type', value: 'application/xml' },
      ],
      body,
    };
  }

  it('writes SmsSettings for a number whose messaging is turned on, and the mock refuses it: 400, ErrorCode 400', async () => {
    const data = {
      sipPeerTelephoneNumber: { fullNumber: '+14155550100', smsSettings: { smsEnabled: true } },
    };
    const { error, body } = await send(data);
    expect(body).toContain('<SmsSettings>');
    // superagent, under the client, rejects the 400 with the response it got: the Tn error.
    expect(error?.status).toBe(400);
    expect(String(error?.response?.text)).toContain('<ErrorCode>400</ErrorCode>');
    expect(String(error?.response?.text)).toMatch(/tn-option order/);
    // The checker: the same request answered 2xx fails refused-request; the mock's answer conforms.
    const accepted = await contracts.checkExchange(
      recorded(body),
      { status: 200, headers: [], body: '' },
      { service: 'numbers' },
    );
    expect(accepted.violations.map((violation) => violation.rule)).toEqual(['refused-request']);
    const answer = await fetch(`${mockUrl}/api/v2${client.concatAccountPath(tnsPath)}`, {
      method: 'POST',
      headers: { authorization: recorded(body).headers[0]?.value ?? '', 'content-type': 'application/xml' },
      body,
    });
    const refused = await contracts.checkExchange(
      recorded(body),
      {
        status: answer.status,
        headers: [{ name: 'Content-Type', value: 'application/xml' }],
        body: await answer.text(),
      },
      { service: 'numbers' },
    );
    expect([answer.status, refused.verdict]).toEqual([400, 'conforms']);
  });

  it('a number without messaging settings is added (2xx)', async () => {
    const { error, body } = await send({ sipPeerTelephoneNumber: { fullNumber: '+14155550100' } });
    expect(body).not.toContain('SmsSettings');
    expect(error ?? null).toBeNull();
  });
});
