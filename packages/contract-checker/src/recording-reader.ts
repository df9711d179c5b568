import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { HarEntryScanner, JsonStructureError, type ScannedElement } from './entry-scanner.js';
import { HarFormatError, type RecordedExchange, readEntry } from './har-entry.js';
import { locateJsonSyntaxError, printable } from './input-text.js';

/**
 * One entry of a recording: read, or the reason it could not be. `position` numbers the entries a
 * {@link Selector} chose, across every file of a run.
 */
export type RecordingItem = { index: number; position: number } & (
  | { exchange: RecordedExchange }
  | { error: string }
);

/**
 * Called once per entry, in input order, before the entry is parsed: the entry's position in the run, or
 * undefined to skip it unparsed (how a shard or a worker leaves the other entries to the others).
 */
export type Selector = () => number | undefined;

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

/** An entry's text as an item: JSON.parse, then the HAR entry rules; a failure stays the entry's own. */
function decodeEntry(element: ScannedElement, index: number, position: number): RecordingItem {
  let raw: unknown;
  try {
    raw = JSON.parse(element.text);
  } catch (error) {
    const problem = locateJsonSyntaxError(error, element.text);
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

/**
 * Turns recording text, fed in chunks, into entries. Only the entry being read is held, so memory does
 * not grow with the file. A problem of the document itself (not JSON, not HAR, cut short) throws
 * {@link HarFormatError} from `push` or `end`; the entries handed out before it stay valid.
 */
export class RecordingDecoder {
  private readonly scanner = new HarEntryScanner();
  private next = 0;
  private pendingLine = '';
  private lineNumber = 0;
  private started = false;

  constructor(
    private readonly format: RecordingFormat,
    private readonly select: Selector = counter(),
  ) {}

  push(chunk: string): RecordingItem[] {
    let text = chunk;
    if (!this.started) {
      this.started = true;
      text = text.replace(/^\uFEFF/, '');
    }
    return this.format === 'ndjson' ? this.pushLines(text) : this.pushHar(text);
  }

  end(): RecordingItem[] {
    if (this.format === 'ndjson') return this.pushLines('\n');
    try {
      this.scanner.end();
    } catch (error) {
      throw this.documentError(error);
    }
    if (!this.scanner.sawLog) throw new HarFormatError('not a HAR file: no "log" object');
    if (!this.scanner.sawEntries) throw new HarFormatError('not a HAR file: "log.entries" is not an array');
    return [];
  }

  private pushHar(text: string): RecordingItem[] {
    let elements: ScannedElement[];
    try {
      elements = this.scanner.push(text);
    } catch (error) {
      throw this.documentError(error);
    }
    return this.decodeSelected(elements.map((element) => ({ element, index: this.next++ })));
  }

  private pushLines(text: string): RecordingItem[] {
    const lines = (this.pendingLine + text).split('\n');
    this.pendingLine = lines.pop() ?? '';
    const elements: Array<{ element: ScannedElement; index: number }> = [];
    for (const line of lines) {
      const index = this.lineNumber++;
      if (line.trim() !== '') elements.push({ element: { text: line, line: index + 1, column: 1 }, index });
    }
    return this.decodeSelected(elements);
  }

  private decodeSelected(elements: Array<{ element: ScannedElement; index: number }>): RecordingItem[] {
    const items: RecordingItem[] = [];
    for (const { element, index } of elements) {
      const position = this.select();
      if (position !== undefined) items.push(decodeEntry(element, index, position));
    }
    return items;
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

/** Chunks of 1 MiB: large enough that per-chunk work is noise, small enough to keep memory flat. */
const chunkSize = 1 << 20;

/**
 * Streams the entries of a recording file, in order, in constant memory. A file that cannot be read, or
 * whose document is broken, throws {@link HarFormatError} (after the entries read before the problem).
 */
export async function* readRecording(path: string, select?: Selector): AsyncGenerator<RecordingItem> {
  try {
    const info = await stat(path);
    if (!info.isFile())
      throw new HarFormatError(`not a regular file (${kindOf(info)}); give a HAR file or a folder`);
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new HarFormatError(code === 'ENOENT' ? 'no such file' : `cannot read: ${errorMessage(error)}`);
  }
  const decoder = new RecordingDecoder(formatOf(path), select);
  const text = new TextDecoder('utf-8');
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: chunkSize })) {
      yield* decoder.push(text.decode(chunk as Buffer, { stream: true }));
    }
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    throw new HarFormatError(`cannot read: ${errorMessage(error)}`);
  }
  yield* decoder.push(text.decode());
  yield* decoder.end();
}
