// The command tests/contract-record-live.test.ts wraps with `contract-record --check -- ...`: it finds the
// proxies only through the environment (CONTRACT_RECORD_URL_<SERVICE>), as an e2e suite in CI would.

import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AgentsClient } from '@svc-contracts/agents-client';
import { NumbersClient } from '@svc-contracts/numbers-client';

const proxy = (service: string): string => {
  const url = process.env[`CONTRACT_RECORD_URL_${service.toUpperCase()}`];
  if (!url) throw new Error(`CONTRACT_RECORD_URL_${service.toUpperCase()} is not set`);
  return url;
};

/** One request as recorded: sent as it is to the proxy of its service. */
export interface Replayed {
  service: string;
  method: string;
  path: string;
  headers: Array<[string, string]>;
  body?: string;
}

/** What the proxy answered one request. */
export interface Answered {
  status: number;
  contentType: string | undefined;
  body: string;
}

function send(item: Replayed): Promise<Answered> {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of item.headers) headers[name] = [...(headers[name] ?? []), value];
  return new Promise((resolve, reject) => {
    const sent = request(`${proxy(item.service)}${item.path}`, { method: item.method, headers });
    sent.on('response', (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode ?? 0,
          contentType: answer.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    sent.on('error', reject);
    sent.end(item.body);
  });
}

async function clients(): Promise<void> {
  const agents = new AgentsClient({
    baseUrl: proxy('agents'),
    credentials: { apiKey: 'sk-agents-live-0123456789', organizationId: 42 },
  });
  await agents.getAgent(17);
  await agents.listAgents({ status: 'active' });
  await agents.listRuns({ page: 1, limit: 10 });
  const numbers = new NumbersClient({
    baseUrl: proxy('numbers'),
    accountId: '9900000',
    credentials: { username: 'live-user', password: 'live-password-1' },
  });
  await numbers.createOrder({
    SiteId: '12345',
    PartialAllowed: false,
    ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: ['+14155550100'] } },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the vendor package is loaded at run time, untyped here.
type Any = any;

/** bandwidth-sdk 8.1.4 (installed by the test), its production addresses sent to the proxies. */
async function vendorSdk(project: string): Promise<void> {
  const require = createRequire(join(project, 'package.json'));
  const sdk = require('bandwidth-sdk');
  const http = require('axios').create({ validateStatus: () => true });
  const production: Array<[string, string]> = [
    ['https://messaging.bandwidth.com/api', 'messaging'],
    ['https://voice.bandwidth.com', 'voice'],
    ['https://mfa.bandwidth.com', 'mfa'],
  ];
  http.interceptors.request.use((config: Any) => {
    for (const [address, service] of production)
      if (String(config.url).startsWith(address))
        config.url = proxy(service) + String(config.url).slice(address.length);
    return config;
  });
  const configuration = new sdk.Configuration({ username: 'api-user', password: 'api-password' });
  const app = '93de2206-9669-4e07-948d-329f4b722ee2';
  await new sdk.MessagesApi(configuration, undefined, http).createMessage('9900000', {
    applicationId: app,
    to: ['+14155550199', '+14155550142'],
    from: '+14155550100',
    text: 'Your table for 4 is ready.',
  });
  await new sdk.MFAApi(configuration, undefined, http).generateMessagingCode('9900000', {
    to: '+14155550199',
    from: '+14155550100',
    applicationId: app,
    scope: '2FA',
    message: 'Your temporary {NAME} {SCOPE} code is {CODE}',
    digits: 6,
  });
  await new sdk.CallsApi(configuration, undefined, http).createCall('9900000', {
    to: '+14155550199',
    from: '+14155550100',
    applicationId: app,
    answerUrl: 'https://app.example.com/voice/answer',
  });
}

const [scenario, argument] = process.argv.slice(2);
if (scenario === 'clients') await clients();
else if (scenario === 'sdk') await vendorSdk(argument as string);
else if (scenario === 'replay') {
  // The answers go beside the list, for the test to compare.
  const answers: Answered[] = [];
  for (const item of JSON.parse(readFileSync(argument as string, 'utf8')) as Replayed[])
    answers.push(await send(item));
  writeFileSync(`${argument}.answers.json`, JSON.stringify(answers));
} else throw new Error(`unknown scenario ${scenario}`);
