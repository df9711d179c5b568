import { isUtf8 } from 'node:buffer';
import { type FileHandle, open, readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { elementText, HarEntryScanner, JsonStructureError, type ScannedElement } from './entry-scanner.js';
import { HarFormatError } from './format-error.js';
import { locateJsonSyntaxError, printable } from './input-text.js';
import { isZipRecording, zipRecording } from './zip-recording.js';

/** HAR 1.2 documents, or NDJSON with one HAR entry per line (what a proxy or a log pipeline appends to). */
export type RecordingFormat = 'har' | 'ndjson';

/** `.ndjson` and `.jsonl` are NDJSON; anything else is read as a HAR document. */
export function formatOf(path: string): RecordingFormat {
  const extension = extname(path).toLowerCase();
  return extension === '.ndjson' || extension === '.jsonl' ? 'ndjson' : 'har';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A line of NDJSON with nothing but whitespace is skipped, as `String.prototype.trim` sees it. */
function isBlankLine(bytes: Buffer, from: number, to: number): boolean {
  for (let at = from; at < to; at++) {
    const code = bytes[at] as number;
    if (code === 32 || (code >= 9 && code <= 13)) continue;
    return code >= 0x80 && bytes.toString('utf8', at, to).trim() === '';
  }
  return true;
}

/** Called once per entry of a recording, in order, with its bytes and its index (see {@link RecordingFormat}). */
export type EachEntry = (element: ScannedElement, index: number) => void;

const byteOrderMark = Buffer.from([0xef, 0xbb, 0xbf]);
const empty = Buffer.alloc(0);
const newline = 10;

/** Splits recording bytes, fed in chunks, into the bytes of its entries: the elements of `log.entries` of a
 * HAR document ({@link HarEntryScanner}), or the lines of NDJSON (blank lines skipped). */
export class RecordingSplitter {
  private readonly scanner: HarEntryScanner;
  private next = 0;
  /** NDJSON: the pieces of the line not yet ended. */
  private pendingLine: Buffer[] = [];
  private pendingBytes = 0;
  /** NDJSON: the line being read is past `maxEntryBytes`: its bytes are counted, not kept (a line of
   * gigabytes would not fit a Buffer), and it is handed out with its size only when it ends. */
  private overLimit = false;
  private lineNumber = 0;
  private started = false;

  constructor(
    private readonly format: RecordingFormat,
    private readonly maxEntryBytes = Number.POSITIVE_INFINITY,
  ) {
    this.scanner = new HarEntryScanner(maxEntryBytes);
  }

  /** The next chunk of the file (text is taken as the whole file's text or a piece of it): `each` is called
   * with every entry it completes. */
  push(chunk: Uint8Array | string, each: EachEntry): void {
    let bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (!this.started && bytes.length > 0) {
      this.started = true;
      if (bytes.subarray(0, 3).equals(byteOrderMark)) bytes = bytes.subarray(3);
    }
    if (this.format === 'ndjson') this.pushLines(bytes, each);
    else this.pushHar(bytes, each);
  }

  /** The end of the file: the last NDJSON line, or the check that the HAR document is whole. */
  end(each: EachEntry): void {
    if (this.format === 'ndjson') {
      this.pushLines(Buffer.of(newline), each);
      return;
    }
    try {
      this.scanner.end();
    } catch (error) {
      throw documentError(error);
    }
    if (!this.scanner.sawLog) throw new HarFormatError('not a HAR file: no "log" object');
    if (!this.scanner.sawEntries) throw new HarFormatError('not a HAR file: "log.entries" is not an array');
  }

  private pushHar(bytes: Buffer, each: EachEntry): void {
    let elements: ScannedElement[];
    try {
      elements = this.scanner.push(bytes);
    } catch (error) {
      throw documentError(error);
    }
    for (const element of elements) each(element, this.next++);
  }

  private pushLines(chunk: Buffer, each: EachEntry): void {
    let from = 0;
    for (let end = chunk.indexOf(newline); end >= 0; end = chunk.indexOf(newline, from)) {
      const index = this.lineNumber++;
      if (this.overLimit || this.pendingBytes + end - from > this.maxEntryBytes) {
        const size = this.pendingBytes + end - from;
        this.pendingLine = [];
        this.pendingBytes = 0;
        this.overLimit = false;
        each({ buffer: empty, start: 0, end: size, line: index + 1, column: 1 }, index);
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
      if (!isBlankLine(bytes, lineStart, lineEnd))
        each({ buffer: bytes, start: lineStart, end: lineEnd, line: index + 1, column: 1 }, index);
      from = end + 1;
    }
    if (from < chunk.length) {
      this.pendingBytes += chunk.length - from;
      if (this.pendingBytes > this.maxEntryBytes) {
        this.overLimit = true;
        this.pendingLine = [];
      } else {
        // A copy: the caller may read the next chunk into the same buffer.
        this.pendingLine.push(Buffer.from(chunk.subarray(from)));
      }
    }
  }
}

function documentError(error: unknown): HarFormatError {
  if (error instanceof JsonStructureError) return new HarFormatError(`malformed JSON: ${error.message}`);
  return new HarFormatError(printable(errorMessage(error)));
}

/** An entry's bytes as JSON: UTF-8 checked (decoding would replace a bad byte with U+FFFD silently), then
 * JSON.parse; a failure is the entry's own, named with its line and column in the file. */
export function parseEntryJson(element: ScannedElement): { value: unknown } | { error: string } {
  if (!isUtf8(element.buffer.subarray(element.start, element.end)))
    return { error: `not valid UTF-8 ${invalidUtf8At(element)}` };
  const text = elementText(element);
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    const problem = locateJsonSyntaxError(error, text);
    if (problem.line === undefined) return { error: `malformed JSON: ${problem.reason}` };
    // Positions inside the entry, moved to positions in the file.
    const line = element.line + problem.line - 1;
    const column = problem.line === 1 ? element.column + (problem.column ?? 1) - 1 : problem.column;
    return { error: `malformed JSON: ${problem.reason} at line ${line}, column ${column}` };
  }
}

/** Where the first byte that is not UTF-8 stands (line and column of the file): a HAR is UTF-8 text (RFC
 * 8259), and decoding would replace the byte with U+FFFD silently, changing what is read. */
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

/** The bytes of a recording file in chunks of 256 KiB, read into one buffer again and again: a chunk is to be
 * used before the next one is asked for. */
export async function* readRecordingChunks(path: string): AsyncGenerator<Buffer> {
  try {
    const info = await stat(path);
    if (!info.isFile())
      throw new HarFormatError(`not a regular file (${kindOf(info)}); give a HAR file or a folder`);
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarFormatError(code === 'ENOENT' ? 'no such file' : `cannot read: ${errorMessage(error)}`);
  }
  if (isZipRecording(path)) {
    const { har } = zipRecording(path);
    for (let at = 0; at < har.length; at += chunkSize)
      yield Buffer.from(har.buffer, har.byteOffset + at, Math.min(chunkSize, har.length - at));
    return;
  }
  let file: FileHandle | undefined;
  try {
    file = await open(path, 'r');
    // One buffer, read into again and again. A new buffer per read would be garbage for V8 to collect,
    // megabytes of it per second.
    const buffer = Buffer.allocUnsafeSlow(chunkSize);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, chunkSize, null);
      if (bytesRead === 0) break;
      yield buffer.subarray(0, bytesRead);
    }
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    throw new HarFormatError(`cannot read: ${errorMessage(error)}`);
  } finally {
    await file?.close();
  }
}

/** A path given that holds no recording to read. */
export interface RecordingPathProblem {
  file: string;
  reason: string;
}

/** Recording files found in folders: HAR, NDJSON/JSON Lines of HAR entries, and Playwright's `.zip`. */
function isRecordingName(name: string): boolean {
  return /\.(har|ndjson|jsonl|zip)$/i.test(name);
}

/** Expands files and folders into recording files: a folder contributes every `*.har`, `*.ndjson`, `*.jsonl`
 * and `*.zip` below it (sorted, so runs are reproducible); a file is taken as given whatever its extension;
 * a missing path, or a folder with no recording, is a problem of its own. */
export async function collectRecordingFiles(
  paths: string[],
): Promise<{ files: string[]; errors: RecordingPathProblem[] }> {
  const files: string[] = [];
  const errors: RecordingPathProblem[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && isRecordingName(entry.name)) files.push(full);
    }
  };
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (!info.isDirectory()) {
        files.push(path);
        continue;
      }
      const before = files.length;
      await walk(path);
      // A mistyped folder in CI must not pass as "0 passed, 0 failed".
      if (files.length === before)
        errors.push({ file: path, reason: 'no recording (*.har, *.ndjson, *.jsonl, *.zip) in this folder' });
    } catch {
      errors.push({ file: path, reason: 'no such file or folder' });
    }
  }
  return { files: [...new Set(files)], errors };
}
