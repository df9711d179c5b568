import { performance } from 'node:perf_hooks';
import { median } from '../../lib/section.ts';

export interface LoopOptions {
  /** Sequential calls of each variant per round. */
  iterations: number;
  /** Paired rounds. */
  rounds: number;
  /** Calls of each variant before the first round (JIT, connection pool). */
  warmup: number;
}

/** Mean microseconds per call of `iterations` sequential calls. */
async function block(call: () => Promise<unknown>, iterations: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await call();
  return ((performance.now() - start) * 1000) / iterations;
}

/**
 * Times several ways of making the same call in a bounded loop: `warmup` calls of each, then `rounds`
 * rounds in which each variant makes `iterations` sequential calls. The order of the variants rotates
 * from one round to the next, so none always runs first (or last) in a round. Returns, per variant, the
 * mean microseconds per call of each round, in round order: the runs of one round are paired.
 */
export async function pairedRounds(
  variants: ReadonlyArray<() => Promise<unknown>>,
  { iterations, rounds, warmup }: LoopOptions,
): Promise<number[][]> {
  for (const variant of variants) await block(variant, warmup);
  const runs = variants.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < variants.length; step++) {
      const index = (round + step) % variants.length;
      (runs[index] as number[])[round] = await block(variants[index] as () => Promise<unknown>, iterations);
    }
  }
  return runs;
}

/** Median over the rounds of (candidate − baseline): pairing the rounds cancels slow drift. */
export function pairedOverhead(candidate: readonly number[], baseline: readonly number[]): number {
  return median(candidate.map((value, round) => value - (baseline[round] as number)));
}

/** Mean microseconds per call of each round (`warmup` calls first). */
export async function timePerCall(
  call: () => Promise<unknown>,
  { iterations, rounds, warmup }: LoopOptions,
): Promise<number[]> {
  await block(call, warmup);
  const runs: number[] = [];
  for (let round = 0; round < rounds; round++) runs.push(await block(call, iterations));
  return runs;
}
