import { batchLimits, type CheckLimits, jsonOverLimit } from '../core/limits.js';
import { CheckLimitError } from '../core/scope.js';

/** JSON text of recorded traffic (a body, a `content` parameter) that does not parse, and why. */
export class UnparseableJson {
  constructor(readonly message: string) {}
}

/** Texts longer than this are counted before they are parsed (see {@link TrafficJson.parse}). */
const scannedFrom = 4096;

type JsonPolicy = Pick<CheckLimits, 'maxJsonNodes' | 'maxJsonDepth'>;

/** `JSON.parse` of recorded traffic under a JSON policy: a long text past it is not parsed (JSON.parse of
 * huge input is fatal). */
export class TrafficJson {
  readonly #policy: JsonPolicy;
  constructor(policy: JsonPolicy = batchLimits) {
    this.#policy = policy;
  }

  parse(text: string): unknown {
    if (text.length > scannedFrom) {
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
