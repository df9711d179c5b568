import { isUtf8 } from 'node:buffer';
import { type FileHandle, open, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { batchLimits, type CheckLimits, entryTooLarge, jsonBytesCost } from '../run/limits.js';
import type { NotJudged } from '../run/scope.js';
import { elementText, HarEntryScanner, JsonStructureError, type ScannedElement } from './entry-scanner.js';
import { HarFormatError, type RecordedExchange, readEntry } from './har-entry.js';
import { locateJsonSyntaxError, printable } from './input-text.js';

/**
 * One entry of a recording: read, or the reason it could not be. `position` numbers the entries a
 * {@link Selector} chose, across every file of a run.
 */
export type RecordingItem = { index: number; position: number } & (
  | { exchange: RecordedExchange }
  | { error: string }
  /** An entry not read: a resource limit stopped it before it was decoded (see `limits.ts`). */
  | { unread: NotJudged }
);

/** The limits an entry meets before it is decoded. */
export type EntryLimits = Pick<CheckLimits, 'maxEntryBytes' | 'maxJsonNodes'>;

/**
 * Called once per entry, in input order, before the entry is parsed: the entry's position in the run, or
 * undefined to skip it unparsed (how a shard or a worker leaves the other entries to the others).
 */
export type Selector = () => number | undefined;

/**
 * Called for each entry the selector chose, before it is decoded: true takes the entry's bytes elsewhere
 * (copied before the next push: they are read from a buffer that is written over), and the reader does
 * not decode it. How `--workers` deals entries out to the threads that check them.
 */
export type Diverter = (element: ScannedElement, index: number, position: number) => boolean;

function counter(): Selector {
  let next = 0;
  return () => next++;
}

/**
 * HAR 1.2 documents, or NDJSON with one HAR entry per line (what a proxy or a log pipeline appends to).
 * In NDJSON the entry index is the 0-based line number, so `#41` is line 42.
 */
export type RecordingFormat = 'har' | 'ndjson';

export function formatOf(path: string): RecordingFormat {
  const extension = extname(path).toLowerCase();
  return extension === '.ndjson' || extension === '.jsonl' ? 'ndjson' : 'har';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A line of NDJSON with nothing but whitespace is skipped, as `String.prototype.trim` sees it. Lines start
 * with `{` almost always; only one that starts with a byte above ASCII is decoded to decide.
 */
function isBlankLine(bytes: Buffer, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = bytes[at] as number;
    if (code === 32 || (code >= 9 && code <= 13)) continue;
    return code >= 0x80 && bytes.toString('utf8', at, to).trim() === '';
  }
  return true;
}

/** An entry's bytes as an item: decoded, JSON.parse, then the HAR entry rules; a failure stays the entry's own. */
export function decodeEntry(
  element: ScannedElement,
  index: number,
  position: number,
  limits: EntryLimits = batchLimits,
): RecordingItem {
  // Before it is decoded: a string of 512 MiB or more cannot even be made, and JSON.parse has no limit.
  const tooLarge =
    entryTooLarge(element.end - element.start, limits) ??
    jsonBytesCost(element.buffer, element.start, element.end, limits);
  if (tooLarge !== undefined)
    return { index, position, unread: { reason: 'resource-limit', part: 'entry', detail: tooLarge } };
  if (!isUtf8(element.buffer.subarray(element.start, element.end)))
    return { index, position, error: `not valid UTF-8 ${invalidUtf8At(element)}` };
  const text = elementText(element);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    const problem = locateJsonSyntaxError(error, text);
    if (problem.line === undefined) return { index, position, error: `malformed JSON: ${problem.reason}` };
    // Positions inside the entry, moved to positions in the file.
    const line = element.line + problem.line - 1;
    const column = problem.line === 1 ? element.column + (problem.column ?? 1) - 1 : problem.column;
    return { index, position, error: `malformed JSON: ${problem.reason} at line ${line}, column ${column}` };
  }
  try {
    return { index, position, exchange: readEntry(raw, index) };
  } catch (error) {
    // Whatever one entry throws (a RangeError from a hostile value included) is that entry's problem.
    return { index, position, error: printable(errorMessage(error)) };
  }
}

/** An entry the selector chose, not yet decoded. */
interface Selected {
  element: ScannedElement;
  index: number;
  position: number;
}

/**
 * Decodes each entry only when it is asked for: a chunk holds a hundred entries or more, and decoded all
 * at once they would outlive V8's young generation and be promoted, to be freed only by full collections.
 */
function* decodeEach(items: Selected[], limits: EntryLimits): Generator<RecordingItem> {
  for (const { element, index, position } of items) yield decodeEntry(element, index, position, limits);
}

/**
 * Where the first byte that is not UTF-8 stands (line and column of the file): a HAR is UTF-8 text
 * (RFC 8259), and decoding would replace the byte with U+FFFD silently, changing what is checked.
 */
function invalidUtf8At(element: ScannedElement): string {
  const { buffer, start, end } = element;
  // The longest valid prefix: halve the window until the decoder stops complaining.
  let good = start;
  let bad = end;
  while (bad - good > 1) {
    const middle = (good + bad) >>> 1;
    if (isUtf8(buffer.subarray(start, middle))) good = middle;
    else bad = middle;
  }
  // `good` may end inside a character that continues past it: step back to its first byte.
  let at = good;
  while (at > start && ((buffer[at] as number) & 0xc0) === 0x80) at--;
  const before = buffer.toString('utf8', start, at);
  const lines = before.split('\n');
  const line = element.line + lines.length - 1;
  const column = (lines.length === 1 ? element.column : 1) + (lines[lines.length - 1] as string).length;
  return `at line ${line}, column ${column} (byte 0x${(buffer[at] as number).toString(16).padStart(2, '0')}): decoding would replace it with U+FFFD and check other text than was recorded; export the recording as UTF-8`;
}

const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf]);
const empty = Buffer.alloc(0);
const newline = 10;

/**
 * Turns recording bytes, fed in chunks, into entries. Only the entry being read is held, so memory does
 * not grow with the file, and an entry the selector skips is never decoded nor parsed (how each worker
 * thread passes over the others' entries cheaply). A problem of the document itself (not JSON, not HAR,
 * cut short) throws {@link HarFormatError} from `push` or `end`; the entries handed out before it stay
 * valid.
 */
export class RecordingDecoder {
  private readonly scanner: HarEntryScanner;
  private next = 0;
  /** NDJSON: the pieces of the line not yet ended. */
  private pendingLine: Buffer[] = [];
  private pendingBytes = 0;
  /**
   * NDJSON: the line being read is past `maxEntryBytes`: its bytes are counted, not kept (a line of
   * gigabytes would not fit a Buffer), and it becomes an entry not judged when it ends.
   */
  private overLimit = false;
  private lineNumber = 0;
  private started = false;

  constructor(
    private readonly format: RecordingFormat,
    private readonly select: Selector = counter(),
    private readonly divert?: Diverter,
    private readonly limits: EntryLimits = batchLimits,
  ) {
    this.scanner = new HarEntryScanner(limits.maxEntryBytes);
  }

  /**
   * The next chunk of the file (text is taken as the whole file's text or a piece of it): the entries it
   * completes, decoded as they are iterated. Iterate them before the next push: they are read from the
   * chunk and the scanner's buffer, which the next push (and a caller reading into the same buffer) may
   * write over.
   */
  push(chunk: Uint8Array | string): Iterable<RecordingItem> {
    let bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (!this.started && bytes.length > 0) {
      this.started = true;
      if (bytes.subarray(0, 3).equals(byteOrderMark)) bytes = bytes.subarray(3);
    }
    return this.format === 'ndjson' ? this.pushLines(bytes) : this.pushHar(bytes);
  }

  end(): Iterable<RecordingItem> {
    if (this.format === 'ndjson') return this.pushLines(Buffer.of(newline));
    try {
      this.scanner.end();
    } catch (error) {
      throw this.documentError(error);
    }
    if (!this.scanner.sawLog) throw new HarFormatError('not a HAR file: no "log" object');
    if (!this.scanner.sawEntries) throw new HarFormatError('not a HAR file: "log.entries" is not an array');
    return [];
  }

  private pushHar(bytes: Buffer): Iterable<RecordingItem> {
    let elements: ScannedElement[];
    try {
      elements = this.scanner.push(bytes);
    } catch (error) {
      throw this.documentError(error);
    }
    const items: Selected[] = [];
    for (const element of elements) {
      const index = this.next++;
      const position = this.select();
      if (position !== undefined && !this.divert?.(element, index, position))
        items.push({ element, index, position });
    }
    return decodeEach(items, this.limits);
  }

  private pushLines(chunk: Buffer): Iterable<RecordingItem> {
    const items: Selected[] = [];
    let from = 0;
    for (let end = chunk.indexOf(newline); end >= 0; end = chunk.indexOf(newline, from)) {
      const index = this.lineNumber++;
      if (this.overLimit || this.pendingBytes + end - from > this.limits.maxEntryBytes) {
        // Only its size is known: decodeEntry refuses it on that alone, without reading a byte.
        const size = this.pendingBytes + end - from;
        this.pendingLine = [];
        this.pendingBytes = 0;
        this.overLimit = false;
        const position = this.select();
        const element = { buffer: empty, start: 0, end: size, line: index + 1, column: 1 };
        if (position !== undefined && !this.divert?.(element, index, position))
          items.push({ element, index, position });
        from = end + 1;
        continue;
      }
      // A line longer than a chunk is joined once, when it ends (not copied again with every chunk).
      const bytes =
        this.pendingLine.length === 0 ? chunk : Buffer.concat([...this.pendingLine, chunk.subarray(0, end)]);
      const lineStart = this.pendingLine.length === 0 ? from : 0;
      const lineEnd = this.pendingLine.length === 0 ? end : bytes.length;
      this.pendingLine = [];
      this.pendingBytes = 0;
      if (!isBlankLine(bytes, lineStart, lineEnd)) {
        const position = this.select();
        if (position !== undefined) {
          const element = { buffer: bytes, start: lineStart, end: lineEnd, line: index + 1, column: 1 };
          if (!this.divert?.(element, index, position)) items.push({ element, index, position });
        }
      }
      from = end + 1;
    }
    if (from < chunk.length) {
      this.pendingBytes += chunk.length - from;
      if (this.pendingBytes > this.limits.maxEntryBytes) {
        this.overLimit = true;
        this.pendingLine = [];
      } else {
        // A copy: the caller may read the next chunk into the same buffer.
        this.pendingLine.push(Buffer.from(chunk.subarray(from)));
      }
    }
    return decodeEach(items, this.limits);
  }

  private documentError(error: unknown): HarFormatError {
    if (error instanceof JsonStructureError) return new HarFormatError(`malformed JSON: ${error.message}`);
    return new HarFormatError(printable(errorMessage(error)));
  }
}

/** What a path is when it is not a regular file: a FIFO or a device would block or never end. */
function kindOf(info: Awaited<ReturnType<typeof stat>>): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/** Chunks of 256 KiB: large enough that per-chunk work is noise, small enough that a chunk's entries die young. */
const chunkSize = 1 << 18;

/**
 * Streams the entries of a recording file, in order, in constant memory: one batch per chunk read, each
 * entry decoded when the batch is iterated (an entry costs no promise of its own). A batch is to be
 * iterated before the next one is asked for: the next read writes over its bytes. A file that cannot be
 * read, or whose document is broken, throws {@link HarFormatError} (after the entries read before the
 * problem).
 */
export async function* readRecordingBatches(
  path: string,
  select?: Selector,
  divert?: Diverter,
  limits?: EntryLimits,
): AsyncGenerator<Iterable<RecordingItem>> {
  try {
    const info = await stat(path);
    if (!info.isFile())
      throw new HarFormatError(`not a regular file (${kindOf(info)}); give a HAR file or a folder`);
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarFormatError(code === 'ENOENT' ? 'no such file' : `cannot read: ${errorMessage(error)}`);
  }
  const decoder = new RecordingDecoder(formatOf(path), select, divert, limits);
  let file: FileHandle | undefined;
  try {
    file = await open(path, 'r');
    // One buffer, read into again and again: a batch's entries are read from it, decoded before the
    // next read. A new buffer per read would be garbage for V8 to collect, megabytes of it per second.
    const buffer = Buffer.allocUnsafeSlow(chunkSize);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, chunkSize, null);
      if (bytesRead === 0) break;
      yield decoder.push(buffer.subarray(0, bytesRead));
    }
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    throw new HarFormatError(`cannot read: ${errorMessage(error)}`);
  } finally {
    await file?.close();
  }
  yield decoder.end();
}

/** {@link readRecordingBatches} one entry at a time. */
export async function* readRecording(path: string, select?: Selector): AsyncGenerator<RecordingItem> {
  for await (const batch of readRecordingBatches(path, select)) yield* batch;
}
