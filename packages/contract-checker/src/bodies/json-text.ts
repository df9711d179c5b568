import { batchLimits, type CheckLimits, jsonOverLimit } from '../run/limits.js';
import { CheckLimitError } from '../run/scope.js';

/** JSON text of recorded traffic (a body, a `content` parameter) that does not parse, and why. */
export class UnparseableJson {
  constructor(readonly message: string) {}
}

/**
 * `JSON.parse` of recorded traffic, where a refusal is an outcome to report rather than a failure of the
 * checker: text that does not parse gives an {@link UnparseableJson} with the parser's message. The
 * global limit of stack traces is left alone: no package changes it.
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
// checks only read them (Ajv runs without coercion, defaults or removal). Kept for its figure: without it
// the recorded JSON entries check about 8% slower one at a time (bench/contract-checker/one-at-a-time.ts,
// A/B against the build without it, 2026-11-28: this build / base 0.87-0.88 without, 0.97-0.99 with).
let lastText: string | undefined;
let lastValue: unknown;
let otherText: string | undefined;
let otherValue: unknown;

/** Texts longer than this are counted before they are parsed (see {@link parseOnce}). */
const scannedFrom = 4096;

// The bodies of the exchange being checked, already held to the contract set's own policy (which the
// user may have raised): not counted again against the default one.
let vettedRequest: string | undefined;
let vettedResponse: string | undefined;
/** The policy of the contract set checking now (its checks parse synchronously after {@link vetBodies}). */
let limits: Pick<CheckLimits, 'maxJsonNodes' | 'maxJsonDepth'> = batchLimits;

/** The bodies of the exchange about to be checked passed the contract set's JSON `policy`. */
export function vetBodies(
  request: string | undefined,
  response: string | undefined,
  policy: Pick<CheckLimits, 'maxJsonNodes' | 'maxJsonDepth'>,
): void {
  vettedRequest = request;
  vettedResponse = response;
  limits = policy;
}

function parseOnce(text: string): unknown {
  // Bodies are held to the contract set's policy before any check reads them; what else is JSON (a query
  // parameter's `content`, `x-filters`, JWT claims) lives in a URL or a header, within the entry's bytes,
  // and is held to the default policy here: JSON.parse of 140 million values is a fatal error.
  if (text.length > scannedFrom && text !== vettedRequest && text !== vettedResponse) {
    const over = jsonOverLimit(text, limits);
    if (over !== undefined) throw new CheckLimitError('request', `${over}; the value is not parsed`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    return new UnparseableJson(error instanceof Error ? error.message : String(error));
  }
}
