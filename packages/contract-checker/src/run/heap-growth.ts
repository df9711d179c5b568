import { setFlagsFromString } from 'node:v8';

/**
 * How far a V8 heap may grow past its live data before the next full collection, as the command line
 * sets it: up to 2x. V8's own factor goes up to 4x when it judges the collector fast, and with two
 * checking threads on two cores its concurrent marking threads get little CPU, so the objects made
 * while a collection runs count as live and each heap snowballs: 376 MB peak on 2 GB of NDJSON with
 * `--workers 2` against 247 MB with this bound, in the same time (bench/contract-checker/workers.ts).
 * One thread gains too (about 195 to 150 MB). The library never sets V8 flags: the process is its
 * caller's.
 */
export const heapGrowthFlag = '--heap-growing-percent=100';

/** Whether the user already chose the growth (on the command line or in `NODE_OPTIONS`). */
export function userSetHeapGrowth(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const named = (option: string) => /^--heap[-_]growing[-_]percent(=|$)/.test(option);
  return execArgv.some(named) || (nodeOptions ?? '').split(/\s+/).some(named);
}

/** Bounds the growth of every heap of this process, worker threads included, unless the user chose one. */
export function boundHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): boolean {
  if (userSetHeapGrowth(execArgv, nodeOptions)) return false;
  setFlagsFromString(heapGrowthFlag);
  return true;
}
