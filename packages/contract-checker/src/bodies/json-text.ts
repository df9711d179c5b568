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
  const known = memo;
  if (known === undefined) return parseOnce(text);
  if (text === known.lastText) return known.lastValue;
  if (text === known.otherText) return known.otherValue;
  const value = parseOnce(text);
  known.otherText = known.lastText;
  known.otherValue = known.lastValue;
  known.lastText = text;
  known.lastValue = value;
  return value;
}

/**
 * The last two texts parsed and what they gave, one per contract set (`loadContracts({ remember: {
 * parses } })`): an exchange whose bodies are read twice (their schemas, then what `x-echoes` compares)
 * parses each once. The values are shared, so no reader may change one: the checks only read them (Ajv
 * runs without coercion, defaults or removal). Kept for its figure `contract-check-remembered.parses`
 * in bench/RESULTS.md (see bench/notes.ts `kept`).
 */
export interface ParseMemo {
  lastText: string | undefined;
  lastValue: unknown;
  otherText: string | undefined;
  otherValue: unknown;
}

export function parseMemo(): ParseMemo {
  return { lastText: undefined, lastValue: undefined, otherText: undefined, otherValue: undefined };
}

/** Texts longer than this are counted before they are parsed (see {@link parseOnce}). */
const scannedFrom = 4096;

// The bodies of the exchange being checked, already held to the contract set's own policy (which the
// user may have raised): not counted again against the default one.
let vettedRequest: string | undefined;
let vettedResponse: string | undefined;
/** The policy of the contract set checking now (its checks parse synchronously after {@link vetBodies}). */
let limits: Pick<CheckLimits, 'maxJsonNodes' | 'maxJsonDepth'> = batchLimits;
/** The parse memo of the contract set checking now, none when that set remembers no parse. */
let memo: ParseMemo | undefined;

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

/**
 * The contract set about to check remembers its parses in `parses`, its own memo (undefined: each text is
 * parsed every time it is read). Its checks parse synchronously after this, as after {@link vetBodies}.
 */
export function useParseMemo(parses: ParseMemo | undefined): void {
  memo = parses;
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
