/**
 * Per-call time of the typed clients against a raw fetch of the same request and, for messaging, voice
 * and verification, bandwidth-sdk (the vendor's SDK) making the same call, on a loopback server that
 * answers at once; and the gzipped bundle of an app calling one method, ours against bandwidth-sdk's.
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { AgentsClient } from '@svc-contracts/agents-client';
import { MessagingClient } from '@svc-contracts/messaging-client';
import { MfaClient } from '@svc-contracts/mfa-client';
import { closeXmlValidators, NumbersClient, type Order } from '@svc-contracts/numbers-client';
import { TokenClient } from '@svc-contracts/token-client';
import { VoiceClient } from '@svc-contracts/voice-client';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { missingReason, requireFromCompare } from '../lib/compare-tools.ts';
import { sectionOptions } from '../lib/options.ts';
import { emitSection, type Figure, figure, measured, measuredOr } from '../lib/section.ts';
import { alternate, msPerCall } from '../lib/timing.ts';
import { packageVersion } from '../lib/versions.ts';

const values = sectionOptions(
  'clients/overhead.ts',
  'Per-call time of each client against a raw fetch and bandwidth-sdk; bundle sizes.',
  'one round of 20 calls: checks that it runs',
  {
    runs: { help: 'rounds', whole: [3, 1, 50, 1] },
    iterations: { help: 'calls per tool per round', whole: [500, 1, 100_000, 20] },
  },
);
const { runs, iterations } = values;

// --------------------------------------------------------------------- the server and the request content

const orderAnswer =
  '<?xml version="1.0" encoding="UTF-8"?>\n<OrderResponse><Order><id>6d7da966</id><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType><PartialAllowed>false</PartialAllowed><SiteId>12345</SiteId></Order><OrderStatus>RECEIVED</OrderStatus></OrderResponse>';
const message = {
  from: '+14155550100',
  to: ['+14155550199', '+14155550142'],
  text: 'Your table for 4 is ready.',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  tag: 'table-42',
};
const call = {
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/voice/answer',
  answerMethod: 'POST' as const,
  applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
  tag: 'order-4711',
};
const code = {
  to: '+14155550199',
  from: '+14155550100',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  scope: '2FA',
  digits: 6,
  message: 'Your verification code is {CODE}',
};
const order: Order = {
  SiteId: '12345',
  PartialAllowed: false,
  ExistingTelephoneNumberOrderType: {
    TelephoneNumberList: { TelephoneNumber: ['+14155550100', '+14155550101'] },
  },
};
// Canned answers, by method and path as the clients send them (the voice spec's /calls/ as /calls).
// biome-ignore format: a table, one answer a line
const answers: Record<string, [number, string, string]> = {
  'GET /api/v1/workflow/fetch/17': [200, 'application/json', '{"id":17,"name":"Renewal reminder","status":"active","total_runs":12}'],
  'POST /api/v1/oauth2/token': [200, 'application/json', '{"access_token":"eyJhbGciOiJSUzI1NiJ9.eyJqdGkiOiIxIn0.c2ln","access_token_id":"jti-1","token_type":"Bearer","expires_in":3600}'],
  'POST /v2/users/9900000/messages': [202, 'application/json', JSON.stringify({ id: '1589228074636lm4k2je7j7jklbn2', owner: message.from, time: '2021-02-10T20:14:34.636Z', segmentCount: 1, direction: 'out', ...message })],
  'POST /api/v2/accounts/9900000/calls': [201, 'application/json', JSON.stringify({ accountId: '9900000', callId: 'c-15ac29a2', enqueuedTime: '2021-02-10T20:14:34.636Z', callTimeout: 30, callbackTimeout: 15, priority: 5, ...call })],
  'POST /api/v1/accounts/9900000/code/messaging': [200, 'application/json', '{"messageId":"1589228074636lm4k2je7j7jklbn2"}'],
  'POST /api/v2/accounts/9900000/orders': [200, 'application/xml', orderAnswer],
};
const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const path = (request.url ?? '').split('?')[0]?.replace(/(.)\/$/, '$1') ?? '';
    const answer = answers[`${request.method} ${path}`];
    if (!answer) return response.writeHead(404).end();
    response.writeHead(answer[0], { 'content-type': answer[1] }).end(answer[2]);
  });
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// ------------------------------------------------------------------------------------------- the calls

const accountId = '9900000';
const credentials = { username: 'bench-user', password: 'bench-password' };
const authorization = `Basic ${btoa(`${credentials.username}:${credentials.password}`)}`;
const agents = new AgentsClient({ baseUrl: origin, credentials: { apiKey: 'sk-bench', organizationId: 42 } });
const token = new TokenClient({ baseUrl: origin, credentials: { clientId: 'id', clientSecret: 'secret' } });
const messaging = new MessagingClient({ baseUrl: origin, userId: accountId, credentials });
const voice = new VoiceClient({ baseUrl: origin, accountId, credentials });
const mfa = new MfaClient({ baseUrl: origin, accountId, credentials });
const numbers = new NumbersClient({ baseUrl: origin, accountId, credentials });
const unchecked = new NumbersClient({ baseUrl: origin, accountId, credentials, validateRequests: false });

/** A raw fetch that, as the clients do, fails on a non-2xx answer and reads the body. */
async function raw(path: string, init: RequestInit, read: 'json' | 'text' = 'json'): Promise<unknown> {
  const response = await fetch(`${origin}${path}`, init);
  if (!response.ok) throw new Error(`raw fetch ${path}: ${response.status}`);
  return read === 'json' ? response.json() : response.text();
}
const postJson = (path: string, body: unknown) =>
  raw(path, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
// The numbers client's job done by hand: fast-xml-parser builds the order and reads the answer.
const builder = new XMLBuilder({ ignoreAttributes: true });
const parser = new XMLParser({
  ignoreDeclaration: true,
  parseTagValue: false,
  isArray: (name) => name === 'TelephoneNumber',
});

const rawOrder = async () =>
  parser.parse(
    (await raw(
      `/api/v2/accounts/${accountId}/orders`,
      {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/xml' },
        body: `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ Order: order })}`,
      },
      'text',
    )) as string,
  );

type Sdk = Record<
  string,
  new (
    configuration: object,
  ) => Record<string, (...args: unknown[]) => Promise<unknown>>
>;
const bandwidthMissing = missingReason('bandwidth-sdk');
const sdk = bandwidthMissing ? undefined : (requireFromCompare('bandwidth-sdk') as Sdk);
/** Each bandwidth-sdk API with its own Configuration: only `basePath` there replaces its production server. */
const bandwidthApi = (api: string, prefix: string) =>
  sdk === undefined
    ? null
    : new (sdk[api] as Sdk[string])(
        new (sdk.Configuration as unknown as new (parameters: object) => object)({
          ...credentials,
          basePath: `${origin}${prefix}`,
        }),
      );
const messagesApi = bandwidthApi('MessagesApi', '/v2');
const callsApi = bandwidthApi('CallsApi', '/api/v2');
const mfaApi = bandwidthApi('MFAApi', '/api/v1');

interface Scenario {
  slug: string;
  label: string;
  tool: string;
  ours: () => Promise<unknown>;
  raw: () => Promise<unknown>;
  /** bandwidth-sdk's same call; null when it is not installed. */
  vendor?: (() => Promise<unknown>) | null;
}
const scenarios: Scenario[] = [
  {
    slug: 'agents-get-agent',
    label: 'agents getAgent',
    tool: '@svc-contracts/agents-client',
    ours: () => agents.getAgent(17),
    raw: () =>
      raw('/api/v1/workflow/fetch/17', {
        headers: { 'X-SVC-AGENTS-API-KEY': 'sk-bench', 'X-SVC-ORGANIZATION-ID': '42' },
      }),
  },
  {
    slug: 'token-request-token',
    label: 'token requestToken',
    tool: '@svc-contracts/token-client',
    ours: () => token.requestToken(),
    raw: () =>
      raw('/api/v1/oauth2/token', {
        method: 'POST',
        headers: {
          authorization: `Basic ${btoa('id:secret')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      }),
  },
  {
    slug: 'messaging-send-group-message',
    label: 'messaging sendGroupMessage',
    tool: '@svc-contracts/messaging-client',
    ours: () => messaging.sendGroupMessage(message),
    raw: () => postJson(`/v2/users/${accountId}/messages`, message),
    vendor:
      messagesApi &&
      (() =>
        messagesApi.createMessage?.(accountId, { ...message, to: new Set(message.to) }) as Promise<unknown>),
  },
  {
    slug: 'voice-create-call',
    label: 'voice createCall',
    tool: '@svc-contracts/voice-client',
    ours: () => voice.createCall(call),
    raw: () => postJson(`/api/v2/accounts/${accountId}/calls`, call),
    vendor: callsApi && (() => callsApi.createCall?.(accountId, call) as Promise<unknown>),
  },
  {
    slug: 'mfa-send-code',
    label: 'mfa sendCode',
    tool: '@svc-contracts/mfa-client',
    ours: () => mfa.sendCode(code),
    raw: () => postJson(`/api/v1/accounts/${accountId}/code/messaging`, code),
    vendor: mfaApi && (() => mfaApi.generateMessagingCode?.(accountId, code) as Promise<unknown>),
  },
  {
    slug: 'numbers-create-order',
    label: 'numbers createOrder (XSD check of the order)',
    tool: '@svc-contracts/numbers-client',
    ours: () => numbers.createOrder(order),
    raw: rawOrder,
  },
  {
    slug: 'numbers-create-order-unchecked',
    label: 'numbers createOrder (validateRequests: false)',
    tool: '@svc-contracts/numbers-client',
    ours: () => unchecked.createOrder(order),
    raw: rawOrder,
  },
];

const vendorTool = 'bandwidth-sdk 8.1.4';
const figures: Figure[] = [];
for (const scenario of scenarios) {
  const jobs: Record<string, () => Promise<number>> = {
    ours: () => msPerCall(scenario.ours, iterations),
    raw: () => msPerCall(scenario.raw, iterations),
    ...(scenario.vendor
      ? { vendor: () => msPerCall(scenario.vendor as () => Promise<unknown>, iterations) }
      : {}),
  };
  for (const job of Object.values(jobs)) await job(); // warm-up: connections, JIT
  const timed = await alternate(runs, jobs);
  const us = (list: number[] | undefined) => (list ?? []).map((ms) => ms * 1000);
  const vendor =
    scenario.vendor === undefined
      ? []
      : [measuredOr(bandwidthMissing, 'bandwidth-sdk', vendorTool, us(timed.vendor))];
  figures.push(
    figure(
      `clients.${scenario.slug}`,
      `${scenario.label}, per call`,
      'µs',
      'lower',
      measured('ours', scenario.tool, us(timed.ours)),
      [
        measured(
          'raw-fetch',
          scenario.slug.startsWith('numbers')
            ? 'raw fetch + fast-xml-parser (build the order, parse the answer)'
            : 'raw fetch of the same request',
          us(timed.raw),
        ),
        ...vendor,
      ],
    ),
  );
}
await closeXmlValidators();
server.closeAllConnections();
server.close();

// ----------------------------------------------------------------------------------------- bundle sizes

const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild') as {
  build(options: object): Promise<{ outputFiles: Array<{ contents: Uint8Array }> }>;
};
/** Minified and gzipped KB of an ESM app bundling `source` (Node built-ins left out). */
async function bundleKb(source: string): Promise<number> {
  const result = await esbuild.build({
    stdin: { contents: source, resolveDir: fromRoot(), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).byteLength / 1024;
}
const bwImport = JSON.stringify(fromRoot('bench/compare/node_modules/bandwidth-sdk/dist/index.js'));
const basic = "{ username: 'a', password: 'b' }";
const oursApp = `import { MessagingClient } from ${JSON.stringify(fromRoot('packages/messaging-client/dist/index.js'))}; await new MessagingClient({ baseUrl: 'https://x', userId: 'u', credentials: ${basic} }).sendGroupMessage(${JSON.stringify(message)});`;
const vendorApp = `import { Configuration, MessagesApi } from ${bwImport}; await new MessagesApi(new Configuration(${basic})).createMessage('u', ${JSON.stringify(message)});`;
const vendorKb = bandwidthMissing ? [] : [await bundleKb(vendorApp)];
figures.push(
  figure(
    'clients.bundle.messaging',
    'app bundle calling messaging-client (sendGroupMessage), minified + gzip',
    'KB',
    'lower',
    measured('ours', '@svc-contracts/messaging-client', [await bundleKb(oursApp)]),
    [measuredOr(bandwidthMissing, 'bandwidth-sdk', vendorTool, vendorKb)],
  ),
);

emitSection(
  {
    id: 'clients',
    title: 'Clients: per-call overhead against the vendor SDK',
    command: `pnpm exec tsx bench/clients/overhead.ts --runs ${runs} --iterations ${iterations}`,
    method: `A loopback server in this process answers each call at once with a canned 2xx body, so a time is the client plus Node's HTTP stack. Our client, a raw fetch of the same request (for the XML order, fast-xml-parser building and parsing it as a developer without the client would) and bandwidth-sdk's same call each make a warm-up round, then ${runs} round(s) of ${iterations} sequential calls, the order rotating; a figure is the median of the rounds' mean µs per call. Bundles: esbuild bundles an ESM app importing the built client or bandwidth-sdk and making one call (minified, platform node), then gzip -9.`,
    figures,
    versions: {
      '@svc-contracts/client-runtime': packageVersion('packages/client-runtime/package.json'),
      'fast-xml-parser': packageVersion('node_modules/fast-xml-parser/package.json'),
    },
  },
  values.json,
);
