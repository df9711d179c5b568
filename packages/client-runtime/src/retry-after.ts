/** The wait a `Retry-After` header asks for, in milliseconds: delay-seconds (`120`) or an HTTP date (`Wed, 21
 * Oct 2015 07:28:00 GMT`, counted from `nowMs`, never negative). */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // Only the date forms HTTP allows: a bare number with a sign or a fraction is not a date either.
  if (!/[A-Za-z]/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}
