import { performance } from 'node:perf_hooks';

export interface Comparison {
  /** Mean microseconds per call of the baseline, median over the rounds. */
  baselineUs: number;
  /** Mean microseconds per call of the candidate, median over the rounds. */
  candidateUs: number;
  /** Median over the rounds of (candidate − baseline) per call: pairing the rounds cancels slow drift. */
  overheadUs: number;
}

/** Mean microseconds per call of `iterations` sequential calls. */
async function block(call: () => Promise<unknown>, iterations: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < iterations; i++) await call();
  return ((performance.now() - start) * 1000) / iterations;
}

/**
 * Compares two ways of making the same call in a bounded loop: `warmup` calls of each (JIT, connection
 * pool), then `rounds` rounds of `iterations` calls of the baseline followed by `iterations` calls of the
 * candidate. Medians damp a round hit by garbage collection or scheduling.
 */
export async function compare(
  baseline: () => Promise<unknown>,
  candidate: () => Promise<unknown>,
  { iterations, rounds = 5, warmup = 200 }: { iterations: number; rounds?: number; warmup?: number },
): Promise<Comparison> {
  await block(baseline, warmup);
  await block(candidate, warmup);
  const baselines: number[] = [];
  const candidates: number[] = [];
  const differences: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const base = await block(baseline, iterations);
    const cand = await block(candidate, iterations);
    baselines.push(base);
    candidates.push(cand);
    differences.push(cand - base);
  }
  return { baselineUs: median(baselines), candidateUs: median(candidates), overheadUs: median(differences) };
}

/** Mean microseconds per call, median of `rounds` rounds. */
export async function timePerCall(
  call: () => Promise<unknown>,
  { iterations, rounds = 5, warmup = 200 }: { iterations: number; rounds?: number; warmup?: number },
): Promise<number> {
  await block(call, warmup);
  const means: number[] = [];
  for (let round = 0; round < rounds; round++) means.push(await block(call, iterations));
  return median(means);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
