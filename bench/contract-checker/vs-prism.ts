/**
 * Contract-check throughput against Prism's validating proxy and against the floor of JSON.parse plus a
 * precompiled Ajv validate, on the same entries: every entry of contract-tests/recordings.
 *
 *   pnpm exec tsx bench/contract-checker/vs-prism.ts [--processes 3] [--rounds 3] [--passes 3] [--min-ms 500]
 *     [--warm-ms 2000] [--details] [--tiny] [--json FILE]
 *
 * Each tool runs in its own process (vs-prism-worker.ts), one after the other, so each peak RSS is that
 * tool's; the tools are run `--processes` times in turn. The floors are timed in one process with the
 * checker, in alternating slices (`paired`): timed in processes of their own, minutes apart, the ratio of
 * the checker to a floor moved by 2x between runs of the same code on a shared machine. This process
 * serves the loopback upstream that Prism's proxy forwards to: it answers each request with the recorded
 * response of the entry named by the `x-bench-entry` header. Figures are the median over every round of
 * every process; `--details` lists every entry on which Prism and the contract checker disagree.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadContracts } from '@svc-contracts/contract-checker';
import { isXmlMediaType } from '@svc-contracts/openapi-utils';
import { emitSection, type Figure, integerOption, measured, median, type Section } from '../lib/section.ts';
import { packageVersion } from '../lib/versions.ts';
import { type BenchEntry, loadEntries, repoRoot, type Subset, subsetOf } from './vs-prism-entries.ts';
import type {
  EntryFinding,
  FloorTool,
  Measurement,
  PairedTool,
  Tool,
  WorkerResult,
} from './vs-prism-worker.ts';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    runs: { type: 'string' },
    passes: { type: 'string', default: '3' },
    'min-ms': { type: 'string', default: '500' },
    'warm-ms': { type: 'string', default: '2000' },
    details: { type: 'boolean', default: false },
    tiny: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const tiny = values.tiny === true;
const processes = tiny ? 1 : integerOption('processes', values.processes, 1, 20);
// `--runs` is what `pnpm bench --runs N` passes to every section: here, rounds per process.
const rounds = tiny ? 1 : integerOption(values.runs ? 'runs' : 'rounds', values.runs ?? values.rounds, 1, 50);
const passes = tiny ? 1 : integerOption('passes', values.passes, 1, 1000);
const minMs = tiny ? 0 : integerOption('min-ms', values['min-ms'], 0, 5000);
const warmMs = tiny ? 0 : integerOption('warm-ms', values['warm-ms'], 0, 30_000);
const workerPath = join(repoRoot, 'bench', 'contract-checker', 'vs-prism-worker.ts');
const workerTimeoutMs = 150_000;

// `--tiny` checks that the script runs, not the figures: every fifth entry, JSON and XML alike.
const sample = tiny ? 5 : 1;
const entries = loadEntries(sample);
const byId = new Map(entries.map((entry) => [entry.id, entry]));

// ------------------------------------------------------------------------------------------ upstream

const skippedResponseHeaders = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive']);

function replay(request: IncomingMessage, response: ServerResponse): void {
  request.resume();
  request.on('end', () => {
    const entry = byId.get(Number(request.headers['x-bench-entry']));
    if (!entry) {
      response.writeHead(599, { 'content-type': 'text/plain' }).end('no x-bench-entry');
      return;
    }
    const headers: Record<string, string> = {};
    for (const { name, value } of entry.response.headers) {
      const key = name.toLowerCase();
      if (skippedResponseHeaders.has(key)) continue;
      headers[key] = headers[key] === undefined ? value : `${headers[key]}, ${value}`;
    }
    const body = entry.response.status === 204 ? '' : (entry.response.body ?? '');
    headers['content-length'] = String(Buffer.byteLength(body));
    response.writeHead(entry.response.status, headers).end(body);
  });
}

const upstream = createServer(replay);
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

// ------------------------------------------------------------------------------------------- workers

function runWorker(tool: Tool): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        workerPath,
        tool,
        String(rounds),
        String(passes),
        String(minMs),
        String(warmMs),
        upstreamUrl,
        String(sample),
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${tool}: no result within ${workerTimeoutMs / 1000} s`));
    }, workerTimeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{')) {
        reject(new Error(`${tool} exited with ${code}:\n${stderr}\n${stdout}`));
        return;
      }
      resolve(JSON.parse(line) as WorkerResult);
    });
  });
}

const tools: Array<{ tool: Tool; label: string }> = [
  { tool: 'ours', label: 'contract checker (`checkExchangeNow`, contracts loaded once)' },
  { tool: 'prism-proxy', label: 'Prism 5.12 validating proxy, in-process, loopback upstream' },
  { tool: 'prism-replay', label: 'Prism 5.12 proxy engine, upstream replayed in memory (no HTTP)' },
  { tool: 'paired', label: 'contract checker and both floors, in one process, alternating slices' },
];

const floorLabels: Record<FloorTool, string> = {
  floor: 'floor: JSON.parse + precompiled Ajv (response body only)',
  'floor-both': 'floor, both bodies: JSON.parse + precompiled Ajv (request and response)',
};

/** Every process's result per tool; rounds of every process pool into one set of rates. */
const runsByTool = new Map<Tool, WorkerResult[]>();
// The checker's set-up cache is filled before the first timed process, so every `ours` process loads
// with a warm cache (what every run after the first one on a machine does); `ours-cold` loads without it.
await (await loadContracts({ configPath: join(repoRoot, 'redocly.yaml') })).close();
try {
  for (let run = 0; run < processes; run++) {
    for (const tool of [...tools.map((entry) => entry.tool), 'ours-cold' as const]) {
      const started = performance.now();
      const result = await runWorker(tool);
      runsByTool.set(tool, [...(runsByTool.get(tool) ?? []), result]);
      console.error(
        `${tool} (process ${run + 1} of ${processes}): done in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  }
} finally {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
}

/** One result per tool: the first process's findings, the rates of every round of every process. */
function pooled(list: WorkerResult[]): WorkerResult {
  const [first] = list as [WorkerResult];
  return {
    ...first,
    loadMs: median(list.map((result) => result.loadMs)),
    peakRssMb: median(list.map((result) => result.peakRssMb)),
    measurements: first.measurements.map((measurement) => {
      const same = list.flatMap((result) =>
        result.measurements.filter(
          (other) => other.subset === measurement.subset && other.inFlight === measurement.inFlight,
        ),
      );
      return {
        ...measurement,
        rates: same.flatMap((other) => other.rates),
        passes: same.flatMap((other) => other.passes),
      };
    }),
  };
}
const results = new Map<Tool, WorkerResult>([...runsByTool].map(([tool, list]) => [tool, pooled(list)]));

/** The rates of one tool of the `paired` processes, every round of every process. */
function pairedRatesOf(tool: PairedTool): number[] {
  return (runsByTool.get('paired') ?? []).flatMap((result) => result.paired?.[tool] ?? []);
}
const pairedJson = (tool: PairedTool): Measurement => ({
  subset: 'json',
  inFlight: 1,
  entries: subsetOf(entries, 'json').length,
  passes: [],
  rates: pairedRatesOf(tool),
});
// The floors as rows of their own: their rates from the paired processes, their findings from the first.
for (const tool of ['floor', 'floor-both'] as const) {
  const first = runsByTool.get('paired')?.[0]?.floors?.[tool];
  if (!first) continue;
  results.set(tool, {
    tool,
    loadMs: 0,
    peakRssMb: 0,
    measurements: [pairedJson(tool)],
    findings: first.findings,
    validatedBodies: first.validatedBodies,
  });
}

// ------------------------------------------------------------------------------------------- figures

const format = (value: number): string => Math.round(value).toLocaleString('en-US');
const subsetName: Record<Subset, string> = { json: 'JSON', xml: 'XML', all: 'all' };

function findingsIn(result: WorkerResult | undefined, subset: Subset): EntryFinding[] {
  const ids = new Set(subsetOf(entries, subset).map((entry) => entry.id));
  return (result?.findings ?? []).filter((finding) => ids.has(finding.id));
}

function foundText(tool: Tool, subset: Subset): string {
  const findings = findingsIn(results.get(tool), subset);
  if (tool === 'ours') {
    const request = findings.filter((finding) => finding.request.length > 0).length;
    const failing = findings.filter((finding) => finding.note === 'violation').length;
    return `${request} bad requests (all refused as documented); ${failing} entries failing`;
  }
  if (tool === 'floor' || tool === 'floor-both') {
    const failing = findings.filter((finding) => finding.request.length + finding.response.length > 0);
    return `${failing.length} entries with a body failing`;
  }
  const request = findings.filter((finding) => finding.request.length > 0).length;
  const response = findings.filter((finding) => finding.response.length > 0).length;
  const errors = findings.filter((finding) => finding.note?.startsWith('error')).length;
  const xml = subset === 'json' ? '' : ' (XML bodies not validated, see below)';
  return `${request} requests, ${response} responses flagged${errors ? `; ${errors} errors` : ''}${xml}`;
}

function measurementOf(tool: Tool, subset: Subset, inFlight: number): Measurement | undefined {
  return results
    .get(tool)
    ?.measurements.find((measurement) => measurement.subset === subset && measurement.inFlight === inFlight);
}

const rows: string[] = [
  '| tool | entries | in flight | entries/s (median) | range over rounds | ratio to ours | violations found |',
  '|---|---:|---:|---:|---:|---:|---|',
];
const rowTools: Array<{ tool: Tool; label: string }> = [
  ...tools.filter((entry) => entry.tool !== 'paired'),
  ...(['floor', 'floor-both'] as const).map((tool) => ({ tool, label: floorLabels[tool] })),
];
const pairedOurs = pairedRatesOf('ours');
for (const { tool, label } of rowTools) {
  for (const measurement of results.get(tool)?.measurements ?? []) {
    const rate = median(measurement.rates);
    // A floor is compared with the checker timed beside it, in the same process.
    const oursRates =
      tool === 'floor' || tool === 'floor-both'
        ? pairedOurs
        : measurementOf('ours', measurement.subset, measurement.inFlight)?.rates;
    const ratio = oursRates?.length ? `${(rate / median(oursRates)).toFixed(2)}×` : '';
    const range = `${format(Math.min(...measurement.rates))}–${format(Math.max(...measurement.rates))}`;
    rows.push(
      `| ${label} | ${subsetName[measurement.subset]} ${measurement.entries} | ${measurement.inFlight} | ${format(rate)} | ${range} | ${ratio} | ${foundText(tool, measurement.subset)} |`,
    );
  }
}

if (pairedOurs.length > 0) {
  const range = `${format(Math.min(...pairedOurs))}–${format(Math.max(...pairedOurs))}`;
  rows.push(
    `| contract checker, timed beside the floors (one process, alternating slices) | JSON ${subsetOf(entries, 'json').length} | 1 | ${format(median(pairedOurs))} | ${range} | 1.00× | (as above) |`,
  );
}

const resources = ['| tool | set-up (load + compile) | peak RSS of its process |', '|---|---:|---:|'];
const setupRows = [
  ...tools,
  { tool: 'ours-cold' as const, label: 'contract checker, set-up only, without its set-up cache' },
];
for (const { tool, label } of setupRows) {
  if (tool === 'paired') continue;
  const result = results.get(tool);
  if (result) {
    resources.push(`| ${label} | ${format(result.loadMs)} ms | ${format(result.peakRssMb)} MB |`);
  }
}

// --------------------------------------------------------------------------------- who found what

function bodyType(headers: BenchEntry['request']['headers']): string {
  return headers.find((header) => header.name.toLowerCase() === 'content-type')?.value ?? '';
}

/**
 * Prism takes an XML body for a JSON value (a string): against an object schema it always reports
 * "… body must be object", against a string schema it never reports anything. Such a diagnostic on an
 * XML body says nothing about the document, so it is counted apart.
 */
function isBlanket(diagnostic: string, side: 'Request' | 'Response', entry: BenchEntry): boolean {
  const part = side === 'Request' ? entry.request : entry.response;
  return diagnostic === `type body: ${side} body must be object` && isXmlMediaType(bodyType(part.headers));
}

const count = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};
const list = (map: Map<string, number>): string =>
  [...map].map(([key, times]) => `${key} ×${times}`).join('; ') || 'none';

/** Prism's diagnostic without the property it names, so that alike findings group. */
function shortMessage(text: string): string {
  return text.replace(/^\S+ \S*: /, '').replace(/ property \S+ /, ' property … ');
}

function agreement(subset: Subset): string {
  const ours = new Map(findingsIn(results.get('ours'), subset).map((finding) => [finding.id, finding]));
  const prism = findingsIn(results.get('prism-proxy'), subset);
  let bad = 0;
  let both = 0;
  const missed = new Map<string, number>();
  const falseFlags = new Map<string, number>();
  let xmlRequests = 0;
  let blanketRequests = 0;
  let xmlResponses = 0;
  let blanketResponses = 0;
  for (const finding of prism) {
    const entry = byId.get(finding.id) as BenchEntry;
    const mine = ours.get(finding.id);
    const requestFlags = finding.request.filter((diagnostic) => !isBlanket(diagnostic, 'Request', entry));
    const responseFlags = finding.response.filter((diagnostic) => !isBlanket(diagnostic, 'Response', entry));
    if (entry.request.body && isXmlMediaType(bodyType(entry.request.headers))) {
      xmlRequests++;
      if (requestFlags.length < finding.request.length) blanketRequests++;
    }
    if (entry.response.body && isXmlMediaType(bodyType(entry.response.headers))) {
      xmlResponses++;
      if (responseFlags.length < finding.response.length) blanketResponses++;
    }
    const weFound = (mine?.request.length ?? 0) > 0;
    if (weFound) bad++;
    if (weFound && requestFlags.length > 0) both++;
    else if (weFound) for (const rule of new Set(mine?.request)) count(missed, rule);
    else for (const message of new Set(requestFlags.map(shortMessage))) count(falseFlags, message);
    for (const message of new Set(responseFlags.map(shortMessage))) count(falseFlags, `response: ${message}`);
  }
  const blanket =
    xmlRequests + xmlResponses > 0
      ? `request: ${blanketRequests} of ${xmlRequests}; response: ${blanketResponses} of ${xmlResponses}`
      : 'no XML bodies';
  return `| ${subsetName[subset]} ${prism.length} | ${bad} | ${both} | ${bad - both} (${list(missed)}) | ${list(falseFlags)} | ${blanket} |`;
}

const agreementRows = [
  '| entries | bad requests (contract checker) | also flagged by Prism | missed by Prism (rules) | Prism flags on good requests or responses | XML bodies Prism answers "body must be object", valid or not |',
  '|---|---:|---:|---|---|---|',
  ...(['json', 'xml'] as Subset[]).map(agreement),
];

const floor = results.get('floor');
console.log(`Entries: ${entries.length} (${subsetOf(entries, 'json').length} JSON or bodiless, ${subsetOf(entries, 'xml').length} with an XML body) from contract-tests/recordings.
Processes per tool: ${processes}; rounds per process: ${rounds}; each round at least ${passes} passes over the set and at least ${minMs} ms. Node ${process.version}.
Floor: ${floor?.validatedBodies ?? 0} of the JSON entries have a JSON response body with a schema; the others cost only the loop. Floor, both bodies: ${results.get('floor-both')?.validatedBodies ?? 0} JSON bodies with a schema, requests and responses.

${rows.join('\n')}

${resources.join('\n')}

Who found what (the contract checker fails no entry: each conforms or is a bad request refused as documented):

${agreementRows.join('\n')}`);

if (values.details) {
  const ours = new Map((results.get('ours')?.findings ?? []).map((finding) => [finding.id, finding]));
  console.log('\nEntries where they disagree:');
  for (const finding of results.get('prism-proxy')?.findings ?? []) {
    const mine = ours.get(finding.id);
    const entry = byId.get(finding.id) as BenchEntry;
    const disagree =
      (mine?.request.length ?? 0) > 0 !== finding.request.length > 0 || finding.response.length > 0;
    if (!disagree) continue;
    console.log(
      `  ${entry.file} #${entry.index} ${entry.request.method} -> ${entry.response.status}: ours [${mine?.request.join(', ')}] (${mine?.note}); Prism request [${finding.request.join(' | ')}] response [${finding.response.join(' | ')}]`,
    );
  }
}

// ------------------------------------------------------------------------------------------- section

const comparedTools: Array<{ tool: Tool; key: string; name: string }> = [
  { tool: 'prism-proxy', key: 'prism-proxy', name: 'Prism 5.12 validating proxy (loopback upstream)' },
  { tool: 'prism-replay', key: 'prism-engine', name: 'Prism 5.12 proxy engine, no HTTP' },
];

/**
 * A floor's rate over the checker's, round by round (each round's rates come from the same slices):
 * the median and the range, which shows how far the host moved the ratio within the run.
 */
function perRoundRatio(tool: PairedTool): string {
  const floor = pairedRatesOf(tool);
  const ratios = pairedOurs.map((ours, round) => (floor[round] as number) / ours);
  const times = (ratio: number) => `${ratio.toFixed(2)}×`;
  return `${times(median(ratios))} (${times(Math.min(...ratios))}–${times(Math.max(...ratios))})`;
}

/** The checker against the floors, timed side by side in the `paired` processes. */
function floorFigure(): Figure[] {
  if (pairedOurs.length === 0) return [];
  return [
    {
      id: 'contract-check.json.1.floor',
      label: `JSON entries (${subsetOf(entries, 'json').length}), 1 in flight, timed beside the floor in one process`,
      unit: 'entries/s',
      better: 'higher',
      ours: measured('ours', 'contract checker', pairedOurs),
      comparisons: [
        measured('ajv-floor', 'floor: JSON.parse + precompiled Ajv', pairedRatesOf('floor')),
        measured(
          'ajv-floor-both-bodies',
          'floor, both bodies: JSON.parse + precompiled Ajv of request and response',
          pairedRatesOf('floor-both'),
        ),
      ],
      detail: `in alternating slices of about 25 ms, the order of the three rotating; the floor validates ${results.get('floor')?.validatedBodies ?? 0} response bodies, the floor of both bodies ${results.get('floor-both')?.validatedBodies ?? 0} bodies; the floor's rate over the checker's, round by round (median, range): ${perRoundRatio('floor')} for the response floor, ${perRoundRatio('floor-both')} for both bodies`,
    },
  ];
}

function throughputFigures(): Figure[] {
  const figures: Figure[] = [];
  for (const measurement of results.get('ours')?.measurements ?? []) {
    const { subset, inFlight } = measurement;
    const comparisons = comparedTools.flatMap(({ tool, key, name }) => {
      const other = measurementOf(tool, subset, inFlight);
      return other ? [measured(key, name, other.rates)] : [];
    });
    figures.push({
      id: `contract-check.${subset}.${inFlight}`,
      label: `${subsetName[subset]} entries (${measurement.entries}), ${inFlight} in flight`,
      unit: 'entries/s',
      better: 'higher',
      ours: measured('ours', 'contract checker', measurement.rates),
      comparisons,
      detail: `contract checker: ${foundText('ours', subset)}; Prism: ${foundText('prism-proxy', subset)}`,
    });
  }
  return figures;
}

function resourceFigure(
  id: string,
  label: string,
  unit: 'ms' | 'MB',
  pick: (result: WorkerResult) => number,
  oursTool: Tool = 'ours',
): Figure {
  const runsOf = (tool: Tool) => (runsByTool.get(tool) ?? []).map(pick);
  return {
    id,
    label,
    unit,
    better: 'lower',
    ours: measured('ours', 'contract checker', runsOf(oursTool)),
    comparisons: [
      measured('prism-proxy', 'Prism 5.12 validating proxy (loopback upstream)', runsOf('prism-proxy')),
    ],
  };
}

const section: Section = {
  id: 'contract-check',
  title: 'Contract check: recorded traffic against the specs',
  command: `pnpm exec tsx bench/contract-checker/vs-prism.ts --processes ${processes} --rounds ${rounds}`,
  method: `The same ${entries.length} entries for every tool: ${sample === 1 ? 'every entry' : `every ${sample}th entry`} of contract-tests/recordings (${subsetOf(entries, 'json').length} JSON or bodiless, ${subsetOf(entries, 'xml').length} with an XML body), read once with the checker's HAR reader. Each tool runs in its own process, one tool after the other, ${processes} process(es) per tool: one untimed pass recording what it finds, ${warmMs} ms of untimed warm-up, then ${rounds} round(s) of at least ${passes} pass(es) and ${minMs} ms. A figure is the median over every round of every process. Contract checker: \`loadContracts\` once, then \`checkExchangeNow\` per entry (1 in flight, or 64 as \`checkHarFiles\` does by default): a JSON entry's verdict is returned at once, an XML entry's is awaited. The harness awaits only what returns a promise, for every tool; the floor answers at once. Prism proxy: prism-http's \`createInstance\` in proxy mode (request and response validation, security checks, \`errors: false\` so every request is forwarded) on the bundled specs, forwarding to a loopback server that replays the recorded response; Prism engine, no HTTP: the same with the forward step replaced by an in-memory replay. Floor: \`JSON.parse\` of the response body and a precompiled Ajv 2020 validate of its schema, nothing else (${results.get('floor')?.validatedBodies ?? 0} of the JSON entries have such a body); floor, both bodies: the same for the request body as well (${results.get('floor-both')?.validatedBodies ?? 0} JSON bodies with a schema in all), since the checker reads both sides. The floors are timed in ${processes} process(es) of their own together with the checker, in alternating slices of about 25 ms (the order of the three rotating from slice to slice; each at least ${minMs} ms per round after ${warmMs} ms of warm-up each), so that the ratio compares work done under the same load: timed in separate processes minutes apart, on a shared machine, the same code's ratio moved by 2x. Set-up and peak RSS: one value per process; the checker's set-up is measured with its set-up cache filled beforehand (every load after the first on a machine), and, in a process of its own that checks nothing, with \`cache: false\` (bundle with Redocly, compile with Ajv).`,
  figures: [
    ...throughputFigures(),
    ...floorFigure(),
    resourceFigure(
      'contract-check.setup',
      'set-up: load and compile the six specs (warm set-up cache)',
      'ms',
      (r) => r.loadMs,
    ),
    resourceFigure(
      'contract-check.setup-cold',
      'set-up without the set-up cache (`cache: false`: bundle and compile)',
      'ms',
      (r) => r.loadMs,
      'ours-cold',
    ),
    resourceFigure('contract-check.peak-rss', 'peak RSS of the checking process', 'MB', (r) => r.peakRssMb),
  ],
  versions: {
    '@svc-contracts/contract-checker': packageVersion('packages/contract-checker/package.json'),
    '@stoplight/prism-http': packageVersion(
      'packages/mock-server/node_modules/@stoplight/prism-http/package.json',
    ),
    ajv: packageVersion('node_modules/ajv/package.json'),
  },
  findings: [
    'Who found what (the contract checker fails no entry: each conforms or is a bad request refused as documented):',
    agreementRows.join('\n'),
  ],
};
emitSection(section, values.json);
