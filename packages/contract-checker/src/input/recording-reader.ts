import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import {
  collectRecordingFiles,
  formatOf,
  HarFormatError,
  parseEntryJson,
  printable,
  type RecordedExchange as Recorded,
  type RecordingFormat,
  RecordingSplitter,
  readEntry,
  readRecordingChunks,
  type ScannedElement,
} from '@svc-contracts/har';
import { batchLimits, type CheckLimits, entryTooLarge, jsonOverLimit, limitOptions } from '../core/limits.js';
import type { NotJudged, Skip } from '../core/scope.js';
import type { Shard } from '../core/shard.js';

/** An entry as a run carries it: har's exchange, whose skip and not-judged parts the run adds to (an
 * attached body missing, a resource limit). */
export type RecordedExchange = Omit<Recorded, 'skip' | 'notJudged'> & {
  skip?: Skip;
  notJudged?: NotJudged[];
};

/** A recording that could not be read at all, or one entry of it. */
export interface InputError {
  file: string;
  entry?: number;
  reason: string;
}

/** One entry of a recording: read, or the reason it could not be. */
export type RecordingItem = { index: number; position: number } & (
  | { exchange: RecordedExchange }
  | { error: string }
  /** An entry a resource limit stopped before it was decoded. */
  | { unread: NotJudged }
);

/** The limits an entry meets before it is decoded. */
export type EntryLimits = Pick<CheckLimits, 'maxEntryBytes' | 'maxJsonNodes'>;

/** Told each entry's size, in input order, before it is parsed: its position in the run, or undefined to skip
 * it unparsed (how a shard leaves the other entries to the others). */
export type Selector = (bytes: number) => number | undefined;

/** An entry's bytes as an item: its limits first (before a byte is decoded: a string of 512 MiB cannot even be
 * made), then the HAR format; a failure stays the entry's own. */
function decodeEntry(
  element: ScannedElement,
  index: number,
  position: number,
  limits: EntryLimits,
): RecordingItem {
  const { buffer, start, end } = element;
  const tooLarge = entryTooLarge(end - start, limits) ?? tooManyValues(buffer, start, end, limits);
  if (tooLarge !== undefined)
    return { index, position, unread: { reason: 'resource-limit', part: 'entry', detail: tooLarge } };
  const json = parseEntryJson(element);
  if ('error' in json) return { index, position, error: json.error };
  try {
    return { index, position, exchange: readEntry(json.value, index) };
  } catch (error) {
    // Whatever one entry throws (a RangeError from a hostile value included) is that entry's problem.
    return { index, position, error: printable(error instanceof Error ? error.message : String(error)) };
  }
}

/** Whether an entry holds more JSON values than JSON.parse may build: its bytes scanned as one-byte characters
 * (no UTF-8 sequence holds a quote, a bracket or a comma), only when there are enough of them to be too many. */
function tooManyValues(bytes: Buffer, start: number, end: number, limits: EntryLimits): string | undefined {
  const { maxJsonNodes } = limits;
  if (end - start < maxJsonNodes) return undefined;
  const over = jsonOverLimit(bytes.toString('latin1', start, end), { maxJsonNodes, maxJsonDepth: Infinity });
  if (over === undefined) return undefined;
  return `the entry holds more than ${maxJsonNodes} JSON values (raise it with ${limitOptions.maxJsonNodes})`;
}

/** Turns recording bytes, fed in chunks, into entries: har's splitter finds each entry's bytes, and an entry the
 * selector skips is never decoded. Each chunk's entries are decoded as they are iterated: decoded all at once
 * they would outlive V8's young generation. */
export function recordingDecoder(
  format: RecordingFormat,
  select: Selector = (
    (next) => () =>
      next++
  )(0),
  limits: EntryLimits = batchLimits,
) {
  const splitter = new RecordingSplitter(format, limits.maxEntryBytes);
  const selected: Array<[ScannedElement, number, number]> = [];
  const take = (element: ScannedElement, index: number): void => {
    const position = select(element.end - element.start);
    if (position !== undefined) selected.push([element, index, position]);
  };
  function* taken(items = selected.splice(0)): Iterable<RecordingItem> {
    for (const [element, index, position] of items) yield decodeEntry(element, index, position, limits);
  }
  return {
    /** The next chunk (text is the whole file's text or a piece of it): the entries it completes. */
    push(chunk: Uint8Array | string): Iterable<RecordingItem> {
      splitter.push(chunk, take);
      return taken();
    },
    end(): Iterable<RecordingItem> {
      splitter.end(take);
      return taken();
    },
  };
}

/** Streams a recording file's entries in order, in constant memory: one batch per chunk read. */
async function* readRecordingBatches(
  path: string,
  select?: Selector,
  limits?: EntryLimits,
): AsyncGenerator<Iterable<RecordingItem>> {
  const decoder = recordingDecoder(formatOf(path), select, limits);
  try {
    for await (const chunk of readRecordingChunks(path)) yield decoder.push(chunk);
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    throw new HarFormatError(`cannot read: ${error instanceof Error ? error.message : String(error)}`);
  }
  yield decoder.end();
}

/** {@link readRecordingBatches} one entry at a time. */
export async function* readRecording(path: string): AsyncGenerator<RecordingItem> {
  for await (const batch of readRecordingBatches(path)) yield* batch;
}

/** What a run does with the recordings as they are read, file by file, in input order. */
export interface RecordingVisitor {
  /** The next decoded entry of `file` (of this shard); awaited before the next. */
  take(file: string, item: RecordingItem): void | Promise<void>;
  /** A problem that belongs to no entry (a missing path, a broken document), met `position` entries in. */
  inputError(error: InputError, position: number): void | Promise<void>;
  /** Told the bytes of each entry of this shard, before it is decoded (how far into the input a run is). */
  sized(bytes: number): void;
  /** Told the bytes of every recording before the first is read (how far the input goes). */
  started?(totalBytes: number): void;
}

/** Which input a run read, so that `merge` can tell shards of one run from reports of others: a digest of the
 * recordings' paths and sizes ({@link inputDigest}), and the number of entries of the whole input. */
export interface InputIdentity {
  digest: string;
  entries: number;
}

/** Reads every recording of `paths` as a stream: the entries of `shard` (every `count`-th of the whole input,
 * from the `index`-th) go to `visitor.take` in input order; a failure to read one file is its problem alone. */
export async function walkRecordings(
  paths: string[],
  shard: Shard | undefined,
  limits: EntryLimits,
  visitor: RecordingVisitor,
): Promise<InputIdentity> {
  const reportsProblems = !shard || shard.index === 1;
  const { files, errors } = await collectRecordingFiles(paths);
  if (reportsProblems) for (const error of errors) await visitor.inputError(error, 0);
  const sizes = await sizesOf(files);
  visitor.started?.(sizes.reduce((sum, size) => sum + Math.max(size, 0), 0));
  let position = 0;
  const select = (bytes: number): number | undefined => {
    const at = position++;
    if (shard && at % shard.count !== shard.index - 1) return undefined;
    visitor.sized(bytes);
    return at;
  };
  for (const file of files) {
    try {
      for await (const items of readRecordingBatches(file, select, limits))
        for (const item of items) await visitor.take(file, item);
    } catch (error) {
      const failure = error instanceof HarFormatError ? error.message : `cannot read: ${String(error)}`;
      if (reportsProblems) await visitor.inputError({ file, reason: printable(failure) }, position);
    }
  }
  return { digest: digestOf(files, sizes), entries: position };
}

/** Each file's size, -1 for one that cannot be read. */
const sizesOf = (files: string[]): Promise<number[]> =>
  Promise.all(files.map(async (file) => (await stat(file).catch(() => null))?.size ?? -1));

function digestOf(files: string[], sizes: number[]): string {
  const digest = createHash('sha256');
  for (const [at, file] of files.entries()) digest.update(`${file}\0${sizes[at]}\n`);
  return digest.digest('hex').slice(0, 16);
}

export const inputDigest = async (files: string[]): Promise<string> => digestOf(files, await sizesOf(files));
