/** Resource limits of XML validation: they protect the process, they are not the contract (past one: not judged). */
export interface XmlLimits {
  /** Largest document validated, in UTF-8 bytes. */
  maxDocumentBytes?: number;
  /** Time budget per document on the engine worker, in ms. */
  timeoutMs?: number;
  /** What a document past a limit is: `not-judged` (a batch check: `checkExchange` rejects with a
   * `CheckLimitError`, the run reports the entry as not judged and exits 2), or, by default, a
   * `*-body-unparseable` violation: a mock refuses what it cannot check with the service's 400. */
  pastLimit?: 'violation' | 'not-judged';
}

/** The checker's resource policy: the bytes of an entry, what a JSON body may cost (counted before
 * JSON.parse, which has no limit of its own and ends the process on huge input), and the XML limits. */
export interface CheckLimits {
  /** Largest entry read (a HAR entry or an NDJSON line), in bytes. `--max-entry-bytes`. */
  maxEntryBytes: number;
  /** Most JSON values in one body (an object, an array and each scalar count one). `--max-json-nodes`. */
  maxJsonNodes: number;
  /** Deepest nesting of arrays and objects in one JSON body. `--max-json-depth`. */
  maxJsonDepth: number;
  /** Longest string (a name or a value) of one JSON body, in UTF-16 units as written. */
  maxJsonStringLength?: number;
  /** XML validation (`--max-xml-bytes`, `--xml-timeout`). */
  xml: XmlLimits;
}

/** The options that raise each limit, named in what a limit stops. */
export const limitOptions = {
  maxEntryBytes: '--max-entry-bytes',
  maxJsonNodes: '--max-json-nodes',
  maxJsonDepth: '--max-json-depth',
} as const;

/** The CLI's limits: a valid XML document of tens of MiB is judged, with the same tolerance at every size. */
export const batchLimits: CheckLimits = {
  maxEntryBytes: 256 * 1024 * 1024,
  maxJsonNodes: 10_000_000,
  maxJsonDepth: 512,
  xml: {
    maxDocumentBytes: 256 * 1024 * 1024,
    timeoutMs: 120_000,
    pastLimit: 'not-judged',
  },
};

/** What a JSON text would cost to parse, or why it is past a limit. */
export type JsonCost =
  | { nodes: number; depth: number }
  | { limit: keyof typeof limitOptions | 'maxJsonStringLength'; message: string };

/** The limits a JSON scan holds a text to; `maxJsonStringLength` only where a caller sets it (the mocks). */
export type JsonScanLimits = Pick<CheckLimits, 'maxJsonNodes' | 'maxJsonDepth' | 'maxJsonStringLength'>;

const QUOTE = 34;
const BACKSLASH = 92;

/** Counts the values, nesting and string lengths of a JSON text without building anything, in pieces as they
 * arrive or whole ({@link jsonCost}); an escaped quote is told by the run of backslashes before it. */
export class JsonScanner {
  private nodes = 1;
  private depth = 0;
  private deepest = 0;
  private inString = false;
  /** UTF-16 units of the string being read, escapes as written. */
  private stringLength = 0;
  /** Backslashes that ended the previous piece inside a string. */
  private carriedSlashes = 0;
  /** Why the text is past a limit, once it is. */
  exceeded: JsonCost | undefined;

  constructor(private readonly limits: JsonScanLimits) {}

  /** Scans the next piece; returns why the text is past a limit once it is (and scans no more). */
  write(text: string): JsonCost | undefined {
    if (this.exceeded !== undefined) return this.exceeded;
    const { maxJsonNodes, maxJsonDepth } = this.limits;
    const length = text.length;
    let at = 0;
    while (at < length) {
      if (this.inString) {
        const end = text.indexOf('"', at);
        const stop = end < 0 ? length : end;
        let slashes = 0;
        while (stop - 1 - slashes >= at && text.charCodeAt(stop - 1 - slashes) === BACKSLASH) slashes++;
        if (stop - slashes === at) slashes += this.carriedSlashes;
        this.stringLength += stop - at;
        if (end < 0) {
          this.carriedSlashes = slashes;
          return this.checkString();
        }
        this.carriedSlashes = 0;
        at = end + 1;
        // An odd run of backslashes escapes the quote.
        if (slashes % 2 === 1) this.stringLength++;
        else this.inString = false;
        if (this.checkString() !== undefined) return this.exceeded;
        continue;
      }
      const code = text.charCodeAt(at++);
      if (code === QUOTE) {
        this.inString = true;
        this.stringLength = 0;
      } else if (code === 91 || code === 123) {
        this.nodes++;
        if (++this.depth > this.deepest) {
          this.deepest = this.depth;
          if (this.deepest > maxJsonDepth) return this.over('maxJsonDepth');
        }
      } else if (code === 93 || code === 125) {
        this.depth--;
      } else if (code === 44) {
        if (++this.nodes > maxJsonNodes) return this.over('maxJsonNodes');
      }
    }
    return undefined;
  }

  /** The cost of everything written, or why it is past a limit. */
  end(): JsonCost {
    if (this.exceeded !== undefined) return this.exceeded;
    // `[` and `{` count a value each and so does the `,` or start before them: the first of a container is
    // counted twice at most, which only makes the count an upper bound.
    if (this.nodes > this.limits.maxJsonNodes) return this.over('maxJsonNodes');
    return { nodes: this.nodes, depth: this.deepest };
  }

  private checkString(): JsonCost | undefined {
    const max = this.limits.maxJsonStringLength;
    return max === undefined || this.stringLength <= max ? undefined : this.over('maxJsonStringLength');
  }

  private over(limit: JsonLimit): JsonCost {
    this.exceeded = { limit, message: pastJsonLimit[limit](this.limits[limit] as number) };
    return this.exceeded;
  }
}

type JsonLimit = keyof JsonScanLimits;

/** What a JSON text past each limit is, told with the option that raises it. */
const pastJsonLimit: Record<JsonLimit, (max: number) => string> = {
  maxJsonNodes: (max) => `JSON of more than ${max} values (raise it with ${limitOptions.maxJsonNodes})`,
  maxJsonDepth: (max) => `JSON nested deeper than ${max} levels (raise it with ${limitOptions.maxJsonDepth})`,
  maxJsonStringLength: (max) => `a JSON string longer than ${max} characters`,
};

/** {@link JsonScanner} over one whole text. */
export function jsonCost(text: string, limits: JsonScanLimits): JsonCost {
  const scanner = new JsonScanner(limits);
  scanner.write(text);
  return scanner.end();
}

/** Why a JSON text is past a limit, or undefined: {@link jsonCost}'s answer without its counts. */
export function jsonOverLimit(text: string, limits: JsonScanLimits): string | undefined {
  const { maxJsonNodes, maxJsonDepth, maxJsonStringLength } = limits;
  const length = text.length;
  if (
    length < maxJsonNodes &&
    length <= (maxJsonStringLength ?? length) &&
    (length <= maxJsonDepth || openersAtMost(text, maxJsonDepth))
  ) {
    return undefined;
  }
  const cost = jsonCost(text, limits);
  return 'limit' in cost ? cost.message : undefined;
}

/** Whether a text holds at most `max` characters `[` and `{` in all, in strings or not: its deepest nesting is no more. */
function openersAtMost(text: string, max: number): boolean {
  let count = 0;
  for (let at = text.indexOf('{'); at >= 0; at = text.indexOf('{', at + 1)) if (++count > max) return false;
  for (let at = text.indexOf('['); at >= 0; at = text.indexOf('[', at + 1)) if (++count > max) return false;
  return true;
}

/** Whether a text may be JSON worth scanning: its first character (after whitespace) opens a container. */
export function opensContainer(text: string): boolean {
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 32 || code === 9 || code === 10 || code === 13 || code === 0xfeff) continue;
    return code === 91 || code === 123;
  }
  return false;
}

/** An entry's bytes past {@link CheckLimits.maxEntryBytes}: what the report says. */
export function entryTooLarge(bytes: number, limits: Pick<CheckLimits, 'maxEntryBytes'>): string | undefined {
  if (bytes <= limits.maxEntryBytes) return undefined;
  return `the entry is ${bytes} bytes, over the limit of ${limits.maxEntryBytes} (raise it with ${limitOptions.maxEntryBytes})`;
}
