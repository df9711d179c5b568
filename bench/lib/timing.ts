/** The one timing helper of the bench: rates, per-call means, percentiles and rounds that alternate the tools. */

/** Calls of `action` per second, awaited one after another for at least `minMs`. */
export async function rateOf(action: () => unknown, minMs: number): Promise<number> {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    await action();
    calls++;
    elapsed = performance.now() - start;
  } while (elapsed < minMs);
  return (calls / elapsed) * 1000;
}

/** Mean ms per call of `call`, awaited one after another `count` times. */
export async function msPerCall(call: () => Promise<unknown>, count: number): Promise<number> {
  const start = performance.now();
  for (let at = 0; at < count; at++) await call();
  return (performance.now() - start) / count;
}

/** The value at `share` (0.5: the median, 0.99: p99) of ascending `sorted` values. */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

/** Wall ms of one awaited action. */
export async function msOf(action: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/**
 * Each job's value per round, `rounds` times, the order rotating from round to round: load that drifts on
 * a shared machine then falls on every tool alike, which separate runs minutes apart do not give.
 */
export async function alternate<K extends string>(
  rounds: number,
  jobs: Record<K, () => number | Promise<number>>,
): Promise<Record<K, number[]>> {
  const keys = Object.keys(jobs) as K[];
  const values = Object.fromEntries(keys.map((key) => [key, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < rounds; round++) {
    for (let step = 0; step < keys.length; step++) {
      const key = keys[(round + step) % keys.length] as K;
      values[key].push(await jobs[key]());
    }
  }
  return values;
}
