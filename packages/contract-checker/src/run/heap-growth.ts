import { setFlagsFromString } from 'node:v8';

/** How far a V8 heap may grow past its live data before the next full collection: up to 2x. */
export const heapGrowthFlag = '--heap-growing-percent=100';

/** Whether the user already chose the growth (on the command line or in `NODE_OPTIONS`). */
export function userSetHeapGrowth(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  const named = (option: string) => /^--heap[-_]growing[-_]percent(=|$)/.test(option);
  return execArgv.some(named) || (nodeOptions ?? '').split(/\s+/).some(named);
}

/** Bounds the growth of every heap of this process, worker threads included, unless the user chose one. */
export function boundHeapGrowth(
  execArgv = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS,
): boolean {
  if (userSetHeapGrowth(execArgv, nodeOptions)) return false;
  setFlagsFromString(heapGrowthFlag);
  return true;
}
