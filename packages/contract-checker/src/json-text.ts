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
  if (text === lastText) return lastValue;
  if (text === otherText) return otherValue;
  const value = parseOnce(text);
  otherText = lastText;
  otherValue = lastValue;
  lastText = text;
  lastValue = value;
  return value;
}

// The last two texts parsed and what they gave: an exchange whose bodies are read twice (their schemas,
// then what `x-echoes` compares) parses each once. The values are shared, so no reader may change one: the
// checks only read them (Ajv runs without coercion, defaults or removal).
let lastText: string | undefined;
let lastValue: unknown;
let otherText: string | undefined;
let otherValue: unknown;

function parseOnce(text: string): unknown {
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
