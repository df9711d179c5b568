// Per-call overhead of each typed client against a raw fetch of the same request on a loopback server,
// and the size (minified, and minified + gzip) of an application bundle that calls one method of each.
// Optional: the same figures for bandwidth-sdk, when bench/clients/compare is installed.
//
//   pnpm --filter './packages/**' build            # the bundle sizes measure the built packages
//   pnpm exec tsx bench/clients/overhead.ts [--iterations 2000]
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AgentsClient, runFilter } from '../../packages/agents-client/src/index.ts';
import { MessagingClient } from '../../packages/messaging-client/src/index.ts';
import { MfaClient } from '../../packages/mfa-client/src/index.ts';
import { closeXmlValidators, NumbersClient, type Order } from '../../packages/numbers-client/src/index.ts';
import { AccessTokenProvider, TokenClient } from '../../packages/token-client/src/index.ts';
import { VoiceClient } from '../../packages/voice-client/src/index.ts';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { bundleSize } from './lib/bundle-size.ts';
import { compare, timePerCall } from './lib/measure.ts';
import { startBenchServer } from './lib/server.ts';

const iterationsArg = process.argv.indexOf('--iterations');
const iterations = iterationsArg === -1 ? 2000 : Number(process.argv[iterationsArg + 1]);
if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1_000_000) {
  console.error('--iterations must be an integer from 1 to 1000000.');
  process.exit(2);
}

const server = await startBenchServer();
const { origin } = server;
const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
const credentials = { username: 'bench-user', password: 'bench-password' };
const call = {
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/answer',
  applicationId: 'app-1',
};
const order: Order = {
  SiteId: '12345',
  PartialAllowed: false,
  ExistingTelephoneNumberOrderType: {
    TelephoneNumberList: { TelephoneNumber: ['+14155550100', '+14155550101'] },
  },
};
const orderXml = `<?xml version="1.0" encoding="UTF-8"?>\n<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber><TelephoneNumber>+14155550101</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>`;

const agents = new AgentsClient({ baseUrl: origin, credentials: { apiKey: 'sk-bench', organizationId: 42 } });
const tokenClient = new TokenClient({
  baseUrl: origin,
  credentials: { clientId: 'id', clientSecret: 'secret' },
});
const tokens = new AccessTokenProvider({
  baseUrl: origin,
  credentials: { clientId: 'id', clientSecret: 'secret' },
});
const messaging = new MessagingClient({ baseUrl: origin, userId: '9900000', credentials });
const voice = new VoiceClient({ baseUrl: origin, accountId: '9900000', credentials });
const mfa = new MfaClient({ baseUrl: origin, accountId: '9900000', credentials });
const numbers = new NumbersClient({ baseUrl: origin, accountId: '9900000', credentials });
const numbersUnchecked = new NumbersClient({
  baseUrl: origin,
  accountId: '9900000',
  credentials,
  validateRequests: false,
});

const json = (response: Response) => response.json();
const postJson = (path: string, body: unknown, contentType = 'application/json') =>
  fetch(`${origin}${path}`, {
    method: 'POST',
    headers: {
      authorization: basic(credentials.username, credentials.password),
      'content-type': contentType,
    },
    body: JSON.stringify(body),
  }).then(json);
const filters = [runFilter.campaignId(381), runFilter.duration({ min: 30, max: 300 })];

interface Scenario {
  name: string;
  baseline: () => Promise<unknown>;
  client: () => Promise<unknown>;
}

const voiceBaseline = () =>
  postJson('/api/v2/accounts/9900000/calls/', call, 'application/json; charset=utf-8');
const scenarios: Scenario[] = [
  {
    name: 'agents getAgent (API key)',
    baseline: () =>
      fetch(`${origin}/api/v1/workflow/fetch/17`, {
        headers: { 'X-SVC-AGENTS-API-KEY': 'sk-bench', 'X-SVC-ORGANIZATION-ID': '42' },
      }).then(json),
    client: () => agents.getAgent(17),
  },
  {
    name: 'agents listRuns (2 filters)',
    baseline: () =>
      fetch(
        `${origin}/api/v1/organizations/usage/runs?limit=50&filters=${encodeURIComponent(JSON.stringify(filters))}`,
        { headers: { 'X-SVC-AGENTS-API-KEY': 'sk-bench', 'X-SVC-ORGANIZATION-ID': '42' } },
      ).then(json),
    client: () => agents.listRuns({ limit: 50, filters }),
  },
  {
    name: 'token requestToken (no cache)',
    baseline: () =>
      fetch(`${origin}/api/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: basic('id', 'secret'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials&scope=voice.webrtc',
      }).then(json),
    client: () => tokenClient.requestToken(),
  },
  {
    name: 'messaging sendGroupMessage',
    baseline: () =>
      postJson(
        '/v2/users/9900000/messages',
        { ...call, to: [call.to], text: 'hi' },
        'application/json; charset=utf-8',
      ),
    client: () =>
      messaging.sendGroupMessage({ from: call.from, to: [call.to], text: 'hi', applicationId: 'app-1' }),
  },
  { name: 'voice createCall', baseline: voiceBaseline, client: () => voice.createCall(call) },
  {
    name: 'mfa sendCode',
    baseline: () => postJson('/api/v1/accounts/9900000/code/messaging', { to: call.to }),
    client: () => mfa.sendCode({ to: call.to }),
  },
  {
    name: 'numbers createOrder (no XSD check)',
    baseline: () =>
      fetch(`${origin}/api/v2/accounts/9900000/orders`, {
        method: 'POST',
        headers: {
          authorization: basic(credentials.username, credentials.password),
          'content-type': 'application/xml',
        },
        body: orderXml,
      }).then((response) => response.text()),
    client: () => numbersUnchecked.createOrder(order),
  },
  {
    name: 'numbers createOrder (XSD check)',
    baseline: () =>
      fetch(`${origin}/api/v2/accounts/9900000/orders`, {
        method: 'POST',
        headers: {
          authorization: basic(credentials.username, credentials.password),
          'content-type': 'application/xml',
        },
        body: orderXml,
      }).then((response) => response.text()),
    client: () => numbers.createOrder(order),
  },
];

// bandwidth-sdk, when `npm install --prefix bench/clients/compare --no-package-lock --ignore-scripts` was run.
const compareDir = fromRoot('bench', 'clients', 'compare');
const bandwidthEntry = fromRoot(
  'bench',
  'clients',
  'compare',
  'node_modules',
  'bandwidth-sdk',
  'dist',
  'index.js',
);
const hasBandwidth = existsSync(bandwidthEntry);
if (hasBandwidth) {
  const sdk = createRequire(`${compareDir}/package.json`)('bandwidth-sdk') as {
    CallsApi: new (
      configuration: unknown,
    ) => { createCall(accountId: string, body: unknown): Promise<{ data: unknown }> };
    Configuration: new (options: Record<string, string>) => unknown;
  };
  const calls = new sdk.CallsApi(new sdk.Configuration({ ...credentials, basePath: `${origin}/api/v2` }));
  scenarios.push({
    name: 'bandwidth-sdk createCall',
    baseline: voiceBaseline,
    client: () => calls.createCall('9900000', call),
  });
}

console.log(
  `Per-call time on a loopback server, ${iterations} sequential calls of each, 5 paired rounds (medians), Node ${process.version}`,
);
console.log('');
console.log(
  `${'call'.padEnd(36)}${'raw fetch'.padStart(12)}${'client'.padStart(12)}${'overhead'.padStart(12)}`,
);
for (const scenario of scenarios) {
  const { baselineUs, candidateUs, overheadUs } = await compare(scenario.baseline, scenario.client, {
    iterations,
  });
  console.log(
    `${scenario.name.padEnd(36)}${us(baselineUs).padStart(12)}${us(candidateUs).padStart(12)}${`${overheadUs >= 0 ? '+' : ''}${us(overheadUs)}`.padStart(12)}`,
  );
}
await tokens.getToken();
const cached = await timePerCall(() => tokens.getToken(), { iterations: iterations * 10 });
console.log(
  `${'token getToken (cached, no request)'.padEnd(36)}${'—'.padStart(12)}${us(cached).padStart(12)}`,
);
if (!hasBandwidth) {
  console.log(
    'bandwidth-sdk: skipped (npm install --prefix bench/clients/compare --no-package-lock --ignore-scripts)',
  );
}
await closeXmlValidators();
await server.close();

console.log('');
console.log(
  'Bundle of an application calling one method (esbuild, ESM, minified, platform node, Node built-ins external)',
);
const dist = (name: string) => fromRoot('packages', name, 'dist', 'index.js');
const bundles: Array<[string, string, string]> = [
  [
    'openapi-fetch alone (reference)',
    fromRoot('packages', 'client-runtime', 'node_modules', 'openapi-fetch', 'dist', 'index.mjs'),
    "import createClient from 'X'; await createClient({ baseUrl: 'https://x' }).GET('/x');",
  ],
  [
    'agents-client',
    dist('agents-client'),
    "import { AgentsClient } from 'X'; await new AgentsClient({ baseUrl: 'https://x', credentials: { apiKey: 'k', organizationId: 1 } }).getAgent(1);",
  ],
  [
    'token-client',
    dist('token-client'),
    "import { AccessTokenProvider } from 'X'; await new AccessTokenProvider({ baseUrl: 'https://x', credentials: { clientId: 'a', clientSecret: 'b' } }).getToken();",
  ],
  [
    'messaging-client',
    dist('messaging-client'),
    "import { MessagingClient } from 'X'; await new MessagingClient({ baseUrl: 'https://x', userId: 'u', credentials: { username: 'a', password: 'b' } }).sendGroupMessage({ from: '+1', to: ['+1'], text: 't', applicationId: 'a' });",
  ],
  [
    'voice-client',
    dist('voice-client'),
    "import { VoiceClient } from 'X'; await new VoiceClient({ baseUrl: 'https://x', accountId: 'a', credentials: { username: 'a', password: 'b' } }).hangUpCall('c');",
  ],
  [
    'mfa-client',
    dist('mfa-client'),
    "import { MfaClient } from 'X'; await new MfaClient({ baseUrl: 'https://x', accountId: 'a', credentials: { username: 'a', password: 'b' } }).sendCode({ to: '+1' });",
  ],
  [
    'numbers-client (+ XSD engine glue)',
    dist('numbers-client'),
    "import { NumbersClient } from 'X'; await new NumbersClient({ baseUrl: 'https://x', accountId: 'a', credentials: { username: 'a', password: 'b' } }).listInserviceNumbers();",
  ],
];
if (hasBandwidth) {
  bundles.push([
    'bandwidth-sdk (CallsApi)',
    bandwidthEntry,
    "import { CallsApi, Configuration } from 'X'; await new CallsApi(new Configuration({ username: 'a', password: 'b' })).createCall('a', {});",
  ]);
}
console.log(`${'bundle'.padEnd(36)}${'min'.padStart(12)}${'min+gz'.padStart(12)}`);
for (const [name, entry, source] of bundles) {
  if (!existsSync(entry)) {
    console.log(`${name.padEnd(36)}  not built: run pnpm build first`);
    continue;
  }
  const size = await bundleSize(source.replace("'X'", JSON.stringify(entry)));
  console.log(`${name.padEnd(36)}${kb(size.minBytes).padStart(12)}${kb(size.gzipBytes).padStart(12)}`);
}
console.log(
  'The numbers-client bundle leaves out the libxml2 WebAssembly file (780 KB) that xmllint-wasm loads from disk at run time.',
);

function us(value: number): string {
  return `${value.toFixed(1)} µs`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
