/**
 * One tool of `vs-prism.ts`, in its own process so that its peak RSS is its own. Prints one JSON line
 * (`WorkerResult`) on stdout. Not meant to be run by hand:
 *   node --import tsx bench/contract-checker/vs-prism-worker.ts --tool T --rounds N --passes N --min-ms N
 *     --warm-ms N [--upstream URL] [--sample N]
 *
 * A timed round runs the subset `passes` times, then more passes until `min-ms` have elapsed (at most
 * 5,000 passes), so fast tools are timed over enough work; its figure is entries / elapsed time.
 * Before the rounds: one untimed pass that records what the tool finds, then `warm-ms` of untimed warm-up.
 *
 * Tools:
 * - `ours`: `loadContracts` once, then `checkExchange` on every entry.
 * - `ours-cold`: `loadContracts` without the set-up cache, then one pass over every entry, nothing timed.
 * - `prism-proxy`: Prism's validating proxy engine (`createInstance`, proxy mode, request and response
 *   validation and security checks on), forwarding over loopback HTTP to the upstream that replays
 *   the recorded response of each entry.
 * - `prism-replay`: the same engine with its `forward` component replaced by an in-memory replay:
 *   Prism's validation cost without the HTTP hop.
 * - `paired`: the checker and the three floors in one process on the JSON entries, timed in alternating
 *   slices (see `pairedRates`). `floor`: JSON.parse of the response body and a precompiled Ajv validate
 *   of its schema; `floor-both`: the same for the request body as well, the bodies a check of both sides
 *   must read; `floor-json`: both bodies and the JSON query parameters sent (the agents `filters`). (The
 *   floors are also the rows `vs-prism.ts` makes of the paired rates.)
 */
import { didYouMean } from '../../scripts/lib/cli-output.ts';
import { integerValue, readOptions, usageError } from '../lib/options.ts';
import { type BenchEntry, inPool, loadEntries, subsetOf } from './vs-prism-entries.ts';
import { pairedRates } from './vs-prism-floor.ts';
import { prismRunner } from './vs-prism-prism.ts';
import {
  type EntryFinding,
  type Measurement,
  oursRunner,
  type Runner,
  type Tool,
  type WorkerResult,
} from './vs-prism-runner.ts';

const tools: Tool[] = ['ours', 'ours-cold', 'prism-proxy', 'prism-replay', 'paired'];
const usage = `Usage: node --import tsx bench/contract-checker/vs-prism-worker.ts --tool T --rounds N --passes N
  --min-ms N --warm-ms N [--upstream URL] [--sample N]

One tool of bench/contract-checker/vs-prism.ts, which runs it (not meant to be run by hand).
  --tool T        ${tools.join(', ')}
  --rounds N      timed rounds (1-50)
  --passes N      at least this many passes over the entries per round (1-1000)
  --min-ms N      and at least this many ms per round (0-5000)
  --warm-ms N     untimed warm-up (0-30000)
  --upstream URL  the loopback server replaying the recorded responses (prism-proxy)
  --sample N      every N-th recorded entry (default 1: all)
  -h, --help      this text`;

const options = readOptions(usage, {
  tool: { type: 'string' },
  rounds: { type: 'string' },
  passes: { type: 'string' },
  'min-ms': { type: 'string' },
  'warm-ms': { type: 'string' },
  upstream: { type: 'string' },
  sample: { type: 'string' },
});
const maxPasses = 5000;

async function main(): Promise<void> {
  const tool = options.tool as Tool;
  const number = (name: 'rounds' | 'passes' | 'min-ms' | 'warm-ms', min: number, max: number): number => {
    if (options[name] === undefined) usageError(usage, `--${name} is required`);
    return integerValue(usage, name, options[name], min, min, max);
  };
  const rounds = number('rounds', 1, 50);
  const passes = number('passes', 1, 1000);
  const minMs = number('min-ms', 0, 5000);
  const warmMs = number('warm-ms', 0, 30_000);
  const sample = integerValue(usage, 'sample', options.sample, 1, 1, 1000);
  if (tool === 'ours-cold') {
    // The set-up without the cache, then one pass over every entry: the first report of a new process.
    const runner = await oursRunner(false);
    for (const entry of loadEntries(sample)) await runner.find(entry);
    const firstPassMs = performance.now();
    await runner.close();
    const result: WorkerResult = {
      tool,
      loadMs: runner.loadMs,
      firstPassMs,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      measurements: [],
      findings: [],
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  if (tool === 'paired') {
    const result: WorkerResult = {
      tool,
      loadMs: 0,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      measurements: [],
      findings: [],
      ...(await pairedRates(sample, rounds, minMs, warmMs)),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  let runner: Runner;
  if (tool === 'ours') runner = await oursRunner();
  else if (tool === 'prism-proxy') runner = await prismRunner('proxy', options.upstream, sample);
  else if (tool === 'prism-replay') runner = await prismRunner('replay', undefined, sample);
  else
    usageError(
      usage,
      `--tool must be one of ${tools.join(', ')}, got ${options.tool}${didYouMean(String(options.tool), tools)}`,
    );

  const entries = loadEntries(sample);
  const planned = new Set(runner.plan.map((step) => step.subset));
  const covered = planned.has('all') ? entries : subsetOf(entries, 'json');
  // One untimed pass: what the tool finds, and the warm-up of every code path.
  const findings: EntryFinding[] = [];
  for (const entry of covered) findings.push(await runner.find(entry));
  // From the process's start: imports, set-up, and what the tool compiles on first use.
  const firstPassMs = performance.now();

  // Warm-up (untimed): the first thousands of checks run in V8's lower tiers, and the first timed
  // rounds were much slower than later ones without it.
  const warmStart = performance.now();
  const minWarmPasses = warmMs > 0 ? 3 : 1;
  for (
    let pass = 0;
    pass < maxPasses && (pass < minWarmPasses || performance.now() - warmStart < warmMs);
    pass++
  ) {
    for (const entry of covered) await runner.check(entry);
  }
  if (runner.plan.some((step) => step.inFlight > 1)) {
    await inPool(covered, 64, async (entry) => void (await runner.check(entry)));
  }

  const measurements: Measurement[] = runner.plan.map(({ subset, inFlight }) => ({
    subset,
    inFlight,
    entries: subsetOf(entries, subset).length,
    passes: [],
    rates: [],
  }));
  const runPass = async (batch: BenchEntry[], inFlight: number): Promise<void> => {
    if (inFlight === 1) {
      for (const entry of batch) {
        const pending = runner.check(entry);
        if (pending !== undefined) await pending;
      }
    } else await inPool(batch, inFlight, async (entry) => void (await runner.check(entry)));
  };
  for (let round = 0; round < rounds; round++) {
    for (const measurement of measurements) {
      const batch = subsetOf(entries, measurement.subset);
      // Several passes in flight together for the pooled case, so lanes do not drain at each pass end.
      const unit = measurement.inFlight === 1 ? batch : Array.from({ length: passes }, () => batch).flat();
      const unitPasses = measurement.inFlight === 1 ? 1 : passes;
      let done = 0;
      const start = performance.now();
      while (done < passes || (performance.now() - start < minMs && done < maxPasses)) {
        await runPass(unit, measurement.inFlight);
        done += unitPasses;
      }
      measurement.rates.push(((done * batch.length) / (performance.now() - start)) * 1000);
      measurement.passes.push(done);
    }
  }
  await runner.close();
  const result: WorkerResult = {
    tool,
    loadMs: runner.loadMs,
    firstPassMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    measurements,
    findings,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
