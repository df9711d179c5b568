import { performance } from 'node:perf_hooks';
import { median } from '../../lib/section.ts';

export interface LoopOptions {
  /** Sequential calls of each variant per round. */
  iterations: number;
  /** Paired rounds. */
  rounds: number;
  /** Calls of each variant before the first round (JIT, connection pool). */
  warmup: number;
  /**
   * `wall` (default): elapsed time. `cpu`: CPU time of this process (client and loopback server), which
   * other processes on a busy machine do not inflate.
   */
  clock?: 'wall' | 'cpu';
}

/** Microseconds spent on `iterations` sequential calls, by the given clock. */
async function block(
  call: () => Promise<unknown>,
  iterations: number,
  clock: LoopOptions['clock'] = 'wall',
): Promise<number> {
  if (clock === 'cpu') {
    const before = process.cpuUsage();
    for (let i = 0; i < iterations; i++) await call();
    const used = process.cpuUsage(before);
    return used.user + used.system;
  }
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await call();
  return (performance.now() - start) * 1000;
}

/** Calls of one variant in a row before the next variant takes its turn within a round. */
const SLICE = 100;

/**
 * Times several ways of making the same call in a bounded loop: `warmup` calls of each, then `rounds`
 * rounds in which each variant makes `iterations` sequential calls. Within a round the variants take
 * turns in slices of 100 calls, so that a change of load on the machine (other processes, a GC of the
 * server) falls on all of them alike rather than on whichever ran its whole block then; the order of the
 * turns rotates from one round to the next. Returns, per variant, the mean microseconds per call of each
 * round, in round order: the runs of one round are paired.
 */
export async function pairedRounds(
  variants: ReadonlyArray<() => Promise<unknown>>,
  { iterations, rounds, warmup, clock }: LoopOptions,
): Promise<number[][]> {
  for (const variant of variants) await block(variant, warmup);
  const runs = variants.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    const spent = variants.map(() => 0);
    for (let done = 0; done < iterations; done += SLICE) {
      const calls = Math.min(SLICE, iterations - done);
      for (let step = 0; step < variants.length; step++) {
        const index = (round + step) % variants.length;
        (spent[index] as number) += await block(variants[index] as () => Promise<unknown>, calls, clock);
      }
    }
    spent.forEach((total, index) => {
      (runs[index] as number[])[round] = total / iterations;
    });
  }
  return runs;
}

/** Median over the rounds of (candidate − baseline): pairing the rounds cancels slow drift. */
export function pairedOverhead(candidate: readonly number[], baseline: readonly number[]): number {
  return median(candidate.map((value, round) => value - (baseline[round] as number)));
}

/**
 * Median over the rounds of candidate ÷ baseline: the per-call cost ratio with each round's load on the
 * machine divided out (what a target such as "at most 1.1× a raw fetch" is about).
 */
export function pairedRatio(candidate: readonly number[], baseline: readonly number[]): number {
  return median(candidate.map((value, round) => value / (baseline[round] as number)));
}

/** Mean microseconds per call of each round (`warmup` calls first). */
export async function timePerCall(
  call: () => Promise<unknown>,
  { iterations, rounds, warmup, clock }: LoopOptions,
): Promise<number[]> {
  await block(call, warmup);
  const runs: number[] = [];
  for (let round = 0; round < rounds; round++) runs.push((await block(call, iterations, clock)) / iterations);
  return runs;
}
