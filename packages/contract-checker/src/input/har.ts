import { collectRecordingFiles } from '@svc-contracts/har';
import type { RecordedExchange } from './har-entry.js';
import { formatOf, RecordingDecoder, type RecordingItem, readRecording } from './recording-reader.js';

export type { RecordedExchange } from './har-entry.js';

export interface HarFile {
  file: string;
  exchanges: RecordedExchange[];
  /** Entries that could not be read (the others are still checked). */
  entryErrors: Array<{ index: number; reason: string }>;
}

/** A recording that could not be read at all, or one entry of it. */
export interface InputError {
  file: string;
  entry?: number;
  reason: string;
}

/** Parses HAR 1.2 (or NDJSON) text. A document-level problem throws {@link HarFormatError}; a bad entry is listed. */
export function parseHar(text: string, file = 'recording.har'): HarFile {
  const decoder = new RecordingDecoder(formatOf(file));
  return collect(file, [...decoder.push(text), ...decoder.end()]);
}

/** Reads a whole recording into memory; {@link readRecording} streams it instead. */
export async function readHar(path: string): Promise<HarFile> {
  const items: RecordingItem[] = [];
  for await (const item of readRecording(path)) items.push(item);
  return collect(path, items);
}

function collect(file: string, items: RecordingItem[]): HarFile {
  const exchanges: RecordedExchange[] = [];
  const entryErrors: HarFile['entryErrors'] = [];
  for (const item of items) {
    if ('exchange' in item) exchanges.push(item.exchange);
    else entryErrors.push({ index: item.index, reason: 'error' in item ? item.error : item.unread.detail });
  }
  return { file, exchanges, entryErrors };
}

/**
 * Expands files and folders into recording files (@svc-contracts/har's `collectRecordingFiles`): a folder
 * contributes every recording below it, sorted; a file is taken as given; a missing path, or a folder without
 * a recording, is an input error.
 */
export async function collectHarFiles(paths: string[]): Promise<{ files: string[]; errors: InputError[] }> {
  return collectRecordingFiles(paths);
}
