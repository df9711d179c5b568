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
 * the checker to a floor moved between runs of the same code on a shared machine by more than the gap measured. This process
 * serves the loopback upstream that Prism's proxy forwards to: it answers each request with the recorded
 * response of the entry named by the `x-bench-entry` header. Figures are the median over every round of
 * every process; `--details` lists every entry on which Prism and the contract checker disagree.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadContracts } from '@svc-contracts/contract-checker';
import { integerValue, readOptions } from '../lib/options.ts';
import { emitSection, median } from '../lib/section.ts';
import { agreementTable, disagreements } from './vs-prism-agreement.ts';
import { loadEntries, repoRoot, subsetOf } from './vs-prism-entries.ts';
import { format, subsetName, viewOfRun } from './vs-prism-results.ts';
import {
  type FloorTool,
  floorTools,
  fromImportTools,
  isFloor,
  type Tool,
  type WorkerResult,
} from './vs-prism-runner.ts';
import { contractCheckSection } from './vs-prism-section.ts';

const usage = `Usage: pnpm exec tsx bench/contract-checker/vs-prism.ts [--processes N] [--rounds N] [--passes N]
  [--min-ms N] [--warm-ms N] [--details] [--tiny] [--json FILE]

The contract checker against Prism's validating proxy and the JSON.parse + Ajv floors, on every recorded entry.
  --processes N   processes per tool, run in turn (1-20, default 3)
  --rounds N      timed rounds per process (1-50, default 3); --runs N is the same (what pnpm bench passes)
  --passes N      at least this many passes over the entries per round (1-1000, default 3)
  --min-ms N      and at least this many ms per round (0-5000, default 500)
  --warm-ms N     untimed warm-up per process (0-30000, default 2000)
  --details       list every entry on which Prism and the contract checker disagree
  --tiny          one process, one round, every fifth entry: checks that it runs
  --json FILE     also write the section of bench/RESULTS.md there
  -h, --help      this text`;

const values = readOptions(usage, {
  processes: { type: 'string' },
  rounds: { type: 'string' },
  runs: { type: 'string' },
  passes: { type: 'string' },
  'min-ms': { type: 'string' },
  'warm-ms': { type: 'string' },
  details: { type: 'boolean', default: false },
  tiny: { type: 'boolean', default: false },
  json: { type: 'string' },
});

const tiny = values.tiny === true;
const processes = tiny ? 1 : integerValue(usage, 'processes', values.processes, 3, 1, 20);
// `--runs` is what `pnpm bench --runs N` passes to every section: here, rounds per process.
const rounds = tiny
  ? 1
  : integerValue(usage, values.runs ? 'runs' : 'rounds', values.runs ?? values.rounds, 3, 1, 50);
const passes = tiny ? 1 : integerValue(usage, 'passes', values.passes, 3, 1, 1000);
const minMs = tiny ? 0 : integerValue(usage, 'min-ms', values['min-ms'], 500, 0, 5000);
const warmMs = tiny ? 0 : integerValue(usage, 'warm-ms', values['warm-ms'], 2000, 0, 30_000);
const workerPath = join(repoRoot, 'bench', 'contract-checker', 'vs-prism-worker.ts');
const coldStartPath = join(repoRoot, 'bench', 'contract-checker', 'vs-prism-cold-start.mjs');
const workerTimeoutMs = 150_000;

// `--tiny` checks that the script runs, not the figures: every fifth entry, JSON and XML alike.
const sample = tiny ? 5 : 1;
const entries = loadEntries(sample);
const byId = new Map(entries.map((entry) => [entry.id, entry]));
/** The services of the entries: what Prism's set-up bundles (in the proxy runners and from its import). */
const entryServices = [...new Set(entries.map((entry) => entry.service))];

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
  // A set-up from before the import runs in plain Node (no TypeScript loader), as a user runs either tool.
  const args = (fromImportTools as readonly Tool[]).includes(tool)
    ? [coldStartPath, tool, ...entryServices]
    : [
        '--import',
        'tsx',
        workerPath,
        ...['--tool', tool, '--rounds', String(rounds), '--passes', String(passes)],
        ...['--min-ms', String(minMs), '--warm-ms', String(warmMs)],
        ...['--upstream', upstreamUrl, '--sample', String(sample)],
      ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
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
  { tool: 'paired', label: 'contract checker and the floors, in one process, alternating slices' },
];

const floorLabels: Record<FloorTool, string> = {
  floor: 'floor: JSON.parse + precompiled Ajv (response body only)',
  'floor-both': 'floor, both bodies: JSON.parse + precompiled Ajv (request and response)',
  'floor-json': 'floor, every JSON document: both bodies and the JSON query parameters',
};

/** Every process's result per tool; rounds of every process pool into one set of rates. */
const runsByTool = new Map<Tool, WorkerResult[]>();
// The checker's set-up cache is filled before the first timed process, so every `ours` process loads
// with a warm cache (what every run after the first one on a machine does); `ours-cold` loads without it.
await (await loadContracts({ configPath: join(repoRoot, 'redocly.yaml') })).close();
try {
  for (let run = 0; run < processes; run++) {
    // The two set-ups from before the import, one after the other, their order alternating by round.
    const fromImport = run % 2 === 0 ? [...fromImportTools] : [...fromImportTools].reverse();
    for (const tool of [...tools.map((entry) => entry.tool), 'ours-cold' as const, ...fromImport]) {
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

const view = viewOfRun(entries, runsByTool);
const { results, pairedRatesOf, foundText, measurementOf } = view;

// ------------------------------------------------------------------------------------------- tables

const rows: string[] = [
  '| tool | entries | in flight | entries/s (median) | range over rounds | ratio to ours | violations found |',
  '|---|---:|---:|---:|---:|---:|---|',
];
const rowTools: Array<{ tool: Tool; label: string }> = [
  ...tools.filter((entry) => entry.tool !== 'paired'),
  ...floorTools.map((tool) => ({ tool, label: floorLabels[tool] })),
];
const pairedOurs = pairedRatesOf('ours');
for (const { tool, label } of rowTools) {
  for (const measurement of results.get(tool)?.measurements ?? []) {
    const rate = median(measurement.rates);
    // A floor is compared with the checker timed beside it, in the same process.
    const oursRates = isFloor(tool)
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

const resources = [
  '| tool | set-up (load + compile) | from a new process to every entry checked once | peak RSS of its process |',
  '|---|---:|---:|---:|',
];
const setupRows = [
  ...tools,
  { tool: 'ours-cold' as const, label: 'contract checker without its set-up cache' },
];
for (const { tool, label } of setupRows) {
  if (tool === 'paired') continue;
  const result = results.get(tool);
  if (result) {
    const firstPass = result.firstPassMs === undefined ? '' : `${format(result.firstPassMs)} ms`;
    resources.push(
      `| ${label} | ${format(result.loadMs)} ms | ${firstPass} | ${format(result.peakRssMb)} MB |`,
    );
  }
}

const fromImportRows = [
  '| tool | cold set-up from before its import (median) | range | of which after the import | peak RSS |',
  '|---|---:|---:|---:|---:|',
];
for (const [tool, label] of [
  ['ours-from-import', 'contract checker, `cache: false`'],
  ['prism-from-import', 'Prism 5.12 proxy (prism-http, prism-core, bundling, operations, instance)'],
] as const) {
  const runs = runsByTool.get(tool) ?? [];
  const fromImport = runs.map((result) => result.fromImportMs ?? Number.NaN);
  if (runs.length === 0) continue;
  fromImportRows.push(
    `| ${label} | ${format(median(fromImport))} ms | ${format(Math.min(...fromImport))}–${format(Math.max(...fromImport))} ms | ${format(median(runs.map((result) => result.loadMs)))} ms | ${format(median(runs.map((result) => result.peakRssMb)))} MB |`,
  );
}

const agreementRows = agreementTable(view);

const floor = results.get('floor');
console.log(`Entries: ${entries.length} (${subsetOf(entries, 'json').length} JSON or bodiless, ${subsetOf(entries, 'xml').length} with an XML body) from contract-tests/recordings.
Processes per tool: ${processes}; rounds per process: ${rounds}; each round at least ${passes} passes over the set and at least ${minMs} ms. Node ${process.version}.
Floor: ${floor?.validatedBodies ?? 0} of the JSON entries have a JSON response body with a schema; the others cost only the loop. Floor, both bodies: ${results.get('floor-both')?.validatedBodies ?? 0} JSON bodies with a schema, requests and responses. Floor, every JSON document: ${results.get('floor-json')?.validatedBodies ?? 0}, those bodies and the JSON query parameters sent.

${rows.join('\n')}

${resources.join('\n')}

Cold set-up timed from before each tool's import, each value a plain Node process of its own:

${fromImportRows.join('\n')}

Who found what (the contract checker fails no entry: each conforms or is a bad request refused as documented):

${agreementRows.join('\n')}`);

if (values.details) console.log(['\nEntries where they disagree:', ...disagreements(view)].join('\n'));

emitSection(
  contractCheckSection(view, { processes, rounds, passes, minMs, warmMs, sample }, agreementRows),
  values.json,
);
