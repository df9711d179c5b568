/** JSON text of recorded traffic (a body, a `content` parameter) that does not parse, and why. */
export class UnparseableJson {
  constructor(readonly message: string) {}
}

/**
 * `JSON.parse` of recorded traffic, where a refusal is an outcome to report rather than a failure of the
 * checker. V8 captures a stack trace at every throw, which no report of malformed traffic shows and which
 * costs about three times the parse of a small body (13 against 4 µs measured, 15 frames deep), so the
 * SyntaxError is made without one. JSON.parse without a reviver runs no other code while the limit is
 * lowered, and the caller's limit is put back whatever happens.
 */
export function parseTrafficJson(text: string): unknown {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return new UnparseableJson(error instanceof Error ? error.message : String(error));
  } finally {
    Error.stackTraceLimit = limit;
  }
}
