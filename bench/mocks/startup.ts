/**
 * Mocks benchmark: our `pnpm mock` (one process serving all six services) against what a user would
 * otherwise start, six `prism mock` processes (one per bundled spec), in the same run: start-up until
 * all six answer, resident memory of the whole set idle and after load, and requests per second on
 * three cases (a 200 example, a 422 refusal, an XML order checked against its XSD).
 *
 *   pnpm exec tsx bench/mocks/startup.ts [--runs 3] [--requests 5000] [--tiny] [--json FILE]
 *
 * See bench/mocks/README.md. Prism comes from bench/compare (`pnpm bench` installs it); without it the
 * comparisons say `unavailable` and only our figures are measured.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { deref, examplesOf, isObject, operationsOf } from '@svc-contracts/openapi-utils';
import { stringify } from 'yaml';
import { fromRoot, repoRoot } from '../../scripts/lib/paths.ts';
import { bundleService, listWrittenServices, type OpenApiDocument } from '../../scripts/lib/specs.ts';
import {
  compareDir,
  installedVersion,
  missingReason,
  pinnedVersion,
  prismCli,
} from '../lib/compare-tools.ts';
import {
  emitSection,
  type Figure,
  type Measured,
  measured,
  median,
  type NotMeasured,
  type Section,
} from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import {
  type Answer,
  answersHttp,
  type Call,
  callOnce,
  requestsPerSecond,
  startCeilingServer,
} from './http-load.ts';
import { type Child, freePorts, ProcessGroup } from './processes.ts';

const usage =
  'usage: pnpm exec tsx bench/mocks/startup.ts [--runs N (1-50, default 3)] [--requests N (default 5000)] [--tiny] [--json FILE]';

function usageError(message: string): never {
  console.error(`bench/mocks/startup.ts: ${message}\n${usage}`);
  process.exit(2);
}

let options: { runs?: string; requests?: string; tiny?: boolean; json?: string };
try {
  options = parseArgs({
    options: {
      runs: { type: 'string' },
      requests: { type: 'string' },
      tiny: { type: 'boolean' },
      json: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  }).values;
} catch (error) {
  usageError((error as Error).message);
}

const tiny = options.tiny === true;
const runs = Number(options.runs ?? (tiny ? 1 : 3));
if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
  usageError(`--runs must be an integer from 1 to 50, got ${options.runs}`);
}
const requests = Number(options.requests ?? (tiny ? 50 : 5000));
if (!Number.isInteger(requests) || requests < 1 || requests > 1_000_000) {
  usageError(`--requests must be an integer from 1 to 1000000, got ${options.requests}`);
}
if (options.json === '') usageError('--json needs a file name');
const warmup = tiny ? 20 : Math.min(1000, requests);
const concurrency = 16;
/** Pause between "all six answer" and reading the idle RSS, so start-up garbage can be collected. */
const settleMs = tiny ? 200 : 1000;
const oursTimeoutMs = 120_000;
const prismTimeoutMs = 60_000;
const pollMs = 25;

const built = fromRoot('packages/mock-server/dist/cli.js');
if (!existsSync(built)) {
  console.error(
    "bench/mocks/startup.ts: packages/mock-server/dist/cli.js is missing; build it first: pnpm --filter '@svc-contracts/mock-server...' run build",
  );
  process.exit(1);
}
if (!existsSync('/proc/self/status')) {
  console.error('bench/mocks/startup.ts: reads resident memory from /proc; it runs on Linux only.');
  process.exit(1);
}

const mockServerVersion = packageVersion('packages/mock-server/package.json');
const prismHttpVersion = packageVersion(
  'packages/mock-server/node_modules/@stoplight/prism-http/package.json',
);
const prismMissing = missingReason('@stoplight/prism-cli');
const comparePrismHttp = join(compareDir, 'node_modules/@stoplight/prism-http/package.json');
/** The HTTP engine under prism-cli (bench/compare pins it), to say whether both sides run the same one. */
const prismCliHttpVersion = existsSync(comparePrismHttp) ? packageVersion(comparePrismHttp) : undefined;
const prismVersion = installedVersion('@stoplight/prism-cli') ?? pinnedVersion('@stoplight/prism-cli');
const oursTool = `pnpm mock (@svc-contracts/mock-server ${mockServerVersion}), one process`;
const prismSetTool = `prism mock (@stoplight/prism-cli ${prismVersion}), six processes`;
const prismOneTool = `prism mock (@stoplight/prism-cli ${prismVersion}), one process on the same spec`;
const key = 'prism-mock';

// --- the specs: bundled from the same sources our mock bundles at start-up -------------------------

interface ServiceSpec {
  name: string;
  spec: OpenApiDocument;
  /** The bundled spec written for Prism. */
  file: string;
  /** A documented request used to ask "do you answer yet?" (any HTTP status counts). */
  probe: Call;
}

async function bundleSpecsFor(dir: string): Promise<ServiceSpec[]> {
  const services = listWrittenServices();
  const specs: ServiceSpec[] = [];
  for (const service of services) {
    const { spec, problems } = await bundleService(service);
    if (problems.length > 0) {
      throw new Error(`${service.relativeRoot} does not bundle:\n  ${problems.join('\n  ')}`);
    }
    const file = join(dir, `${service.name}.yaml`);
    writeFileSync(file, stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }));
    specs.push({ name: service.name, spec, file, probe: probeFor(service.name, spec) });
  }
  return specs;
}

/** The first documented GET (or the first operation), path parameters filled with `1`, no body. */
function probeFor(name: string, spec: OpenApiDocument): Call {
  const operations = [...operationsOf(spec, ['paths'])];
  const chosen = operations.find((operation) => operation.method === 'get') ?? operations[0];
  if (!chosen) throw new Error(`the ${name} spec documents no operation to probe`);
  return {
    method: chosen.method.toUpperCase(),
    path: chosen.key.replaceAll(/\{[^}]+\}/g, '1'),
    headers: { accept: '*/*' },
  };
}

/** The documented examples of one response, to tell "the spec's example verbatim" from a built body. */
function documentedExamples(spec: OpenApiDocument, path: string, method: string, status: number): unknown[] {
  const pathItem = deref(spec, spec.paths?.[path]);
  const operation = isObject(pathItem) ? deref(spec, pathItem[method]) : undefined;
  const response = isObject(operation) && isObject(operation.responses) ? operation.responses : {};
  const documented = deref(spec, response[String(status)]);
  const content = isObject(documented) && isObject(documented.content) ? documented.content : {};
  return Object.values(content).flatMap((media) =>
    isObject(media) ? examplesOf(spec, media).map((example) => example.value) : [],
  );
}

// --- the cases -----------------------------------------------------------------------------------

const order = `<?xml version="1.0" encoding="UTF-8"?>
<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType>
<TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList>
</ExistingTelephoneNumberOrderType></Order>`;
const basic = `Basic ${Buffer.from('user:secret').toString('base64')}`;

interface Case {
  id: 'agents-200' | 'agents-422' | 'numbers-xml-order';
  label: string;
  service: string;
  /** The documented path template, to find its examples. */
  template: string;
  call: Call;
  /** What our mock must answer. */
  status: number;
  /** What Prism must answer to be measured; undefined: whatever 2xx it answers, else it cannot. */
  prismStatus?: number;
}

const cases: Case[] = [
  {
    id: 'agents-200',
    label: 'agents GET /api/v1/workflow/fetch?status=active (200 example)',
    service: 'agents',
    template: '/api/v1/workflow/fetch',
    call: {
      method: 'GET',
      path: '/api/v1/workflow/fetch?status=active',
      headers: { authorization: 'Bearer t' },
    },
    status: 200,
    prismStatus: 200,
  },
  {
    id: 'agents-422',
    label: 'agents GET /api/v1/organizations/usage/runs?limit=500 (422)',
    service: 'agents',
    template: '/api/v1/organizations/usage/runs',
    call: {
      method: 'GET',
      path: '/api/v1/organizations/usage/runs?limit=500',
      headers: { authorization: 'Bearer t' },
    },
    status: 422,
    prismStatus: 422,
  },
  {
    id: 'numbers-xml-order',
    label: 'numbers POST /api/v2/accounts/{accountId}/orders, valid XML order (200 XML)',
    service: 'numbers',
    template: '/api/v2/accounts/{accountId}/orders',
    call: {
      method: 'POST',
      path: '/api/v2/accounts/9900000/orders',
      headers: { authorization: basic, 'content-type': 'application/xml' },
      body: order,
    },
    status: 200,
  },
];

// --- starting a set ------------------------------------------------------------------------------

interface Started {
  seconds: number;
  ports: Record<string, number>;
}

/** Resolves once `child` prints output matching `done`; rejects on exit or after `timeoutMs`. */
function waitForOutput(child: Child, done: (output: string) => boolean, timeoutMs: number): Promise<string> {
  return new Promise((resolveOutput, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(
        new Error(`${child.name}: not ready within ${timeoutMs / 1000} s; last output:\n${child.tail()}`),
      );
    }, timeoutMs);
    child.onOutput((output) => {
      if (settled || !done(output)) return;
      settled = true;
      clearTimeout(timer);
      resolveOutput(output);
    });
    void child.exited.then((how) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${child.name} ended (${how}) before it was ready; last output:\n${child.tail()}`));
    });
  });
}

/** Polls `probe` on `port` until it gets any HTTP answer; fails on the child's exit or after the timeout. */
async function pollUntilAnswered(child: Child, port: number, probe: Call, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (!child.running) {
      const how = await child.exited;
      throw new Error(
        `${child.name} ended (${how}) before answering on port ${port}; last output:\n${child.tail()}`,
      );
    }
    if (await answersHttp(port, probe, 1_000)) return;
    if (performance.now() > deadline) {
      throw new Error(
        `${child.name} did not answer ${probe.method} ${probe.path} on port ${port} within ${timeoutMs / 1000} s; last output:\n${child.tail()}`,
      );
    }
    await sleep(pollMs);
  }
}

async function startOurs(group: ProcessGroup, specs: ServiceSpec[]): Promise<Started> {
  const tableRow = /^ {2}(\w+)\s+(\d+)\s+http:/gm;
  const portFlags = [
    '--only',
    specs.map((spec) => spec.name).join(','),
    ...specs.flatMap((spec) => ['--port', `${spec.name}=0`]),
  ];
  const begin = performance.now();
  const child = group.spawn('pnpm mock', process.execPath, [built, ...portFlags], repoRoot);
  // The ready line is printed once every mock has answered a request; the table of ports follows it.
  const output = await waitForOutput(
    child,
    (text) => text.includes('ready in') && [...text.matchAll(tableRow)].length >= specs.length,
    oursTimeoutMs,
  );
  const ports: Record<string, number> = {};
  for (const match of output.matchAll(tableRow)) ports[match[1] ?? ''] = Number(match[2]);
  // For the same criterion as Prism's: every service answers one documented request.
  await Promise.all(
    specs.map(async (spec) => {
      const port = ports[spec.name];
      if (!port) throw new Error(`pnpm mock listed no port for ${spec.name}:\n${child.tail()}`);
      await pollUntilAnswered(child, port, spec.probe, oursTimeoutMs);
    }),
  );
  return { seconds: (performance.now() - begin) / 1000, ports };
}

async function startPrism(group: ProcessGroup, specs: ServiceSpec[], ports: number[]): Promise<Started> {
  const begin = performance.now();
  const children = specs.map((spec, index) =>
    group.spawn(
      `prism mock ${spec.name}`,
      process.execPath,
      [prismCli, 'mock', '-h', '127.0.0.1', '-p', String(ports[index]), spec.file],
      repoRoot,
    ),
  );
  await Promise.all(
    children.map((child, index) =>
      pollUntilAnswered(child, ports[index] ?? 0, specs[index]?.probe as Call, prismTimeoutMs),
    ),
  );
  const seconds = (performance.now() - begin) / 1000;
  return { seconds, ports: Object.fromEntries(specs.map((spec, index) => [spec.name, ports[index] ?? 0])) };
}

// --- one round: start a set, read its memory, load it, stop it -----------------------------------

type Tool = 'ours' | 'prism';

interface Samples {
  startup: number[];
  rssIdle: number[];
  rssLoaded: number[];
  rps: Record<Case['id'], number[]>;
}

const emptySamples = (): Samples => ({
  startup: [],
  rssIdle: [],
  rssLoaded: [],
  rps: { 'agents-200': [], 'agents-422': [], 'numbers-xml-order': [] },
});

/** The first answer of each tool to each case, for the figures' detail. */
const firstAnswers = new Map<string, Answer>();
/** Set when Prism refused the valid XML order: why it cannot do this job. */
let prismXmlRefusal: string | undefined;

async function measureSet(tool: Tool, specs: ServiceSpec[], samples: Samples): Promise<string> {
  const group = new ProcessGroup();
  try {
    const started =
      tool === 'ours'
        ? await startOurs(group, specs)
        : await startPrism(group, specs, await freePorts(specs.length));
    samples.startup.push(started.seconds);
    await sleep(settleMs);
    samples.rssIdle.push(group.rssMb());
    const rates: string[] = [];
    for (const item of cases) {
      const port = started.ports[item.service] ?? 0;
      const first = await callOnce(port, item.call);
      const answerKey = `${tool}:${item.id}`;
      if (!firstAnswers.has(answerKey)) firstAnswers.set(answerKey, first);
      let expected = tool === 'ours' ? item.status : item.prismStatus;
      if (tool === 'prism' && expected === undefined) {
        if (first.status < 200 || first.status > 299) {
          prismXmlRefusal = describeXmlRefusal(first);
          rates.push(`${item.id} refused (${first.status})`);
          continue;
        }
        expected = first.status;
      }
      if (first.status !== expected) {
        throw new Error(
          `${tool === 'ours' ? 'pnpm mock' : 'prism mock'} answered ${item.label} with ${first.status}, expected ${expected}: ${first.body.slice(0, 300)}`,
        );
      }
      const rate = await requestsPerSecond(port, item.call, {
        requests,
        warmup,
        concurrency,
        status: expected,
        label: `${tool === 'ours' ? 'pnpm mock' : 'prism mock'}, ${item.label}`,
      });
      samples.rps[item.id].push(rate);
      rates.push(`${item.id} ${rate.toFixed(0)} req/s`);
    }
    samples.rssLoaded.push(group.rssMb());
    return `ready in ${started.seconds.toFixed(2)} s, RSS ${samples.rssIdle.at(-1)?.toFixed(0)} MB idle, ${samples.rssLoaded.at(-1)?.toFixed(0)} MB loaded; ${rates.join(', ')}`;
  } finally {
    // Ours stops on SIGINT as on Ctrl-C; Prism on SIGTERM. SIGKILL after 5 s either way.
    await group.stopAll(tool === 'ours' ? 'SIGINT' : 'SIGTERM');
  }
}

function describeXmlRefusal(answer: Answer): string {
  const header = answer.headers['sl-violations'];
  let violations = '';
  try {
    const parsed = JSON.parse(String(header ?? '[]')) as Array<{ location?: string[]; message?: string }>;
    violations = parsed
      .filter((violation) => violation.location?.[0] === 'request')
      .map((violation) => violation.message)
      .join('; ');
  } catch {
    violations = String(header ?? '');
  }
  const status =
    answer.status === 422
      ? '422'
      : `${answer.status} (Prism answers a refused request with the operation's 422, else its 400, else its default response)`;
  return (
    'Prism validates an XML request body as if it were JSON against the object schema, so it refuses every ' +
    `XML body: it answered the valid order ${status}${violations ? `, "${violations}" in sl-violations` : ''}, ` +
    'and serves no XML order at all.'
  );
}

async function measureCeiling(): Promise<number> {
  const group = new ProcessGroup();
  try {
    const port = await startCeilingServer(group, repoRoot);
    return await requestsPerSecond(
      port,
      { method: 'GET', path: '/', headers: {} },
      { requests, warmup, concurrency, status: 200, label: 'loopback ceiling' },
    );
  } finally {
    await group.stopAll();
  }
}

// --- the run -------------------------------------------------------------------------------------

/** `422 application/json, the spec's example verbatim (msg "…")`: what a tool answered, in a few words. */
function describeAnswer(spec: ServiceSpec | undefined, item: Case, answer: Answer | undefined): string {
  if (!answer) return 'not measured';
  const type = String(answer.headers['content-type'] ?? 'no content type').split(';')[0];
  const origin = isDocumentedExample(spec, item, answer)
    ? `the spec's ${answer.status} example verbatim`
    : 'a body built for the request';
  let gist = /<(?!\?)([\w:-]+)/.exec(answer.body)?.[1];
  if (gist) gist = `<${gist}>`;
  try {
    const parsed = JSON.parse(answer.body) as { detail?: Array<{ msg?: string }> };
    const message = parsed.detail?.[0]?.msg;
    gist = message ? `msg "${message}"` : undefined;
  } catch {
    // Not JSON: the root element, if any.
  }
  return `${answer.status} ${type}, ${origin}${gist ? ` (${gist})` : ''}`;
}

function isDocumentedExample(spec: ServiceSpec | undefined, item: Case, answer: Answer): boolean {
  if (!spec) return false;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    body = answer.body.trim();
  }
  const examples = documentedExamples(
    spec.spec,
    item.template,
    item.call.method.toLowerCase(),
    answer.status,
  );
  return examples.some(
    (example) =>
      JSON.stringify(typeof example === 'string' ? example.trim() : example) === JSON.stringify(body),
  );
}

const round = (digits: number) => (value: number) => Number(value.toFixed(digits));

async function main(): Promise<void> {
  console.log(
    `svc-mocks benchmark: pnpm mock (built bin) against ${prismMissing ? 'nothing (prism-cli not installed)' : prismSetTool}, node ${process.version}`,
  );
  console.log(
    `${runs} start-up${runs === 1 ? '' : 's'} per tool, ${requests} requests per case after ${warmup} warm-up, concurrency ${concurrency}${tiny ? ' (--tiny)' : ''}\n`,
  );
  if (prismMissing) console.log(`Prism not measured: ${prismMissing}\n`);

  const dir = mkdtempSync(join(tmpdir(), 'svc-mocks-bench-'));
  // Also on Ctrl-C, which ends the process without running the `finally` below.
  const removeDir = (): void => rmSync(dir, { recursive: true, force: true });
  process.once('exit', removeDir);
  const ours = emptySamples();
  const prism = emptySamples();
  const ceiling: number[] = [];
  let specs: ServiceSpec[] = [];
  try {
    specs = await bundleSpecsFor(dir);
    // --tiny runs every code path on the smallest set: the services the request cases call (each set
    // starts two mocks instead of six; four Prism processes less is about 15 s of CPU in `pnpm test`).
    if (tiny) specs = specs.filter((spec) => cases.some((item) => item.service === spec.name));
    for (let run = 0; run < runs; run++) {
      const rate = await measureCeiling();
      ceiling.push(rate);
      console.log(`run ${run + 1}/${runs}: loopback ceiling ${rate.toFixed(0)} req/s`);
      // Alternate which set goes first, so neither always runs on a machine the other just warmed.
      const order: Tool[] = prismMissing ? ['ours'] : run % 2 === 0 ? ['ours', 'prism'] : ['prism', 'ours'];
      for (const tool of order) {
        const line = await measureSet(tool, specs, tool === 'ours' ? ours : prism);
        console.log(`  ${tool === 'ours' ? 'pnpm mock  ' : `prism mock ×${specs.length}`} ${line}`);
      }
    }
  } finally {
    removeDir();
    process.off('exit', removeDir);
  }

  // --- the section ---
  const seconds = round(3);
  const megabytes = round(1);
  const perSecond = round(0);
  const compared = (
    prismRuns: number[],
    tool: string,
    transform: (value: number) => number,
  ): Array<Measured | NotMeasured> => {
    if (prismMissing) return [{ key, tool, status: 'unavailable', reason: prismMissing }];
    return [measured(key, tool, prismRuns.map(transform))];
  };
  const ceilingText = `Loopback ceiling of this client on this machine (a node:http process answering {}): ${median(ceiling).toFixed(0)} req/s.`;
  const answerOf = (tool: Tool, id: Case['id']): Answer | undefined => firstAnswers.get(`${tool}:${id}`);
  const agentsSpec = specs.find((spec) => spec.name === 'agents');
  const case200 = cases[0] as Case;
  const case422 = cases[1] as Case;
  const prism422 = answerOf('prism', 'agents-422');
  const ours422 = answerOf('ours', 'agents-422');
  const numbersSpec = specs.find((spec) => spec.name === 'numbers');
  const caseXml = cases[2] as Case;

  const figures: Figure[] = [
    {
      id: 'mocks.startup',
      label: 'Start-up until all six services answer',
      unit: 's',
      better: 'lower',
      ours: measured('pnpm-mock', oursTool, ours.startup.map(seconds)),
      comparisons: compared(prism.startup, prismSetTool, seconds),
      detail:
        'From spawn until every service has answered a documented request over HTTP (ours: its ready line, then one request per port; Prism: its six processes spawned at once, each port polled every 25 ms).',
    },
    {
      id: 'mocks.rss-idle',
      label: 'RSS of the whole set, idle after start',
      unit: 'MB',
      better: 'lower',
      ours: measured('pnpm-mock', oursTool, ours.rssIdle.map(megabytes)),
      comparisons: compared(prism.rssIdle, prismSetTool, megabytes),
      detail: `VmRSS summed over every process of the set and its descendants, ${settleMs} ms after all six answered.`,
    },
    {
      id: 'mocks.rss-loaded',
      label: 'RSS of the whole set after the throughput load',
      unit: 'MB',
      better: 'lower',
      ours: measured('pnpm-mock', oursTool, ours.rssLoaded.map(megabytes)),
      comparisons: compared(prism.rssLoaded, prismSetTool, megabytes),
      detail: `After the request cases below (agents and numbers loaded, the other four idle)${prismXmlRefusal ? "; Prism's numbers process got one request only, as it refuses the XML order" : ''}.`,
    },
    {
      id: 'mocks.rps.agents-200',
      label: case200.label,
      unit: 'req/s',
      better: 'higher',
      ours: measured('pnpm-mock', oursTool, ours.rps['agents-200'].map(perSecond)),
      comparisons: compared(prism.rps['agents-200'], prismOneTool, perSecond),
      detail: `After each tool's own request checks, ours answers ${describeAnswer(agentsSpec, case200, answerOf('ours', 'agents-200'))}${prismMissing ? '' : `; Prism ${describeAnswer(agentsSpec, case200, answerOf('prism', 'agents-200'))}`}. ${ceilingText}`,
    },
    {
      id: 'mocks.rps.agents-422',
      label: case422.label,
      unit: 'req/s',
      better: 'higher',
      ours: measured('pnpm-mock', oursTool, ours.rps['agents-422'].map(perSecond)),
      comparisons: compared(prism.rps['agents-422'], prismOneTool, perSecond),
      detail: prismMissing
        ? `Ours answers ${describeAnswer(agentsSpec, case422, ours422)}. ${ceilingText}`
        : `Ours answers ${describeAnswer(agentsSpec, case422, ours422)}; Prism ${describeAnswer(agentsSpec, case422, prism422)}, the actual violation only in its sl-violations header. ${ceilingText}`,
    },
    {
      id: 'mocks.rps.numbers-xml-order',
      label: caseXml.label,
      unit: 'req/s',
      better: 'higher',
      ours: measured('pnpm-mock', oursTool, ours.rps['numbers-xml-order'].map(perSecond)),
      comparisons: prismMissing
        ? [{ key, tool: prismOneTool, status: 'unavailable', reason: prismMissing }]
        : prismXmlRefusal
          ? [{ key, tool: prismOneTool, status: 'cannot', reason: prismXmlRefusal }]
          : [measured(key, prismOneTool, prism.rps['numbers-xml-order'].map(perSecond))],
      detail: `Ours checks the order against the numbers XSD (libxml2-wasm, through the contract checker) and answers ${describeAnswer(numbersSpec, caseXml, answerOf('ours', 'numbers-xml-order'))}.${prismMissing ? '' : ` Prism answers ${describeAnswer(numbersSpec, caseXml, answerOf('prism', 'numbers-xml-order'))}.`} ${ceilingText}`,
    },
  ];

  const commandOptions = [
    options.runs ? `--runs ${runs}` : '',
    options.requests ? `--requests ${requests}` : '',
    tiny ? '--tiny' : '',
  ].filter(Boolean);
  const section: Section = {
    id: 'mocks',
    title: 'Mocks: start-up, memory and throughput of all six services',
    command: ['pnpm exec tsx bench/mocks/startup.ts', ...commandOptions].join(' '),
    method: [
      `Ours: the built \`pnpm mock\` bin (packages/mock-server/dist/cli.js, contract-checker checks), one process serving the six services of redocly.yaml on their own ports, with @stoplight/prism-http ${prismHttpVersion} in-process${prismCliHttpVersion && !prismMissing ? ` (prism-cli runs prism-http ${prismCliHttpVersion}${prismCliHttpVersion === prismHttpVersion ? ', the same engine' : ''})` : ''}.`,
      `Prism: six \`prism mock -h 127.0.0.1 -p <port> <spec>\` processes (bench/compare, @stoplight/prism-cli ${prismVersion}, default settings), one per spec, spawned at once. Both run with their default request logging (ours one line per request, Prism its info log of several lines), their output piped to the benchmark and discarded. The specs for Prism are bundled with bundleService (scripts/lib/specs.ts, as \`pnpm bundle\` does) from the same sources into a temporary directory at the start of the run, so a stale dist/specs cannot skew the comparison. The XML order is sent to Prism once per run: if it refuses it, the comparison says \`cannot\` (with Prism's answer), else it is measured.`,
      `Start-up: from spawn until every service has answered one documented request (any HTTP status): ours after its ready line, Prism by polling each port every ${pollMs} ms.`,
      `RSS: VmRSS from /proc summed over every process of the set and its descendants, ${settleMs} ms after start-up (idle) and after the request cases (loaded).`,
      `Requests: a node:http keep-alive client in the benchmark process, ${concurrency} concurrent connections, ${requests} requests per case after a warm-up of ${warmup}, every answer's status checked; Prism's throughput is that of the one process serving the case's spec.`,
      `Each run starts each set once (alternating which goes first), reads its memory, loads it and stops it; ${runs} run${runs === 1 ? '' : 's'}, medians reported. The loopback ceiling (a node:http process answering {}) is measured once per run with the same client.`,
    ].join(' '),
    figures,
    versions: {
      node: process.version,
      '@svc-contracts/mock-server': mockServerVersion,
      '@stoplight/prism-http': prismHttpVersion,
      ...(prismMissing ? {} : { '@stoplight/prism-cli': prismVersion }),
    },
  };
  emitSection(section, options.json);

  // --- the human summary ---
  console.log('\nfigure (median)                                          pnpm mock   prism mock');
  for (const figure of figures) {
    const comparison = figure.comparisons[0];
    const theirs =
      comparison && 'sample' in comparison
        ? `${comparison.sample.median} ${figure.unit}`
        : comparison
          ? comparison.status
          : '';
    console.log(
      `  ${figure.id.padEnd(30)} ${`${figure.ours.sample.median} ${figure.unit}`.padStart(16)}   ${theirs}`,
    );
  }
  console.log(`  loopback ceiling: ${median(ceiling).toFixed(0)} req/s`);
  if (prismXmlRefusal) console.log(`  prism, XML order: ${prismXmlRefusal}`);
  if (options.json) console.log(`\nsection written to ${options.json}`);
}

try {
  await main();
} catch (error) {
  console.error(`\nbench/mocks/startup.ts failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
