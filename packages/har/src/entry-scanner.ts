/** Finds the elements of `log.entries` in HAR bytes that arrive in chunks, without decoding the rest of the
 * document: each element's bytes are handed out whole (JSON.parse validates them once decoded), and only the
 * current element is held in memory, so a file of any size is read in constant memory. */

export interface ScannedElement {
  /** The chunk pushed or the scanner's own buffer, with the element's bytes from `start` to `end`: valid
   * until the next push (which may write over them). */
  buffer: Buffer;
  start: number;
  end: number;
  /** 1-based line and column (in UTF-16 code units, as an editor counts) of its first character in the file. */
  line: number;
  column: number;
}

/** The text of an element (UTF-8 decoded). */
export function elementText(element: ScannedElement): string {
  return element.buffer.toString('utf8', element.start, element.end);
}

const noBytes = Buffer.alloc(0);

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

/** UTF-16 code units that the UTF-8 bytes `[from, to)` decode to: one per character, two above U+FFFF. */
function utf16Units(bytes: Uint8Array, from: number, to: number): number {
  let units = 0;
  for (let at = from; at < to; at++) {
    const byte = bytes[at] as number;
    if ((byte & 0xc0) !== 0x80) units += byte >= 0xf0 ? 2 : 1;
  }
  return units;
}

/** Bytes where a string may end (a quote, or a backslash that escapes the next byte): 1, else 0. */
const stringStops = new Uint8Array(256);
stringStops[QUOTE] = 1;
stringStops[BACKSLASH] = 1;
/** What may follow a backslash in a JSON string (`u` is read on its own). */
const escapable = new Uint8Array(256);
for (const char of '"\\/bfnrt') escapable[char.charCodeAt(0)] = 1;

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** Bytes that matter inside an element: a string's start and the brackets. */
const elementStops = new Uint8Array(256);
for (const code of [QUOTE, OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY]) elementStops[code] = 1;

/** What may come next in an open container outside `log.entries` (JSON's grammar, one step at a time). */
const KEY_OR_CLOSE = 0;
const KEY = 1;
const COLON_NEXT = 2;
const VALUE = 3;
const VALUE_OR_CLOSE = 4;
const COMMA_OR_CLOSE = 5;

/** The grammar state of an open container outside the elements (any depth), one byte each: the kind of
 * container and what it expects next (one of the constants above). */
const ARRAY_BIT = 8;
const EXPECT_BITS = 7;

function expected(level: number): string {
  switch (level & EXPECT_BITS) {
    case KEY_OR_CLOSE:
      return "a key or '}' expected";
    case KEY:
      return 'a key expected';
    case COLON_NEXT:
      return "':' expected";
    case COMMA_OR_CLOSE:
      return level & ARRAY_BIT ? "',' or ']' expected" : "',' or '}' expected";
    default:
      return 'value expected';
  }
}

/** A number or literal outside `log.entries`, read a byte at a time (it may end in the next chunk): the state
 * of JSON's number grammar, or the literal and how much of it has been seen. */
const N_MINUS = 1;
const N_ZERO = 2;
const N_INT = 3;
const N_DOT = 4;
const N_FRACTION = 5;
const N_E = 6;
const N_EXPONENT_SIGN = 7;
const N_EXPONENT = 8;
const LITERALS = ['true', 'false', 'null'];

interface Scalar {
  /** A number's state, or 0 for a literal. */
  number: number;
  literal: string;
  seen: number;
  line: number;
  column: number;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** The number state after `code`, or -1 when the number cannot go on with it. */
function numberStep(state: number, code: number): number {
  const digit = isDigit(code);
  switch (state) {
    case N_MINUS:
      return code === 48 ? N_ZERO : digit ? N_INT : -1;
    case N_ZERO:
      return code === 46 ? N_DOT : code === 101 || code === 69 ? N_E : -1;
    case N_INT:
      return digit ? N_INT : code === 46 ? N_DOT : code === 101 || code === 69 ? N_E : -1;
    case N_DOT:
    case N_FRACTION:
      return digit ? N_FRACTION : state === N_FRACTION && (code === 101 || code === 69) ? N_E : -1;
    case N_E:
      return digit ? N_EXPONENT : code === 43 || code === 45 ? N_EXPONENT_SIGN : -1;
    case N_EXPONENT_SIGN:
    case N_EXPONENT:
      return digit ? N_EXPONENT : -1;
    default:
      return -1;
  }
}

/** Bytes that end a number or literal: white space, a bracket, a comma, a colon or a quote. */
const scalarEnds = new Uint8Array(256);
for (const code of [
  32,
  9,
  NEWLINE,
  13,
  COMMA,
  COLON,
  OPEN_ARRAY,
  CLOSE_ARRAY,
  OPEN_OBJECT,
  CLOSE_OBJECT,
  QUOTE,
])
  scalarEnds[code] = 1;

const empty = Buffer.alloc(0);

/** Bytes of a string read by hand before the native search takes over. */
const shortString = 32;

/** The state machine. */
export class HarEntryScanner {
  /** The bytes being scanned: the chunk pushed, or the carried-over bytes and the chunk in `carry`. */
  private buffer: Buffer = empty;
  /** The scanner's own bytes, used again at every push: the unfinished element (or key) a chunk ends with and
   * the next chunk after it. */
  private carry: Buffer = empty;
  private spare: Buffer = empty;
  /** `buffer` is the start of `carry` (not the caller's chunk). */
  private inCarry = false;
  /** Offset in `buffer` where scanning resumes. */
  private at = 0;
  private depth = 0;
  private inString = false;
  /** The string's next byte is escaped (a backslash ended the previous chunk). */
  private escaped = false;
  /** The key of the value being read in each container open at depth 1 and 2 (the document and `log`). */
  private readonly keys: Array<string | undefined> = [];
  /** One grammar byte per container open outside the elements, innermost last (see {@link ARRAY_BIT}). */
  private levels = new Uint8Array(64);
  private levelCount = 0;
  /** Start of the current key string at depth 1-2, to read the key when it closes. */
  private keyStart = -1;
  private entriesDepth = -1;
  /** Offset in `buffer` of the current element of `log.entries`, -1 between elements. */
  private elementStart = -1;
  private elementLine = 1;
  private elementColumn = 1;
  /** Lines and columns are counted lazily, up to `countedTo` (an offset in `buffer`). */
  private line = 1;
  private lineUnits = 0;
  private countedTo = 0;
  /** The first newline at or after `countedTo`, or -1 when the buffer has none. */
  private nextNewline = -1;
  /** No newline stands from `countedTo` up to this offset of `buffer`: where the search for the next one
   * resumes at a push. */
  private searchedTo = 0;
  private sawRoot = false;
  /** The number or literal being read outside `log.entries`, if one is. */
  private scalar: Scalar | undefined;
  /** In a string outside the elements: 1 after a backslash, 2 to 5 while reading `\uXXXX`'s digits. */
  private stringEscape = 0;
  /** In `log.entries`, a comma was read and no element has started since. */
  private entryExpected = false;
  sawLog = false;
  sawEntries = false;
  private finishedEntries = false;
  /** Bytes of the current element dropped because it is past `maxElementBytes`. */
  private dropped = 0;

  /** `maxElementBytes`: an element longer than that is scanned but not kept; it is handed out with its size
   * only (an empty buffer, `end` its length), for the reader to refuse on its size alone. */
  constructor(private readonly maxElementBytes = Number.POSITIVE_INFINITY) {}

  /** Feeds the next chunk; returns the elements of `log.entries` completed by it, in order. */
  push(chunk: Uint8Array): ScannedElement[] {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    this.inCarry = this.buffer.length > 0;
    this.buffer = this.inCarry ? this.append(bytes) : bytes;
    this.nextNewline = this.buffer.indexOf(NEWLINE, Math.max(this.countedTo, this.searchedTo));
    this.searchedTo = this.nextNewline < 0 ? this.buffer.length : 0;
    const found: ScannedElement[] = [];
    const buffer = this.buffer;
    const length = buffer.length;
    let i = this.at;
    while (i < length) {
      if (this.inString) {
        // An element's strings are JSON.parse's to check; the others are checked here.
        const close = this.elementStart >= 0 ? this.stringEnd(buffer, i) : this.checkedStringEnd(buffer, i);
        if (close < 0) break;
        this.closeString(buffer, close);
        i = close + 1;
        continue;
      }
      if (this.scalar !== undefined) {
        i = this.readScalar(buffer, i);
        continue;
      }
      if (this.depth > this.entriesDepth && this.entriesDepth > 0 && !this.finishedEntries) {
        i = this.skipInsideElement(buffer, i);
        continue;
      }
      const code = buffer[i] as number;
      if (isWhitespace(code)) {
        i++;
        continue;
      }
      if (this.depth === 0 && this.sawRoot) this.fail('unexpected text after the document', i);
      if (this.inEntries()) this.entriesLevel(buffer, i, code, found);
      else this.outsideEntries(i, code);
      i++;
    }
    this.compact();
    return found;
  }

  /** Call after the last chunk: a document cut short is an error, with where it stopped. */
  end(): void {
    if (this.inString || this.depth > 0 || !this.sawRoot) {
      this.countTo(this.buffer.length);
      throw new JsonStructureError(
        this.sawRoot ? 'unexpected end of the document' : 'the file is empty',
        this.line,
        this.lineUnits + 1,
      );
    }
  }

  /** The closing quote of the string being read, from `from` on, or -1 when the buffer ends first. */
  private stringEnd(buffer: Buffer, from: number): number {
    const length = buffer.length;
    let at = from;
    if (this.escaped) {
      this.escaped = false;
      at++;
    }
    // The first bytes by hand: most strings of a HAR are a few bytes long.
    const byHand = Math.min(length, at + shortString);
    for (;;) {
      while (at < byHand && stringStops[buffer[at] as number] === 0) at++;
      if (at >= byHand) break;
      if (buffer[at] === QUOTE) {
        this.inString = false;
        return at;
      }
      at += 2;
    }
    if (at >= length) {
      this.escaped = at > length;
      return -1;
    }
    // A long string (a body): the native search for quotes, each one escaped if an odd run of
    // backslashes precedes it.
    for (;;) {
      const quote = buffer.indexOf(QUOTE, at);
      const stop = quote < 0 ? length : quote;
      let backslashes = 0;
      while (stop - backslashes - 1 >= at && buffer[stop - backslashes - 1] === BACKSLASH) backslashes++;
      if (quote < 0) {
        // A backslash that ends the chunk escapes the first byte of the next one.
        this.escaped = backslashes % 2 === 1;
        return -1;
      }
      if (backslashes % 2 === 0) {
        this.inString = false;
        return quote;
      }
      at = quote + 1;
    }
  }

  /** Inside an element only strings and brackets matter (JSON.parse checks the rest): runs until the
   * element's value closes or the buffer ends, and returns where to go on. */
  private skipInsideElement(buffer: Buffer, from: number): number {
    const length = buffer.length;
    const floor = this.entriesDepth;
    let depth = this.depth;
    let at = from;
    while (at < length) {
      while (at < length && elementStops[buffer[at] as number] === 0) at++;
      if (at >= length) break;
      const code = buffer[at] as number;
      if (code === QUOTE) {
        this.inString = true;
        const close = this.stringEnd(buffer, at + 1);
        if (close < 0) {
          at = length;
          break;
        }
        at = close + 1;
        continue;
      }
      at++;
      if (code === OPEN_OBJECT || code === OPEN_ARRAY) depth++;
      else if (--depth === floor) break;
    }
    this.depth = depth;
    return at;
  }

  /** A byte of `log.entries` itself, between and at the start of its elements (JSON.parse checks them). */
  private entriesLevel(buffer: Buffer, i: number, code: number, found: ScannedElement[]): void {
    if (this.elementStart < 0 && code !== CLOSE_ARRAY) {
      if (code === COMMA) this.fail('value expected', i);
      this.elementStart = i;
      this.entryExpected = false;
      this.countTo(i);
      this.elementLine = this.line;
      this.elementColumn = this.lineUnits + 1;
    }
    if (code === QUOTE) {
      this.inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      this.open(code === OPEN_ARRAY, i);
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      if (code === CLOSE_ARRAY && this.elementStart >= 0) found.push(this.takeElement(buffer, i));
      else if (this.entryExpected) this.fail('value expected', i);
      this.close(code === CLOSE_ARRAY, i);
    } else if (code === COMMA) {
      found.push(this.takeElement(buffer, i));
      this.entryExpected = true;
    }
    // Anything else belongs to the element that started (a number, a literal): JSON.parse judges it.
  }

  /** A byte outside the elements of `log.entries` (and not in a string): JSON's grammar, checked one step at
   * a time, so that a HAR whose other parts are not JSON (a bare word, a missing comma or colon, a trailing
   * comma) is refused with the place, as the entries are. */
  private outsideEntries(i: number, code: number): void {
    const top = this.levelCount - 1;
    const level = top < 0 ? -1 : (this.levels[top] as number);
    const array = (level & ARRAY_BIT) !== 0;
    const expect = level & EXPECT_BITS;
    if (code === QUOTE) {
      if (level >= 0 && !array && (expect === KEY_OR_CLOSE || expect === KEY)) {
        this.levels[top] = COLON_NEXT;
        if (this.depth <= 2) this.keyStart = i + 1;
      } else {
        this.valueStarts(level, i);
      }
      this.inString = true;
      this.stringEscape = 0;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (level >= 0) this.valueStarts(level, i);
      this.open(code === OPEN_ARRAY, i);
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      const closing = code === CLOSE_ARRAY;
      if (level < 0 || array !== closing) this.fail('unexpected closing bracket', i);
      const closes = closing ? VALUE_OR_CLOSE : KEY_OR_CLOSE;
      if (expect !== closes && expect !== COMMA_OR_CLOSE) this.fail(expected(level), i);
      this.close(closing, i);
    } else if (code === COMMA) {
      if (expect !== COMMA_OR_CLOSE || level < 0) this.failExpecting(level, i);
      this.levels[top] = (level & ARRAY_BIT) | (array ? VALUE : KEY);
    } else if (code === COLON) {
      if (expect !== COLON_NEXT || level < 0) this.failExpecting(level, i);
      this.levels[top] = VALUE;
    } else {
      this.valueStarts(level, i);
      this.countTo(i);
      const literal = LITERALS.find((word) => word.charCodeAt(0) === code);
      let number = 0;
      if (literal === undefined)
        number = code === 45 ? N_MINUS : code === 48 ? N_ZERO : isDigit(code) ? N_INT : -1;
      if (number < 0) this.fail('invalid value', i);
      this.scalar = { number, literal: literal ?? '', seen: 1, line: this.line, column: this.lineUnits + 1 };
    }
  }

  /** A value (string, container, number, literal) starts in the innermost container, whose grammar byte is
   * `level` (-1: none, the document has not started): only where the grammar expects one. */
  private valueStarts(level: number, i: number): void {
    if (level < 0) this.fail('a JSON object expected', i);
    const expect = level & EXPECT_BITS;
    if (expect !== VALUE && expect !== VALUE_OR_CLOSE) this.fail(expected(level), i);
    this.levels[this.levelCount - 1] = (level & ARRAY_BIT) | COMMA_OR_CLOSE;
  }

  private failExpecting(level: number, i: number): never {
    this.fail(level < 0 ? 'a JSON object expected' : expected(level), i);
  }

  /** Goes on with the number or literal being read; returns where its bytes end (or the buffer does). */
  private readScalar(buffer: Buffer, from: number): number {
    const scalar = this.scalar as Scalar;
    const length = buffer.length;
    let at = from;
    for (; at < length; at++) {
      const code = buffer[at] as number;
      if (scalarEnds[code] === 1) break;
      if (scalar.number === 0) {
        if (scalar.literal.charCodeAt(scalar.seen) !== code) this.failScalar(scalar);
        scalar.seen++;
      } else {
        scalar.number = numberStep(scalar.number, code);
        if (scalar.number < 0) this.failScalar(scalar);
      }
    }
    if (at < length) {
      const complete =
        scalar.number === 0
          ? scalar.seen === scalar.literal.length
          : scalar.number === N_ZERO ||
            scalar.number === N_INT ||
            scalar.number === N_FRACTION ||
            scalar.number === N_EXPONENT;
      if (!complete) this.failScalar(scalar);
      this.scalar = undefined;
    }
    return at;
  }

  private failScalar(scalar: Scalar): never {
    throw new JsonStructureError('invalid value', scalar.line, scalar.column);
  }

  /** The closing quote of a string outside the elements, checked as JSON.parse would: no control character,
   * only JSON's escapes. */
  private checkedStringEnd(buffer: Buffer, from: number): number {
    const length = buffer.length;
    for (let at = from; at < length; at++) {
      const code = buffer[at] as number;
      if (this.stringEscape === 1) {
        if (code === 117) this.stringEscape = 5;
        else if (escapable[code] === 1) this.stringEscape = 0;
        else this.fail('invalid escape in a string', at);
      } else if (this.stringEscape > 1) {
        if (!isHexDigit(code)) this.fail('invalid escape in a string', at);
        this.stringEscape = this.stringEscape === 2 ? 0 : this.stringEscape - 1;
      } else if (code === QUOTE) {
        this.inString = false;
        return at;
      } else if (code === BACKSLASH) {
        this.stringEscape = 1;
      } else if (code < 0x20) {
        this.fail('control character in a string (escape it)', at);
      }
    }
    return -1;
  }

  private inEntries(): boolean {
    return this.depth === this.entriesDepth && !this.finishedEntries;
  }

  private open(array: boolean, i: number): void {
    if (this.depth === 0) {
      if (array) this.fail('a JSON object expected', i);
      this.sawRoot = true;
    }
    // The key this container is the value of (known at depth 1 and 2 only).
    const key = this.keys.at(-1);
    this.depth++;
    if (this.depth === 2 && key === 'log' && !array) this.sawLog = true;
    if (this.depth === 3 && key === 'entries' && this.keys.length === 2 && this.keys[0] === 'log') {
      if (array && !this.sawEntries) {
        this.sawEntries = true;
        this.entriesDepth = 3;
        return;
      }
    }
    // An element's containers are JSON.parse's to check (skipInsideElement only counts them).
    if (this.entriesDepth > 0 && this.depth > this.entriesDepth && !this.finishedEntries) return;
    if (this.levelCount === this.levels.length) {
      const grown = new Uint8Array(this.levels.length * 2);
      grown.set(this.levels);
      this.levels = grown;
    }
    this.levels[this.levelCount++] = array ? ARRAY_BIT | VALUE_OR_CLOSE : KEY_OR_CLOSE;
    if (this.depth <= 2) this.keys.push(undefined);
  }

  private close(array: boolean, i: number): void {
    if (this.depth === 0) this.fail('unexpected closing bracket', i);
    if (this.depth === this.entriesDepth && !this.finishedEntries) {
      if (!array) this.fail('unexpected closing bracket', i);
      this.finishedEntries = true;
    } else {
      // outsideEntries checked the bracket against the container's grammar byte.
      this.levelCount--;
      if (this.depth <= 2) this.keys.pop();
    }
    this.depth--;
  }

  private closeString(buffer: Buffer, i: number): void {
    if (this.keyStart < 0) return;
    if (this.keys.length > 0) this.keys[this.keys.length - 1] = buffer.toString('utf8', this.keyStart, i);
    this.keyStart = -1;
  }

  private takeElement(buffer: Buffer, end: number): ScannedElement {
    if (this.elementStart < 0) this.fail('value expected', end);
    if (this.dropped > 0) {
      const size = end - this.elementStart + this.dropped;
      this.dropped = 0;
      this.elementStart = -1;
      return { buffer: noBytes, start: 0, end: size, line: this.elementLine, column: this.elementColumn };
    }
    const element = {
      buffer,
      start: this.elementStart,
      end,
      line: this.elementLine,
      column: this.elementColumn,
    };
    this.elementStart = -1;
    return element;
  }

  /** Counts lines and the current line's UTF-16 units up to `offset` in `buffer`. */
  private countTo(offset: number): void {
    if (offset <= this.countedTo) return;
    let from = this.countedTo;
    while (this.nextNewline >= 0 && this.nextNewline < offset) {
      this.line++;
      this.lineUnits = 0;
      from = this.nextNewline + 1;
      this.nextNewline = this.buffer.indexOf(NEWLINE, from);
    }
    this.lineUnits += utf16Units(this.buffer, from, offset);
    this.countedTo = offset;
  }

  /** Drops what no longer matters (everything before the current element or key) and keeps the rest at the
   * start of `carry` for the next push. */
  private compact(): void {
    const length = this.buffer.length;
    if (this.elementStart >= 0 && length - this.elementStart + this.dropped > this.maxElementBytes) {
      // Past the limit: the element's bytes so far are counted and let go.
      this.dropped += length - this.elementStart;
      this.elementStart = length;
    }
    const keep = this.elementStart >= 0 ? this.elementStart : this.keyStart >= 0 ? this.keyStart : length;
    this.countTo(keep);
    const kept = length - keep;
    if (kept === 0) this.buffer = empty;
    else if (!this.inCarry || keep > 0) {
      // From the caller's chunk (which it may read into again), or from behind the elements handed out.
      const target = this.inCarry ? this.spare : this.carry;
      const into = target.length >= kept ? target : Buffer.allocUnsafeSlow(Math.max(kept, target.length * 2));
      this.buffer.copy(into, 0, keep, length);
      if (this.inCarry) this.spare = this.carry;
      this.carry = into;
      this.buffer = into.subarray(0, kept);
    }
    // Else an element longer than the chunks so far, at the start of `carry`: it stays, and grows there.
    this.countedTo -= keep;
    this.searchedTo = Math.max(0, this.searchedTo - keep);
    if (this.elementStart >= 0) this.elementStart -= keep;
    if (this.keyStart >= 0) this.keyStart -= keep;
    this.at = kept;
  }

  /** The carried-over bytes (the start of `carry`) with `bytes` after them, in `carry`. */
  private append(bytes: Buffer): Buffer {
    const kept = this.buffer.length;
    const size = kept + bytes.length;
    if (this.carry.length < size) {
      const grown = Buffer.allocUnsafeSlow(Math.max(size, this.carry.length * 2));
      this.carry.copy(grown, 0, 0, kept);
      this.carry = grown;
    }
    bytes.copy(this.carry, kept);
    return this.carry.subarray(0, size);
  }

  private fail(reason: string, i: number): never {
    this.countTo(i);
    throw new JsonStructureError(reason, this.line, this.lineUnits + 1);
  }
}
