/**
 * Quick measure of the checker's one-at-a-time rate on the recorded JSON entries (not part of
 * `pnpm bench`): `pnpm exec tsx bench/contract-checker/one-at-a-time.ts [--ms N]`.
 *
 * `CHECKER=<path of a built index.js>` measures another build instead. `BASE=<path of a built index.js>`
 * (a copy of an earlier dist inside the workspace, so that its imports resolve) measures that build and
 * this one in the same process, in alternating 100 ms slices after a warm-up, and prints the median of
 * the per-pair ratios, of wall time and of the process's CPU time: on a machine shared with other work the
 * rate of separate runs wanders by 2x, the ratio of neighbouring slices much less, and the ratio of their
 * CPU time least (a slice's wall time includes waiting for a core). Run it both ways (the builds swapped between `CHECKER` and
 * `BASE`) and take the geometric mean of the ratio and the inverse of the other: two copies of one build
 * do not measure 1.0 in both orders, so a single order can hide a few percent either way.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Checker from '@svc-contracts/contract-checker';
import { integerValue, readOptions } from '../lib/options.ts';
import { median } from '../lib/section.ts';
import { loadEntries, repoRoot, subsetOf } from './vs-prism-entries.ts';

type CheckerModule = typeof Checker;
type Contracts = Awaited<ReturnType<CheckerModule['loadContracts']>>;

async function build(path: string | undefined): Promise<CheckerModule> {
  return path
    ? // architecture-allow dynamic-import: the build to measure is chosen on the command line.
      await import(pathToFileURL(path).href)
    : await import('@svc-contracts/contract-checker');
}

const entries = subsetOf(loadEntries(), 'json');
const load = async (module: CheckerModule): Promise<Contracts> =>
  module.loadContracts({ configPath: join(repoRoot, 'redocly.yaml') });

/** Whole passes over the entries for at least `ms`: how many entries were checked, in how long. */
function passes(contracts: Contracts, ms: number): { checked: number; elapsed: number } {
  let checked = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    for (const e of entries) contracts.checkExchangeNow(e.request, e.response);
    checked += entries.length;
  }
  return { checked, elapsed: performance.now() - start };
}

/**
 * Entries per millisecond over at least `ms`, of wall time and of the process's CPU time: on a loaded
 * host a slice's wall time includes the time the process waited for a core, its CPU time does not.
 */
function slice(contracts: Contracts, ms: number): { wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const { checked, elapsed } = passes(contracts, ms);
  const cpu = process.cpuUsage(cpuBefore);
  return { wall: checked / elapsed, cpu: checked / ((cpu.user + cpu.system) / 1000) };
}

const usage = `Usage: [CHECKER=index.js] [BASE=index.js] pnpm exec tsx bench/contract-checker/one-at-a-time.ts [--ms N]

Entries per wall and CPU second of checkExchangeNow on the recorded JSON entries (BASE: an A/B in one process).
  --ms N        how long to measure, in ms (100-600000, default 4000)
  -h, --help    this text`;
const ms = integerValue(usage, 'ms', readOptions(usage, { ms: { type: 'string' } }).ms, 4000, 100, 600_000);
const current = await load(await build(process.env.CHECKER));
if (process.env.BASE) {
  const base = await load(await build(process.env.BASE));
  slice(base, 1000);
  slice(current, 1000);
  const rates = {
    base: [] as Array<{ wall: number; cpu: number }>,
    current: [] as Array<{ wall: number; cpu: number }>,
  };
  for (let at = 0; at < Math.max(10, Math.round(ms / 200)); at++) {
    // Which build goes first alternates too: the second of a pair runs on a warmer machine state.
    const order = at % 2 === 0 ? (['base', 'current'] as const) : (['current', 'base'] as const);
    for (const build of order) rates[build].push(slice(build === 'base' ? base : current, 100));
  }
  const ratio = (of: 'wall' | 'cpu') =>
    median(rates.current.map((rate, at) => rate[of] / (rates.base[at] as { wall: number; cpu: number })[of]));
  const rate = (build: 'base' | 'current') => Math.round(median(rates[build].map((one) => one.wall)) * 1000);
  console.log(
    `base ${rate('base')} entries/s; this build ${rate('current')} entries/s; this build / base, median of ${rates.base.length} pairs: ${ratio('wall').toFixed(3)} (wall), ${ratio('cpu').toFixed(3)} (CPU time)`,
  );
  await base.close();
} else {
  const cpuBefore = process.cpuUsage();
  const { checked, elapsed } = passes(current, ms);
  const cpu = process.cpuUsage(cpuBefore);
  // On a shared machine the wall depends on the company; the process's CPU time (all its threads) much less.
  console.log(
    Math.round((checked / elapsed) * 1000),
    'entries/s;',
    Math.round((checked / (cpu.user + cpu.system)) * 1e6),
    'entries per CPU second',
  );
}
await current.close();
