// Per-call overhead of each typed client against a raw fetch doing the same job on a loopback server (for
// the XML numbers client: fast-xml-parser building the order and parsing the answer), next to
// bandwidth-sdk 8.1.4 making the same call (messaging, voice, verification), and the size (minified, and
// minified + gzip) of an application bundle that calls one method of each.
// One section of `pnpm bench` (bench/lib/section.ts); also runs alone:
//
//   pnpm build                                   # the bundle sizes measure packages/*/dist
//   pnpm exec tsx bench/clients/overhead.ts [--runs 5] [--iterations 2000] [--cpu] [--tiny] [--json FILE]
import { existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AgentsClient, runFilter } from '@svc-contracts/agents-client';
import { CallRequest } from '@svc-contracts/client-runtime';
import { MessagingClient } from '@svc-contracts/messaging-client';
import { MfaClient } from '@svc-contracts/mfa-client';
import { closeXmlValidators, NumbersClient, type Order } from '@svc-contracts/numbers-client';
import { AccessTokenProvider, TokenClient } from '@svc-contracts/token-client';
import { VoiceClient } from '@svc-contracts/voice-client';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { fromRoot, repoRoot } from '../../scripts/lib/paths.ts';
import { bandwidthSdk, missingReason, pinnedVersion } from '../lib/compare-tools.ts';
import {
  emitSection,
  type Figure,
  isTiny,
  jsonTarget,
  type Measured,
  measured,
  median,
  type NotMeasured,
  runsOption,
  type Section,
} from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { bandwidthApis, bandwidthVersions } from './lib/bandwidth.ts';
import { bundleSize, esbuildVersion } from './lib/bundle-size.ts';
import { type LoopOptions, pairedOverhead, pairedRatio, pairedRounds, timePerCall } from './lib/measure.ts';
import { type RecordedRequest, startBenchServer } from './lib/server.ts';

const SCRIPT = 'bench/clients/overhead.ts';
const USAGE = `usage: pnpm exec tsx ${SCRIPT} [--runs 5] [--iterations 2000] [--cpu] [--tiny] [--json FILE]`;

// ---------------------------------------------------------------------------------------------- options

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const argv = process.argv;
const WITH_VALUE = new Set(['--runs', '--iterations', '--json']);
for (let index = 2; index < argv.length; index++) {
  const arg = argv[index] as string;
  if (WITH_VALUE.has(arg)) {
    const value = argv[index + 1];
    if (value === undefined || value.startsWith('--')) fail(`${arg} needs a value.`);
    index++;
  } else if (arg !== '--tiny' && arg !== '--cpu') {
    fail(`Unknown argument: ${arg}`);
  }
}

const tiny = isTiny(argv);
const runsGiven = argv.includes('--runs');
const rounds = runsOption(tiny ? 1 : 5, argv);
const iterationsGiven = argv.includes('--iterations');
const iterations = iterationsGiven ? Number(argv[argv.indexOf('--iterations') + 1]) : tiny ? 5 : 2000;
if (!Number.isInteger(iterations) || iterations < 1 || iterations > 1_000_000) {
  fail(`--iterations must be an integer from 1 to 1000000, got ${argv[argv.indexOf('--iterations') + 1]}.`);
}
const warmup = tiny ? 2 : 200;
const jsonFile = jsonTarget(argv);
if (jsonFile !== undefined && !existsSync(dirname(jsonFile))) {
  fail(`--json ${jsonFile}: the directory ${dirname(jsonFile)} does not exist.`);
}
const clock = argv.includes('--cpu') ? 'cpu' : 'wall';
const loop: LoopOptions = { iterations, rounds, warmup, clock };
const command = [
  `pnpm exec tsx ${SCRIPT}`,
  ...(tiny ? ['--tiny'] : []),
  ...(runsGiven || !tiny ? [`--runs ${rounds}`] : []),
  ...(iterationsGiven || !tiny ? [`--iterations ${iterations}`] : []),
  ...(clock === 'cpu' ? ['--cpu'] : []),
].join(' ');

// ------------------------------------------------------------------------------- bundle entries (checked first)

/** Our client packages (their versions go into the section). */
const CLIENTS = [
  'agents-client',
  'token-client',
  'messaging-client',
  'voice-client',
  'mfa-client',
  'numbers-client',
];
const dist = (name: string) => fromRoot('packages', name, 'dist', 'index.js');
const openapiFetchDir = fromRoot('packages', 'client-runtime', 'node_modules', 'openapi-fetch');
const openapiFetchEntry = `${openapiFetchDir}/dist/index.mjs`;
const openapiFetchVersion = packageVersion(`${openapiFetchDir}/package.json`);
// The client bundles import these builds (the clients, and the workspace packages they depend on).
for (const entry of [...CLIENTS, 'client-runtime', 'xml-validator'].map(dist)) {
  if (!existsSync(entry)) {
    throw new Error(
      `${relative(repoRoot, entry)} is missing: run \`pnpm build\` first (the bundle sizes measure the built packages).`,
    );
  }
}
if (!existsSync(openapiFetchEntry)) {
  throw new Error(`${relative(repoRoot, openapiFetchEntry)} is missing: run \`pnpm install\` first.`);
}

/** The part of an untyped openapi-fetch client the comparison calls (its paths typed as plain strings). */
interface PlainOpenapiFetch {
  GET(path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
  POST(path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}
// architecture-allow dynamic-import: the openapi-fetch our clients resolve (client-runtime's), not a second copy.
const openapiFetch = (await import(pathToFileURL(openapiFetchEntry).href)) as {
  default: (options: {
    baseUrl: string;
    Request?: unknown;
    fetch?: (request: CallRequest) => Promise<Response>;
  }) => PlainOpenapiFetch;
};

// ------------------------------------------------------------------------------------------ the calls

const server = await startBenchServer();
const { origin } = server;
const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
const credentials = { username: 'bench-user', password: 'bench-password' };
const authorization = basic(credentials.username, credentials.password);
const accountId = '9900000';

// The same request content for our client, the raw fetch and bandwidth-sdk (values of the specs' examples).
const message = {
  from: '+14155550100',
  to: ['+14155550199', '+14155550142'],
  text: 'Your table for 4 is ready.',
  applicationId: '93de2206-9669-4e07-948d-329f4b722ee2',
  tag: 'table-42',
};
// bandwidth-sdk types `to` as a Set (serialized as an array); the JSON sent is the same.
const bandwidthMessage = { ...message, to: new Set(message.to) };
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
// The body of the lighter context variant, written out by hand: what our client and fast-xml-parser build.
const orderXml = `<?xml version="1.0" encoding="UTF-8"?>\n<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber><TelephoneNumber>+14155550101</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>`;
const filters = [runFilter.campaignId(381), runFilter.duration({ min: 30, max: 300 })];

const agents = new AgentsClient({ baseUrl: origin, credentials: { apiKey: 'sk-bench', organizationId: 42 } });
const tokenClient = new TokenClient({
  baseUrl: origin,
  credentials: { clientId: 'id', clientSecret: 'secret' },
});
const tokens = new AccessTokenProvider({
  baseUrl: origin,
  credentials: { clientId: 'id', clientSecret: 'secret' },
});
const messaging = new MessagingClient({ baseUrl: origin, userId: accountId, credentials });
const voice = new VoiceClient({ baseUrl: origin, accountId, credentials });
const mfa = new MfaClient({ baseUrl: origin, accountId, credentials });
const numbers = new NumbersClient({ baseUrl: origin, accountId, credentials });
const numbersUnchecked = new NumbersClient({
  baseUrl: origin,
  accountId,
  credentials,
  validateRequests: false,
});
const bandwidth = bandwidthApis(origin, credentials);
const plain = openapiFetch.default({ baseUrl: origin });
/**
 * openapi-fetch as a client method drives it, with nothing of ours after it: the clients' `CallRequest`
 * as its `Request` (no WHATWG `Request` built) and a bare `fetch` of what it holds (no transport, timer,
 * signal or credentials). Ours over this is what our runtime adds to openapi-fetch's own work.
 */
const plainLight = openapiFetch.default({
  baseUrl: origin,
  Request: CallRequest,
  fetch: (request) =>
    fetch(request.url, { method: request.method, headers: request.headers, body: request.body }),
});
/** A scenario's call through openapi-fetch alone (`plain`) and as a client method drives it (`plainLight`). */
function throughOpenapiFetch(
  scenario: CallScenario,
): { alone: () => Promise<unknown>; asMethod: () => Promise<unknown> } | undefined {
  const call = scenario.openapiFetch;
  return call && { alone: () => call(plain), asMethod: () => call(plainLight) };
}
/** openapi-fetch on its own, as a user of openapi-typescript's types would call it: data, or a throw. */
async function plainCall(pending: Promise<{ data?: unknown; error?: unknown; response: Response }>) {
  const { data, error, response } = await pending;
  if (error !== undefined || !response.ok) throw new Error(`openapi-fetch alone: ${response.status}`);
  return data;
}
const plainPostJson = (client: PlainOpenapiFetch, path: string, body: unknown, contentType: string) =>
  plainCall(client.POST(path, { body, headers: { authorization, 'content-type': contentType } }));
const bandwidthMissing = missingReason('bandwidth-sdk');
const bandwidthVersion = pinnedVersion('bandwidth-sdk');

/** A raw fetch that, like the clients, fails on a non-2xx answer. */
async function rawResponse(path: string, init: RequestInit): Promise<Response> {
  const response = await fetch(`${origin}${path}`, init);
  if (!response.ok) throw new Error(`raw fetch ${init.method ?? 'GET'} ${path}: ${response.status}`);
  return response;
}
/** A raw fetch of a JSON API: the answer is read and parsed, as the JSON clients do. */
async function rawFetch(path: string, init: RequestInit): Promise<unknown> {
  return (await rawResponse(path, init)).json();
}
const postJson = (path: string, body: unknown, contentType: string, signal: AbortSignal | undefined) =>
  rawFetch(path, {
    method: 'POST',
    headers: { authorization, 'content-type': contentType },
    body: JSON.stringify(body),
    signal,
  });
const agentHeaders = { 'X-SVC-AGENTS-API-KEY': 'sk-bench', 'X-SVC-ORGANIZATION-ID': '42' };
const fastXmlParserVersion = packageVersion('node_modules/fast-xml-parser/package.json');
// The numbers client's job done by hand, the way a developer without it would: fast-xml-parser (the XML
// library of this repository, same pinned version) with a builder and a parser made once, not per call.
const orderBuilder = new XMLBuilder({ ignoreAttributes: true });
const answerParser = new XMLParser({
  ignoreDeclaration: true,
  // Left on, value parsing turns '+14155550100' into the number 14155550100 and the site id into a
  // number: a user reading telephone numbers switches it off.
  parseTagValue: false,
  // Otherwise a list of one number comes back as a string instead of an array.
  isArray: (name) => name === 'TelephoneNumber',
});
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const postOrderXml = async (body: string, signal: AbortSignal | undefined): Promise<string> => {
  const response = await rawResponse(`/api/v2/accounts/${accountId}/orders`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/xml' },
    body,
    signal,
  });
  return response.text();
};
/** The same job as `createOrder`: the order object to an XML document, the XML answer to an object. */
const postOrder = async (signal?: AbortSignal): Promise<unknown> =>
  answerParser.parse(await postOrderXml(`${XML_DECLARATION}${orderBuilder.build({ Order: order })}`, signal));
/** Less than the client's job: a prebuilt body sent and the answer read as text (context only). */
const postPrebuiltOrder = (): Promise<string> => postOrderXml(orderXml, undefined);
const prebuiltOrderContext = {
  label: 'raw fetch of a prebuilt XML string, answer read as text (no XML work)',
  call: postPrebuiltOrder,
};

/**
 * The same raw fetch bounded the usual way: an `AbortController`'s signal handed to fetch and a 30 s
 * timer that would abort it. Not a comparison of its own: the detail shows it as what a timeout that
 * cancels costs a bare fetch (undici links every `AbortSignal` to its request); our clients bound every
 * call the same way, with an AbortController of their own and one timer (client-runtime README).
 */
function withTimeout(send: (signal: AbortSignal) => Promise<unknown>): () => Promise<unknown> {
  return async () => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 30_000);
    try {
      return await send(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  };
}

const rawFetchTool = `raw fetch (Node ${process.versions.node} global fetch)`;
const rawFetchXmlTool = `${rawFetchTool} + fast-xml-parser ${fastXmlParserVersion} (build the order, parse the answer)`;

interface CallScenario {
  slug: string;
  label: string;
  /** Our package. */
  tool: string;
  ours: () => Promise<unknown>;
  /** The same request with a bare fetch; `signal` is given only for the variant with a timeout. */
  rawFetch: (signal?: AbortSignal) => Promise<unknown>;
  /** The raw fetch's tool name when it does more than send the request and parse JSON. */
  rawFetchTool?: string;
  /**
   * A lighter raw fetch of the same request, measured in the same rounds and shown in the detail as
   * context, not compared: the ratio against a bare fetch stays visible next to the like-for-like one.
   */
  lighterRawFetch?: { label: string; call: () => Promise<unknown> };
  /**
   * The same call through openapi-fetch alone (the library our clients are built on, with nothing of
   * ours): what the per-call work of openapi-fetch costs by itself, next to what ours adds to it. Made
   * with `plain` (a WHATWG `Request`, the global `fetch`) and with `plainLight` (as a client method).
   */
  openapiFetch?: (client: PlainOpenapiFetch) => Promise<unknown>;
  /** The bandwidth-sdk operation making the same call, when there is one. */
  bandwidth?: { operation: string; call: (() => Promise<unknown>) | undefined };
  /** Extra context for the figure's detail. */
  note?: string;
}

const scenarios: CallScenario[] = [
  {
    slug: 'agents-get-agent',
    label: 'agents getAgent (API key)',
    tool: '@svc-contracts/agents-client',
    rawFetch: (signal) => rawFetch('/api/v1/workflow/fetch/17', { headers: agentHeaders, signal }),
    ours: () => agents.getAgent(17),
    openapiFetch: (client) =>
      plainCall(
        client.GET('/api/v1/workflow/fetch/{workflow_id}', {
          params: { path: { workflow_id: 17 } },
          headers: agentHeaders,
        }),
      ),
  },
  {
    slug: 'agents-list-runs',
    label: 'agents listRuns (2 filters)',
    tool: '@svc-contracts/agents-client',
    rawFetch: (signal) =>
      rawFetch(
        `/api/v1/organizations/usage/runs?limit=50&filters=${encodeURIComponent(JSON.stringify(filters))}`,
        { headers: agentHeaders, signal },
      ),
    ours: () => agents.listRuns({ limit: 50, filters }),
    openapiFetch: (client) =>
      plainCall(
        client.GET('/api/v1/organizations/usage/runs', {
          params: { query: { limit: 50, filters: JSON.stringify(filters) } },
          headers: agentHeaders,
        }),
      ),
  },
  {
    slug: 'token-request-token',
    label: 'token requestToken (no cache)',
    tool: '@svc-contracts/token-client',
    rawFetch: (signal) =>
      rawFetch('/api/v1/oauth2/token', {
        method: 'POST',
        headers: {
          authorization: basic('id', 'secret'),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials&scope=voice.webrtc',
        signal,
      }),
    ours: () => tokenClient.requestToken(),
    openapiFetch: (client) =>
      plainCall(
        client.POST('/api/v1/oauth2/token', {
          body: 'grant_type=client_credentials&scope=voice.webrtc',
          bodySerializer: (body: string) => body,
          headers: {
            authorization: basic('id', 'secret'),
            'content-type': 'application/x-www-form-urlencoded',
          },
        }),
      ),
  },
  {
    slug: 'messaging-send-group-message',
    label: 'messaging sendGroupMessage',
    tool: '@svc-contracts/messaging-client',
    rawFetch: (signal) =>
      postJson(`/v2/users/${accountId}/messages`, message, 'application/json; charset=utf-8', signal),
    ours: () => messaging.sendGroupMessage(message),
    openapiFetch: (client) =>
      plainPostJson(client, `/v2/users/${accountId}/messages`, message, 'application/json; charset=utf-8'),
    bandwidth: {
      operation: 'MessagesApi.createMessage',
      call: bandwidth && (() => bandwidth.createMessage(accountId, bandwidthMessage)),
    },
  },
  {
    slug: 'voice-create-call',
    label: 'voice createCall',
    tool: '@svc-contracts/voice-client',
    rawFetch: (signal) =>
      postJson(`/api/v2/accounts/${accountId}/calls/`, call, 'application/json; charset=utf-8', signal),
    ours: () => voice.createCall(call),
    openapiFetch: (client) =>
      plainPostJson(client, `/api/v2/accounts/${accountId}/calls/`, call, 'application/json; charset=utf-8'),
    bandwidth: {
      operation: 'CallsApi.createCall',
      call: bandwidth && (() => bandwidth.createCall(accountId, call)),
    },
    note: 'ours posts to /calls/ as the voice spec has it, bandwidth-sdk to /calls',
  },
  {
    slug: 'mfa-send-code',
    label: 'mfa sendCode (by message)',
    tool: '@svc-contracts/mfa-client',
    rawFetch: (signal) =>
      postJson(`/api/v1/accounts/${accountId}/code/messaging`, code, 'application/json', signal),
    ours: () => mfa.sendCode(code),
    openapiFetch: (client) =>
      plainPostJson(client, `/api/v1/accounts/${accountId}/code/messaging`, code, 'application/json'),
    bandwidth: {
      operation: 'MFAApi.generateMessagingCode',
      call: bandwidth && (() => bandwidth.generateMessagingCode(accountId, code)),
    },
  },
  {
    slug: 'numbers-create-order-no-xsd',
    label: 'numbers createOrder (no XSD check)',
    tool: '@svc-contracts/numbers-client',
    rawFetch: postOrder,
    rawFetchTool: rawFetchXmlTool,
    lighterRawFetch: prebuiltOrderContext,
    ours: () => numbersUnchecked.createOrder(order),
    note: 'XML body built from the object, validateRequests: false',
  },
  {
    slug: 'numbers-create-order-xsd',
    label: 'numbers createOrder (XSD check)',
    tool: '@svc-contracts/numbers-client',
    rawFetch: postOrder,
    rawFetchTool: rawFetchXmlTool,
    lighterRawFetch: prebuiltOrderContext,
    ours: () => numbers.createOrder(order),
    note: 'XML body built from the object and validated against the XSD (resident libxml2-wasm) before sending',
  },
];

// ------------------------------------------------------------------- same request content, checked once

/** The body as compared: JSON with sorted keys, a form sorted by name, anything else as sent. */
function canonicalBody(request: RecordedRequest): string {
  const type = request.contentType ?? '';
  if (type.startsWith('application/json')) return JSON.stringify(sortKeys(JSON.parse(request.body)));
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return sortedForm(request.body);
  }
  return request.body.replace(/>\s+</g, '><').trim();
}

function sortedForm(form: string): string {
  return JSON.stringify([...new URLSearchParams(form)].sort(([a], [b]) => a.localeCompare(b)));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, inner]) => [key, sortKeys(inner)]),
  );
}

/** What must be equal between two ways of making a call: method, path, credentials and body. */
function essence(request: RecordedRequest | undefined): string {
  if (request === undefined) return 'no request';
  return JSON.stringify({
    method: request.method,
    path: request.path,
    query: sortedForm(request.query),
    authorization: request.authorization,
    body: canonicalBody(request),
  });
}

for (const scenario of scenarios) {
  const variants: Array<[string, () => Promise<unknown>]> = [
    ['raw fetch', () => scenario.rawFetch()],
    ['raw fetch with a timeout', withTimeout(scenario.rawFetch)],
    ['ours', scenario.ours],
  ];
  if (scenario.bandwidth?.call) variants.push(['bandwidth-sdk', scenario.bandwidth.call]);
  const viaOpenapiFetch = throughOpenapiFetch(scenario);
  if (viaOpenapiFetch) {
    variants.push(['openapi-fetch alone', viaOpenapiFetch.alone]);
    variants.push(['openapi-fetch as a client method drives it', viaOpenapiFetch.asMethod]);
  }
  if (scenario.lighterRawFetch)
    variants.push([scenario.lighterRawFetch.label, scenario.lighterRawFetch.call]);
  const seen: Array<[string, string]> = [];
  for (const [name, variant] of variants) seen.push([name, essence((await server.record(variant))[0])]);
  const [, reference] = seen.find(([name]) => name === 'ours') as [string, string];
  for (const [name, got] of seen) {
    if (got !== reference) {
      throw new Error(
        `${scenario.label}: ${name} sends another request than our client.\n  ours: ${reference}\n  ${name}: ${got}`,
      );
    }
  }
}

// --------------------------------------------------------------------------------------- measure calls

console.log(
  `Per-call ${clock === 'cpu' ? 'CPU time (client and server, this process)' : 'time'} on a loopback server, ${iterations} sequential calls of each per round, ${rounds} paired round${rounds === 1 ? '' : 's'} after ${warmup} warm-up calls (medians), Node ${process.version}`,
);
console.log('');
console.log(
  `${'call'.padEnd(36)}${'raw fetch'.padStart(12)}${'ours'.padStart(12)}${'overhead'.padStart(12)}${'ratio'.padStart(8)}${'+timeout'.padStart(12)}${'ratio'.padStart(8)}${'bandwidth-sdk'.padStart(15)}${'overhead'.padStart(12)}${'openapi-fetch'.padStart(15)}${'ratio'.padStart(8)}${'as a method'.padStart(13)}${'ratio'.padStart(8)}${'ours/it'.padStart(9)}`,
);

const figures: Figure[] = [];
for (const scenario of scenarios) {
  const viaOpenapiFetch = throughOpenapiFetch(scenario);
  const optional = {
    lighter: scenario.lighterRawFetch?.call,
    bandwidth: scenario.bandwidth?.call,
    openapiFetch: viaOpenapiFetch?.alone,
    openapiFetchLight: viaOpenapiFetch?.asMethod,
  };
  const present = (Object.keys(optional) as Array<keyof typeof optional>).filter((key) => optional[key]);
  const variants = [
    () => scenario.rawFetch(),
    scenario.ours,
    withTimeout(scenario.rawFetch),
    ...present.map((key) => optional[key] as () => Promise<unknown>),
  ];
  const runs = await pairedRounds(variants, loop);
  const [rawRuns, ourRuns, timedRuns] = runs as [number[], number[], number[]];
  const runsOf = (key: keyof typeof optional) =>
    present.includes(key) ? runs[3 + present.indexOf(key)] : undefined;
  const lighterRuns = runsOf('lighter');
  const bandwidthRuns = runsOf('bandwidth');
  const openapiFetchRuns = runsOf('openapiFetch');
  const openapiFetchLightRuns = runsOf('openapiFetchLight');
  const ours = measured('ours', scenario.tool, ourRuns);
  const raw = measured('raw-fetch', scenario.rawFetchTool ?? rawFetchTool, rawRuns);
  const comparisons: Array<Measured | NotMeasured> = [raw];
  if (openapiFetchRuns !== undefined) {
    comparisons.push(
      measured(
        'openapi-fetch',
        `openapi-fetch ${openapiFetchVersion} alone (same request)`,
        openapiFetchRuns,
      ),
    );
  }
  const ourOverhead = pairedOverhead(ourRuns, rawRuns);
  const ourRatio = pairedRatio(ourRuns, rawRuns);
  let bandwidthOverhead: number | undefined;
  if (scenario.bandwidth !== undefined) {
    const tool = `bandwidth-sdk ${bandwidthVersion} ${scenario.bandwidth.operation}`;
    if (bandwidthRuns !== undefined) {
      comparisons.push(measured('bandwidth-sdk', tool, bandwidthRuns));
      bandwidthOverhead = pairedOverhead(bandwidthRuns, rawRuns);
    } else {
      comparisons.push({
        key: 'bandwidth-sdk',
        tool,
        status: 'unavailable',
        reason: bandwidthMissing ?? 'bandwidth-sdk could not be loaded',
      });
    }
  }
  figures.push({
    id: `clients.call.${scenario.slug}`,
    label: scenario.label,
    unit: 'µs',
    better: 'lower',
    ours,
    comparisons,
    detail: [
      `Overhead vs raw fetch (median of paired differences): ours ${signed(ourOverhead)} (${times(ourRatio)} per round)`,
      bandwidthOverhead === undefined ? '' : `, bandwidth-sdk ${signed(bandwidthOverhead)}`,
      `; raw fetch ${us(raw.sample.median)} per call`,
      openapiFetchRuns === undefined
        ? ''
        : `; openapi-fetch alone ${times(pairedRatio(openapiFetchRuns, rawRuns))} the raw fetch (ours ${times(pairedRatio(ourRuns, openapiFetchRuns))} of it)`,
      openapiFetchLightRuns === undefined
        ? ''
        : `; openapi-fetch as a client method drives it (the clients' CallRequest, a bare fetch, nothing of ours after it) ${us(median(openapiFetchLightRuns))} per call, ${times(pairedRatio(openapiFetchLightRuns, rawRuns))} the raw fetch (${signed(pairedOverhead(openapiFetchLightRuns, rawRuns))}); ours ${times(pairedRatio(ourRuns, openapiFetchLightRuns))} of it (${signed(pairedOverhead(ourRuns, openapiFetchLightRuns))}: our transport, timeout, credentials and errors)`,
      `; raw fetch with a timeout (an AbortController signal and a 30 s timer) ${us(median(timedRuns))} per call (${times(pairedRatio(timedRuns, rawRuns))} the raw fetch; ours ${times(pairedRatio(ourRuns, timedRuns))} of it)`,
      scenario.lighterRawFetch === undefined || lighterRuns === undefined
        ? ''
        : `; context, not compared: ${scenario.lighterRawFetch.label} ${us(median(lighterRuns))} per call (ours ${times(pairedRatio(ourRuns, lighterRuns))} of it; the compared raw fetch ${times(pairedRatio(rawRuns, lighterRuns))} of it)`,
      scenario.note === undefined ? '' : `; ${scenario.note}`,
      '.',
    ].join(''),
  });
  console.log(
    `${scenario.label.padEnd(36)}${us(raw.sample.median).padStart(12)}${us(ours.sample.median).padStart(12)}${signed(ourOverhead).padStart(12)}${times(ourRatio).padStart(8)}${us(median(timedRuns)).padStart(12)}${times(pairedRatio(timedRuns, rawRuns)).padStart(8)}${(bandwidthRuns ? us(median(bandwidthRuns)) : scenario.bandwidth ? 'n/a' : '').padStart(15)}${(bandwidthOverhead === undefined ? '' : signed(bandwidthOverhead)).padStart(12)}${(openapiFetchRuns ? us(median(openapiFetchRuns)) : '').padStart(15)}${(openapiFetchRuns ? times(pairedRatio(openapiFetchRuns, rawRuns)) : '').padStart(8)}${(openapiFetchLightRuns ? us(median(openapiFetchLightRuns)) : '').padStart(13)}${(openapiFetchLightRuns ? times(pairedRatio(openapiFetchLightRuns, rawRuns)) : '').padStart(8)}${(openapiFetchLightRuns ? times(pairedRatio(ourRuns, openapiFetchLightRuns)) : '').padStart(9)}`,
  );
  if (lighterRuns !== undefined) {
    console.log(
      `${'  context: prebuilt XML, text answer'.padEnd(36)}${us(median(lighterRuns)).padStart(12)}${''.padStart(12)}${signed(pairedOverhead(ourRuns, lighterRuns)).padStart(12)}${times(pairedRatio(ourRuns, lighterRuns)).padStart(8)}`,
    );
  }
}

await tokens.getToken();
const cachedIterations = iterations * 10;
const cachedRuns = await timePerCall(() => tokens.getToken(), { ...loop, iterations: cachedIterations });
const cached = measured('ours', '@svc-contracts/token-client', cachedRuns);
figures.push({
  id: 'clients.call.token-get-token-cached',
  label: 'token getToken (cached)',
  unit: 'µs',
  better: 'lower',
  ours: cached,
  comparisons: [],
  detail: `AccessTokenProvider.getToken with a valid cached token: no request is made (${cachedIterations} calls per round).`,
});
console.log(
  `${'token getToken (cached, no request)'.padEnd(36)}${'—'.padStart(12)}${us(cached.sample.median).padStart(12)}`,
);
if (bandwidthMissing !== undefined) console.log(`bandwidth-sdk: not measured (${bandwidthMissing})`);
await closeXmlValidators();
await server.close();

// --------------------------------------------------------------------------------------------- bundles

interface BundleScenario {
  slug: string;
  label: string;
  tool: string;
  source: string;
  bandwidth?: { api: string; source: string };
  note?: string;
}

const importFrom = (entry: string) => JSON.stringify(entry);
const bandwidthImport = importFrom(bandwidthSdk);
const basicCredentials = "{ username: 'a', password: 'b' }";
const bundles: BundleScenario[] = [
  {
    slug: 'openapi-fetch',
    label: 'openapi-fetch alone (reference)',
    tool: `openapi-fetch ${openapiFetchVersion}`,
    source: `import createClient from ${importFrom(openapiFetchEntry)}; await createClient({ baseUrl: 'https://x' }).GET('/x');`,
    note: 'the fetch wrapper our clients are built on, with nothing of ours',
  },
  {
    slug: 'agents-client',
    label: 'agents-client (getAgent)',
    tool: '@svc-contracts/agents-client',
    source: `import { AgentsClient } from ${importFrom(dist('agents-client'))}; await new AgentsClient({ baseUrl: 'https://x', credentials: { apiKey: 'k', organizationId: 1 } }).getAgent(1);`,
  },
  {
    slug: 'token-client',
    label: 'token-client (getToken)',
    tool: '@svc-contracts/token-client',
    source: `import { AccessTokenProvider } from ${importFrom(dist('token-client'))}; await new AccessTokenProvider({ baseUrl: 'https://x', credentials: { clientId: 'a', clientSecret: 'b' } }).getToken();`,
  },
  {
    slug: 'messaging-client',
    label: 'messaging-client (sendGroupMessage)',
    tool: '@svc-contracts/messaging-client',
    source: `import { MessagingClient } from ${importFrom(dist('messaging-client'))}; await new MessagingClient({ baseUrl: 'https://x', userId: 'u', credentials: ${basicCredentials} }).sendGroupMessage(${JSON.stringify(message)});`,
    bandwidth: {
      api: 'MessagesApi',
      source: `import { Configuration, MessagesApi } from ${bandwidthImport}; const m = ${JSON.stringify(message)}; await new MessagesApi(new Configuration(${basicCredentials})).createMessage('u', { ...m, to: new Set(m.to) });`,
    },
  },
  {
    slug: 'voice-client',
    label: 'voice-client (createCall)',
    tool: '@svc-contracts/voice-client',
    source: `import { VoiceClient } from ${importFrom(dist('voice-client'))}; await new VoiceClient({ baseUrl: 'https://x', accountId: 'a', credentials: ${basicCredentials} }).createCall(${JSON.stringify(call)});`,
    bandwidth: {
      api: 'CallsApi',
      source: `import { CallsApi, Configuration } from ${bandwidthImport}; await new CallsApi(new Configuration(${basicCredentials})).createCall('a', ${JSON.stringify(call)});`,
    },
  },
  {
    slug: 'mfa-client',
    label: 'mfa-client (sendCode)',
    tool: '@svc-contracts/mfa-client',
    source: `import { MfaClient } from ${importFrom(dist('mfa-client'))}; await new MfaClient({ baseUrl: 'https://x', accountId: 'a', credentials: ${basicCredentials} }).sendCode(${JSON.stringify(code)});`,
    bandwidth: {
      api: 'MFAApi',
      source: `import { Configuration, MFAApi } from ${bandwidthImport}; await new MFAApi(new Configuration(${basicCredentials})).generateMessagingCode('a', ${JSON.stringify(code)});`,
    },
  },
  {
    slug: 'numbers-client',
    label: 'numbers-client (+ XSD engine)',
    tool: '@svc-contracts/numbers-client',
    source: `import { NumbersClient } from ${importFrom(dist('numbers-client'))}; await new NumbersClient({ baseUrl: 'https://x', accountId: 'a', credentials: ${basicCredentials} }).listInserviceNumbers();`,
    note: 'including libxml2 compiled to WebAssembly, which libxml2-wasm embeds in its JavaScript (about 960 KB of the minified bundle)',
  },
];

console.log('');
console.log(
  'Bundle of an application calling one method (esbuild, ESM, minified, platform node, Node built-ins external; gzip -9)',
);
console.log(`${'bundle'.padEnd(36)}${'min'.padStart(12)}${'min+gz'.padStart(12)}`);
for (const bundle of bundles) {
  const size = await bundleSize(bundle.source);
  console.log(
    `${bundle.label.padEnd(36)}${kb(size.minBytes).padStart(12)}${kb(size.gzipBytes).padStart(12)}`,
  );
  const comparisons: Array<Measured | NotMeasured> = [];
  let bandwidthMin = '';
  if (bundle.bandwidth !== undefined) {
    const tool = `bandwidth-sdk ${bandwidthVersion} ${bundle.bandwidth.api}`;
    if (bandwidthMissing === undefined) {
      const theirs = await bundleSize(bundle.bandwidth.source);
      comparisons.push(measured('bandwidth-sdk', tool, [kilobytes(theirs.gzipBytes)]));
      bandwidthMin = `, bandwidth-sdk ${kb(theirs.minBytes)}`;
      console.log(
        `${`  bandwidth-sdk ${bundle.bandwidth.api}`.padEnd(36)}${kb(theirs.minBytes).padStart(12)}${kb(theirs.gzipBytes).padStart(12)}`,
      );
    } else {
      comparisons.push({ key: 'bandwidth-sdk', tool, status: 'unavailable', reason: bandwidthMissing });
    }
  }
  figures.push({
    id: `clients.bundle.${bundle.slug}`,
    label: bundle.label,
    unit: 'KB',
    better: 'lower',
    ours: measured('ours', bundle.tool, [kilobytes(size.gzipBytes)]),
    comparisons,
    detail: `Minified: ours ${kb(size.minBytes)}${bandwidthMin}${bundle.note === undefined ? '' : `; ${bundle.note}`}.`,
  });
}
console.log(
  'The numbers-client bundle includes libxml2 compiled to WebAssembly, which libxml2-wasm embeds in its JavaScript (about 960 KB minified).',
);

// --------------------------------------------------------------------------------------------- section

const versions: Record<string, string> = {
  node: process.versions.node,
  'openapi-fetch': openapiFetchVersion,
  esbuild: esbuildVersion(),
  'fast-xml-parser': fastXmlParserVersion,
  ...bandwidthVersions(),
};
for (const name of ['client-runtime', ...CLIENTS]) {
  versions[`@svc-contracts/${name}`] = packageVersion(`packages/${name}/package.json`);
}

const section: Section = {
  id: 'clients',
  title: 'Clients: per-call overhead and bundle size',
  command,
  method: [
    'Each call goes to a loopback HTTP server in the same process that answers at once with a canned, realistic 2xx body, so the time is the client plus Node’s HTTP stack.',
    `Our client, a raw fetch of the same request and, for messaging, voice and verification, bandwidth-sdk ${bandwidthVersion} making the same call (same path, body and Basic credentials, checked once before timing) each make ${warmup} warm-up calls; then in each of ${rounds} round${rounds === 1 ? '' : 's'} each makes ${iterations} sequential calls, in an order that rotates from round to round.`,
    'A per-call figure’s runs are the mean µs per call of each round; the overhead in its detail is the median over rounds of the paired difference with the raw fetch, and the ratio the median over rounds of ours ÷ raw fetch.',
    `For the JSON calls, openapi-fetch ${openapiFetchVersion} alone (the library our clients are built on, the same one they resolve, called with the same request and nothing of ours: \`createClient({ baseUrl })\` then \`GET\`/\`POST\` with the headers set by hand) is timed in the same rounds: what openapi-fetch's own per-call work costs next to a raw fetch. So is openapi-fetch as a client method drives it (the clients' \`CallRequest\` as its \`Request\` and a bare \`fetch\` of what that holds, nothing of ours after it), shown in the detail: ours over it is what our runtime adds (transport, timeout, credentials, errors), and it over the raw fetch what openapi-fetch's own work costs in a client method.`,
    'The detail also shows the same raw fetch bounded the usual way (an AbortController signal handed to fetch and a 30 s timer; our clients bound every call with an AbortController of their own and one timer): measured in the same rounds, not a comparison of its own.',
    `For the XML numbers client the raw fetch does the client’s job the way a developer without it would: fast-xml-parser ${fastXmlParserVersion}’s XMLBuilder turns the same order object into the document and its XMLParser reads the XML answer into an object (both made once, outside the timed call); a raw fetch of a prebuilt XML string that reads the answer as text is measured in the same rounds and shown in the detail as context.`,
    'Bundle sizes: esbuild bundles an ESM app that imports the built client (packages/*/dist) or bandwidth-sdk and makes one call (minified, platform node, Node built-ins external), then gzip -9; one measurement, since the build is deterministic.',
  ].join(' '),
  figures,
  versions,
};
emitSection(section, jsonFile);
if (jsonFile !== undefined) console.log(`\nWrote ${jsonFile}`);

// -------------------------------------------------------------------------------------------- helpers

function us(value: number): string {
  return `${value.toFixed(1)} µs`;
}

function times(ratio: number): string {
  return `${ratio.toFixed(2)}×`;
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${us(value)}`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function kilobytes(bytes: number): number {
  return Math.round((bytes / 1024) * 100) / 100;
}
