import { batchLimits, type CheckLimits, jsonOverLimit } from '../run/limits.js';
import { CheckLimitError } from '../run/scope.js';

/** JSON text of recorded traffic (a body, a `content` parameter) that does not parse, and why. */
export class UnparseableJson {
  constructor(readonly message: string) {}
}

/** Texts longer than this are counted before they are parsed (see {@link TrafficJson.parse}). */
const scannedFrom = 4096;

type JsonPolicy = Pick<CheckLimits, 'maxJsonNodes' | 'maxJsonDepth'>;

/**
 * `JSON.parse` of recorded traffic for one contract set, where a refusal is an outcome to report rather
 * than a failure of the checker: text that does not parse gives an {@link UnparseableJson} with the
 * parser's message. Each contract set has its own, handed to its checks when they are planned (the
 * service's {@link BodyContext}): its JSON policy, the bodies of the exchange it is checking, and the
 * parses it remembers. The global limit of stack traces is left alone: no package changes it.
 */
export class TrafficJson {
  readonly #policy: JsonPolicy;
  readonly #remember: boolean;
  // The bodies of the exchange being checked, already held to the set's policy (which the user may have
  // raised) before any check reads them: not counted again.
  #vettedRequest: string | undefined;
  #vettedResponse: string | undefined;
  // The last two texts parsed and what they gave (`loadContracts({ remember: { parses } })`): an exchange
  // whose bodies are read twice (their schemas, then what `x-echoes` compares) parses each once. The values
  // are shared, so no reader may change one: the checks only read them (Ajv runs without coercion,
  // defaults or removal). Kept for its figure `contract-check-remembered.parses` in bench/RESULTS.md (see
  // bench/notes.ts `kept`).
  #lastText: string | undefined;
  #lastValue: unknown;
  #otherText: string | undefined;
  #otherValue: unknown;

  /** `remember`: whether the last two parses are kept (off: each text is parsed every time it is read). */
  constructor(policy: JsonPolicy = batchLimits, remember = true) {
    this.#policy = policy;
    this.#remember = remember;
  }

  /**
   * The bodies of the exchange about to be checked passed the set's JSON policy (undefined: none did, as
   * for a check of one side alone). The checks of that exchange parse synchronously after this.
   */
  vet(request: string | undefined, response: string | undefined): void {
    this.#vettedRequest = request;
    this.#vettedResponse = response;
  }

  parse(text: string): unknown {
    if (!this.#remember) return this.#parseOnce(text);
    if (text === this.#lastText) return this.#lastValue;
    if (text === this.#otherText) return this.#otherValue;
    const value = this.#parseOnce(text);
    this.#otherText = this.#lastText;
    this.#otherValue = this.#lastValue;
    this.#lastText = text;
    this.#lastValue = value;
    return value;
  }

  #parseOnce(text: string): unknown {
    // Bodies are held to the set's policy before any check reads them; what else is JSON (a query
    // parameter's `content`, `x-filters`, JWT claims) lives in a URL or a header, within the entry's
    // bytes, and is held to the policy here: JSON.parse of 140 million values is a fatal error.
    if (text.length > scannedFrom && text !== this.#vettedRequest && text !== this.#vettedResponse) {
      const over = jsonOverLimit(text, this.#policy);
      if (over !== undefined) throw new CheckLimitError('request', `${over}; the value is not parsed`);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      return new UnparseableJson(error instanceof Error ? error.message : String(error));
    }
  }
}
