/**
 * The work a JSON request body may cost the thread that serves every mock, checked while the body
 * arrives and before anything parses it: `JSON.parse` and schema validation cost in proportion to the
 * names and values of a body, and a regular expression (the `uri` format) to the length of a string.
 * A body past a limit is not parsed at all; the mock refuses it with the operation's validation status,
 * saying that the limit is the mock's (`MockService.respond`).
 */
export interface JsonLimits {
  /** Names, values and separators (strings, `{`, `[`, `,`): about two per property or item. */
  maxTokens: number;
  /** Nesting of objects and arrays. */
  maxDepth: number;
  /** UTF-16 units of one string (a name or a value), escapes as written. */
  maxStringLength: number;
}

/**
 * Far above any body the documents describe (their largest strings are 2,048 characters), low enough
 * that checking a body within them costs the serving thread milliseconds: 100,000 tokens parse and
 * validate in about 10 ms, and the `uri` format's expression overflows the stack on strings of a few MB.
 */
export const defaultJsonLimits: JsonLimits = {
  maxTokens: 100_000,
  maxDepth: 64,
  maxStringLength: 1024 * 1024,
};

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;
const comma = 0x2c;

/**
 * Scans JSON text piece by piece as it arrives (one pass, no allocation), counting what
 * {@link JsonLimits} bounds. It does not check that the text is JSON: the contract checker does that
 * once the body is known to be within the limits.
 */
export class JsonBudget {
  private tokens = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private stringLength = 0;
  /** Why the body is past a limit, once it is. */
  exceeded: string | undefined;

  constructor(private readonly limits: JsonLimits = defaultJsonLimits) {}

  /** Scans the next piece; returns why the body is past a limit once it is (and scans no more). */
  write(text: string): string | undefined {
    if (this.exceeded !== undefined) return this.exceeded;
    const { maxTokens, maxDepth, maxStringLength } = this.limits;
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === backslash) this.escaped = true;
        else if (code === quote) {
          this.inString = false;
          continue;
        }
        if (++this.stringLength > maxStringLength) {
          return this.over(`a string in the JSON body is longer than ${maxStringLength} characters`);
        }
        continue;
      }
      if (code === quote) {
        this.inString = true;
        this.stringLength = 0;
        this.tokens++;
      } else if (code === openBrace || code === openBracket) {
        this.tokens++;
        if (++this.depth > maxDepth) {
          return this.over(`the JSON body nests objects and arrays deeper than ${maxDepth} levels`);
        }
      } else if (code === closeBrace || code === closeBracket) {
        this.depth--;
      } else if (code === comma) {
        this.tokens++;
      } else {
        continue;
      }
      if (this.tokens > maxTokens) {
        return this.over(`the JSON body holds more than ${maxTokens} names, values and separators`);
      }
    }
    return undefined;
  }

  private over(reason: string): string {
    this.exceeded = reason;
    return reason;
  }
}
