/**
 * Quick measure of the checker's one-at-a-time rate on the recorded JSON entries (not part of
 * `pnpm bench`): `pnpm exec tsx bench/contract-checker/one-at-a-time.ts [ms]`. `CHECKER=<path of a built
 * index.js>` measures another build of the checker (an A/B against a copy of an earlier dist).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Checker from '@svc-contracts/contract-checker';
import { loadEntries, repoRoot, subsetOf } from './vs-prism-entries.ts';

const checker: typeof Checker = process.env.CHECKER
  ? // architecture-allow dynamic-import: the build to measure is chosen on the command line.
    await import(pathToFileURL(process.env.CHECKER).href)
  : await import('@svc-contracts/contract-checker');
const contracts = await checker.loadContracts({ configPath: join(repoRoot, 'redocly.yaml') });
const entries = subsetOf(loadEntries(), 'json');
const ms = Number(process.argv[2] ?? 4000);
let n = 0;
const start = performance.now();
const cpuBefore = process.cpuUsage();
while (performance.now() - start < ms) {
  for (const e of entries) contracts.checkExchangeNow(e.request, e.response);
  n += entries.length;
}
const wall = performance.now() - start;
const cpu = process.cpuUsage(cpuBefore);
// On a shared machine the wall depends on the company; the process's CPU time (all its threads) much less.
console.log(
  Math.round((n / wall) * 1000),
  'entries/s;',
  Math.round((n / (cpu.user + cpu.system)) * 1e6),
  'entries per CPU second',
);
await contracts.close();
