import { type JsonCost, type JsonScanLimits, JsonScanner } from '@svc-contracts/contract-checker';

/** The work a JSON request body may cost the thread that serves every mock, checked while the body arrives
 * and before anything parses it: `JSON.parse` and schema validation cost in proportion to the values of a
 * body, and a regular expression (the `uri` format) to the length of a string. */
export type JsonLimits = Required<JsonScanLimits>;

/** Far above any body the documents describe, low enough that checking a body within them costs the
 * serving thread milliseconds (the `uri` format's expression overflows the stack on strings of a few MB). */
export const defaultJsonLimits: JsonLimits = {
  maxJsonNodes: 50_000,
  maxJsonDepth: 64,
  maxJsonStringLength: 1024 * 1024,
};

/** Scans a JSON body piece by piece as it arrives; `exceeded` says, in the mock's words, why it is past a limit. */
export class JsonBudget {
  private readonly scanner: JsonScanner;
  /** Why the body is past a limit, once it is. */
  exceeded: string | undefined;

  constructor(private readonly limits: JsonLimits = defaultJsonLimits) {
    this.scanner = new JsonScanner(limits);
  }

  /** Scans the next piece; returns why the body is past a limit once it is (and scans no more). */
  write(text: string): string | undefined {
    if (this.exceeded === undefined) {
      const cost = this.scanner.write(text);
      if (cost !== undefined) this.exceeded = this.reason(cost);
    }
    return this.exceeded;
  }

  private reason(cost: JsonCost): string {
    const { maxJsonNodes, maxJsonDepth, maxJsonStringLength } = this.limits;
    if (!('limit' in cost)) return '';
    if (cost.limit === 'maxJsonDepth')
      return `the JSON body nests objects and arrays deeper than ${maxJsonDepth} levels`;
    if (cost.limit === 'maxJsonStringLength')
      return `a string in the JSON body is longer than ${maxJsonStringLength} characters`;
    return `the JSON body holds more than ${maxJsonNodes} values`;
  }
}
