export interface BackoffOptions {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** Ceiling of the exponential delay. */
  maxDelayMs: number;
}

/** Exponential backoff with "full jitter": a uniformly random wait between 0 and `min(maxDelayMs, baseDelayMs
 * * 2^(retry - 1))`. */
export function backoffDelay(
  retry: number,
  options: BackoffOptions,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}
