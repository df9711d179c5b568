import { ConfigurationError } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included (default 3). 1 disables status retries. */
  maxAttempts: number;
  /** Backoff before the first retry, before jitter (default 500 ms). */
  baseDelayMs: number;
  /** Ceiling of the backoff (default 20 s). */
  maxDelayMs: number;
  /** Longest `Retry-After` the client waits for (default 60 s). */
  maxRetryAfterMs: number;
  /** Statuses that are retried (default 429 and 503: the request was not processed, try later). */
  statuses: readonly number[];
}

export const DEFAULT_RETRY: Readonly<RetryOptions> = Object.freeze({
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  statuses: Object.freeze([429, 503]),
});

/** No retries at all. */
export const NO_RETRY: Readonly<RetryOptions> = Object.freeze({ ...DEFAULT_RETRY, maxAttempts: 1 });

/** Methods that are safe to repeat (RFC 9110 idempotent methods): retried automatically. */
export const REPEATABLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Merges retry settings over a base and checks them; `false` turns retries off. */
export function resolveRetryOptions(
  base: Readonly<RetryOptions>,
  override: Partial<RetryOptions> | false | undefined,
): Readonly<RetryOptions> {
  if (override === false) return NO_RETRY;
  if (override === undefined) return base;
  const merged = { ...base, ...override };
  if (!Number.isInteger(merged.maxAttempts) || merged.maxAttempts < 1 || merged.maxAttempts > 10) {
    throw new ConfigurationError(
      `retry.maxAttempts must be an integer from 1 to 10, got ${merged.maxAttempts}.`,
    );
  }
  for (const key of ['baseDelayMs', 'maxDelayMs', 'maxRetryAfterMs'] as const) {
    const value = merged[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new ConfigurationError(
        `retry.${key} must be a finite number of milliseconds >= 0, got ${value}.`,
      );
    }
  }
  if (!Array.isArray(merged.statuses) || merged.statuses.some((status) => !Number.isInteger(status))) {
    throw new ConfigurationError('retry.statuses must be a list of HTTP status codes.');
  }
  return merged;
}

/** Checks a timeout: a positive number of milliseconds, or `Infinity` for none. */
export function checkTimeout(timeoutMs: number, where: string): number {
  if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
    throw new ConfigurationError(
      `${where} must be a positive number of milliseconds (or Infinity), got ${timeoutMs}.`,
    );
  }
  return timeoutMs;
}
