import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkHarFiles, type Report } from '@svc-contracts/contract-checker';
import { type Recorder, startRecorder } from '@svc-contracts/contract-recorder';
import { type MockSet, startMocks } from '@svc-contracts/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configPath } from './lib/paths.ts';

// The loop a team runs: the mocks serve the specs, contract-record carries a client's traffic to them
// and writes HAR, and contract-check judges that HAR. Traffic exported from the mocks must pass; the
// same file with one body broken by hand must fail with a message that names the field and the rule.
const basic = `Basic ${Buffer.from('user:secret').toString('base64')}`;
const json = 'application/json; charset=utf-8';
const order = `<?xml version="1.0" encoding="UTF-8"?>
<Order>
  <SiteId>12345</SiteId>
  <PartialAllowed>false</PartialAllowed>
  <ExistingTelephoneNumberOrderType>
    <TelephoneNumberList>
      <TelephoneNumber>+14155550100</TelephoneNumber>
      <TelephoneNumber>+14155550101</TelephoneNumber>
    </TelephoneNumberList>
  </ExistingTelephoneNumberOrderType>
</Order>`;

interface Call {
  service: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const calls: Call[] = [
  {
    service: 'agents',
    method: 'POST',
    path: '/api/v1/campaign/381/pause',
    headers: { authorization: 'Bearer t.o.k' },
  },
  {
    service: 'agents',
    method: 'GET',
    path: `/api/v1/organizations/usage/runs?page=1&limit=20&filters=${encodeURIComponent('[{"attribute":"duration","type":"numberRange","value":{"min":10,"max":60}}]')}`,
    headers: { 'x-svc-agents-api-key': 'k-123', 'x-svc-organization-id': '42' },
  },
  // Refused by the mock with the documented 422: the checker counts it as rejected as expected.
  {
    service: 'agents',
    method: 'GET',
    path: '/api/v1/organizations/usage/runs?limit=101',
    headers: { authorization: 'Bearer t.o.k' },
  },
  {
    service: 'token',
    method: 'POST',
    path: '/api/v1/oauth2/token',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=voice.webrtc',
  },
  {
    service: 'messaging',
    method: 'POST',
    path: '/v2/users/u-1/messages',
    headers: { authorization: basic, 'content-type': json },
    body: JSON.stringify({
      from: '+14155550100',
      to: ['+14155550101', '+14155550102'],
      text: 'Hi all',
      applicationId: 'app-1',
    }),
  },
  {
    service: 'voice',
    method: 'POST',
    path: '/api/v2/accounts/9900000/calls/',
    headers: { authorization: basic, 'content-type': json },
    body: JSON.stringify({
      from: '+14155550100',
      to: '+14155550101',
      answerUrl: 'https://example.com/answer',
      applicationId: 'app-1',
    }),
  },
  {
    service: 'mfa',
    method: 'POST',
    path: '/api/v1/accounts/9900000/code/verify',
    headers: { authorization: basic, 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({
      to: '+14155550101',
      applicationId: 'app-1',
      scope: '2FA',
      expirationTimeInMinutes: 3,
      code: '123456',
    }),
  },
  {
    service: 'numbers',
    method: 'POST',
    path: '/api/v2/accounts/9900000/orders',
    headers: { authorization: basic, 'content-type': 'application/xml' },
    body: order,
  },
];

describe('HAR recorded from a run of the mocks', () => {
  let dir: string;
  let mocks: MockSet;
  const harFiles: string[] = [];
  let report: Report;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mocks-har-'));
    const services = [...new Set(calls.map((call) => call.service))];
    mocks = await startMocks({
      configPath,
      ports: Object.fromEntries(services.map((name) => [name, 0])),
    });
    const recorders = new Map<string, Recorder>();
    for (const service of services) {
      const mock = mocks.mocks.find((candidate) => candidate.name === service);
      if (!mock) throw new Error(`no ${service} mock`);
      const out = join(dir, `${service}.har`);
      harFiles.push(out);
      recorders.set(service, await startRecorder({ target: mock.url, out }));
    }
    for (const call of calls) {
      const recorder = recorders.get(call.service);
      const response = await fetch(`${recorder?.url}${call.path}`, {
        method: call.method,
        headers: call.headers,
        ...(call.body !== undefined && { body: call.body }),
        signal: AbortSignal.timeout(120_000),
      });
      await response.arrayBuffer();
    }
    for (const recorder of recorders.values()) await recorder.close();
    report = await checkHarFiles(harFiles, { configPath });
  });

  afterAll(async () => {
    await mocks?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('passes the contract check, the refused request included', () => {
    expect(report.inputErrors).toEqual([]);
    expect(report.entries).toHaveLength(calls.length);
    expect(report.entries.flatMap((entry) => entry.violations)).toEqual([]);
    expect(report.exitCode).toBe(0);
    expect(report.entries.map((entry) => entry.verdict)).toContain('rejected-as-expected');
  });

  it('fails, naming the field and the rule, once a body is broken by hand', async () => {
    const file = harFiles[0] as string;
    const har = JSON.parse(await readFile(file, 'utf8'));
    const campaign = JSON.parse(har.log.entries[0].response.content.text);
    campaign.retry_config.max_retries = 'two';
    har.log.entries[0].response.content.text = JSON.stringify(campaign);
    const broken = join(dir, 'broken.har');
    await writeFile(broken, JSON.stringify(har));
    const result = await checkHarFiles([broken], { configPath });
    expect(result.exitCode).toBe(1);
    const [violation] = result.entries[0]?.violations ?? [];
    expect(violation).toMatchObject({ rule: 'response-body-schema', pointer: '/retry_config/max_retries' });
    expect(violation?.message).toContain('must be integer');
  });
});
