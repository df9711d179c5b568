import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { HarFormatError, type RecordedExchange } from './har-entry.js';
import { formatOf, RecordingDecoder, type RecordingItem, readRecording } from './recording-reader.js';

export { HarFormatError, type RecordedExchange } from './har-entry.js';

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

/** Recording files found in folders: HAR, and NDJSON/JSON Lines of HAR entries. */
function isRecordingName(name: string): boolean {
  return /\.(har|ndjson|jsonl)$/i.test(name);
}

/**
 * Expands files and folders into HAR files: a folder contributes every `*.har` below it (sorted, so runs
 * are reproducible); a file is taken as given whatever its extension; a missing path is an input error.
 */
export async function collectHarFiles(paths: string[]): Promise<{ files: string[]; errors: InputError[] }> {
  const files: string[] = [];
  const errors: InputError[] = [];
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
        errors.push({ file: path, reason: 'no recording (*.har, *.ndjson, *.jsonl) in this folder' });
    } catch {
      errors.push({ file: path, reason: 'no such file or folder' });
    }
  }
  return { files: [...new Set(files)], errors };
}
