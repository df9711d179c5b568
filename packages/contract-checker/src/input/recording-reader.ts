import {
  formatOf,
  HarFormatError,
  parseEntryJson,
  printable,
  type RecordingFormat,
  RecordingSplitter,
  readEntry,
  readRecordingChunks,
  type ScannedElement,
} from '@svc-contracts/har';
import { batchLimits, type CheckLimits, entryTooLarge, jsonBytesCost } from '../core/limits.js';
import type { NotJudged } from '../core/scope.js';
import type { RecordedExchange } from './har-entry.js';

/** One entry of a recording: read, or the reason it could not be. */
export type RecordingItem = { index: number; position: number } & (
  | { exchange: RecordedExchange }
  | { error: string }
  /** An entry not read: a resource limit stopped it before it was decoded (see `limits.ts`). */
  | { unread: NotJudged }
);

/** The limits an entry meets before it is decoded. */
export type EntryLimits = Pick<CheckLimits, 'maxEntryBytes' | 'maxJsonNodes'>;

/** Called once per entry, in input order, before the entry is parsed: the entry's position in the run, or
 * undefined to skip it unparsed (how a shard leaves the other entries to the others). */
export type Selector = () => number | undefined;

/** Told the bytes of each entry the selector chose, before it is decoded (how far into the input a run is). */
export type EntrySizer = (bytes: number) => void;

function counter(): Selector {
  let next = 0;
  return () => next++;
}

export { formatOf, type RecordingFormat };

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An entry's bytes as an item: its limits first (a verdict of the run, before a byte is decoded), then the
 * HAR format (UTF-8, JSON, the entry's fields); a failure stays the entry's own. */
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
  const json = parseEntryJson(element);
  if ('error' in json) return { index, position, error: json.error };
  try {
    return { index, position, exchange: readEntry(json.value, index) };
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

/** Decodes each entry only when it is asked for: a chunk holds a hundred entries or more, and decoded all at
 * once they would outlive V8's young generation and be promoted, to be freed only by full collections. */
function* decodeEach(items: Selected[], limits: EntryLimits): Generator<RecordingItem> {
  for (const { element, index, position } of items) yield decodeEntry(element, index, position, limits);
}

/**
 * Turns recording bytes, fed in chunks, into entries: @svc-contracts/har's {@link RecordingSplitter} finds
 * each entry's bytes, and an entry the selector skips is never decoded nor parsed.
 */
export class RecordingDecoder {
  private readonly splitter: RecordingSplitter;
  private items: Selected[] = [];
  private readonly take = (element: ScannedElement, index: number): void => {
    const position = this.select();
    if (position === undefined) return;
    this.sized?.(element.end - element.start);
    this.items.push({ element, index, position });
  };

  constructor(
    format: RecordingFormat,
    private readonly select: Selector = counter(),
    private readonly sized?: EntrySizer,
    private readonly limits: EntryLimits = batchLimits,
  ) {
    this.splitter = new RecordingSplitter(format, limits.maxEntryBytes);
  }

  /** The next chunk of the file (text is taken as the whole file's text or a piece of it): the entries it
   * completes, decoded as they are iterated. */
  push(chunk: Uint8Array | string): Iterable<RecordingItem> {
    this.splitter.push(chunk, this.take);
    return this.taken();
  }

  end(): Iterable<RecordingItem> {
    this.splitter.end(this.take);
    return this.taken();
  }

  private taken(): Iterable<RecordingItem> {
    const items = this.items;
    this.items = [];
    return decodeEach(items, this.limits);
  }
}

/**
 * Streams the entries of a recording file, in order, in constant memory: one batch per chunk read, each entry
 * decoded when the batch is iterated (an entry costs no promise of its own).
 */
export async function* readRecordingBatches(
  path: string,
  select?: Selector,
  sized?: EntrySizer,
  limits?: EntryLimits,
): AsyncGenerator<Iterable<RecordingItem>> {
  const decoder = new RecordingDecoder(formatOf(path), select, sized, limits);
  try {
    for await (const chunk of readRecordingChunks(path)) yield decoder.push(chunk);
  } catch (error) {
    if (error instanceof HarFormatError) throw error;
    throw new HarFormatError(`cannot read: ${errorMessage(error)}`);
  }
  yield decoder.end();
}

/** {@link readRecordingBatches} one entry at a time. */
export async function* readRecording(path: string, select?: Selector): AsyncGenerator<RecordingItem> {
  for await (const batch of readRecordingBatches(path, select)) yield* batch;
}
