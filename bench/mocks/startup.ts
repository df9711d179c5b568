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
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from '../../scripts/lib/paths.ts';
import { integerValue, readOptions, usageError } from '../lib/options.ts';
import { emitSection, median } from '../lib/section.ts';
import { type Answer, callOnce, requestsPerSecond, startCeilingServer } from './http-load.ts';
import { freePorts, ProcessGroup } from './processes.ts';
import { cases, describeXmlRefusal } from './startup-cases.ts';
import {
  emptySamples,
  mocksSection,
  prismMissing,
  prismSetTool,
  type Samples,
  type Tool,
} from './startup-section.ts';
import { built, startOurs, startPrism } from './startup-sets.ts';
import { bundleSpecsFor, type ServiceSpec } from './startup-specs.ts';

const usage = `Usage: pnpm exec tsx bench/mocks/startup.ts [--runs N] [--requests N] [--tiny] [--json FILE]

Starts pnpm mock and six prism mock processes in turn: start-up, RSS and requests per second.
  --runs N        start-ups per tool (1-50, default 3)
  --requests N    requests per case (1-1000000, default 5000)
  --tiny          the smallest run: every code path, figures meaningless
  --json FILE     also write the section of bench/RESULTS.md there
  -h, --help      this text`;

const options = readOptions(usage, {
  runs: { type: 'string' },
  requests: { type: 'string' },
  tiny: { type: 'boolean' },
  json: { type: 'string' },
});

const tiny = options.tiny === true;
const runs = integerValue(usage, 'runs', options.runs, tiny ? 1 : 3, 1, 50);
const requests = integerValue(usage, 'requests', options.requests, tiny ? 50 : 5000, 1, 1_000_000);
if (options.json === '') usageError(usage, '--json needs a file name');
const warmup = tiny ? 20 : Math.min(1000, requests);
const concurrency = 16;
/** Pause between "all six answer" and reading the idle RSS, so start-up garbage can be collected. */
const settleMs = tiny ? 200 : 1000;

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

// --- one round: start a set, read its memory, load it, stop it -----------------------------------

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
    // starts two mocks instead of six; four Prism processes less saves seconds of CPU in `pnpm test`).
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

  const commandOptions = [
    options.runs ? `--runs ${runs}` : '',
    options.requests ? `--requests ${requests}` : '',
    tiny ? '--tiny' : '',
  ].filter(Boolean);
  const { section, figures } = mocksSection({
    specs,
    cases,
    ours,
    prism,
    ceiling,
    firstAnswers,
    prismXmlRefusal,
    runs,
    requests,
    warmup,
    concurrency,
    settleMs,
    commandOptions,
  });
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
