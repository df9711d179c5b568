// Large recordings for the checker's scale benchmarks: every entry of contract-tests/recordings, repeated
// until the file has the size asked for, as HAR or as NDJSON (one entry per line).
import { createWriteStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const repositoryRoot = new URL('../../', import.meta.url).pathname;

/** Every recorded entry, as its JSON text. */
export async function recordedEntries(): Promise<string[]> {
  const entries: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.har')) {
        const har = JSON.parse(await readFile(path, 'utf8')) as { log: { entries: unknown[] } };
        entries.push(...har.log.entries.map((value) => JSON.stringify(value)));
      }
    }
  };
  await walk(join(repositoryRoot, 'contract-tests/recordings'));
  return entries;
}

/** Writes the entries, repeated, until `bytes` are written; returns how many entries that took. */
export function writeRecording(
  path: string,
  entries: string[],
  bytes: number,
  format: 'har' | 'ndjson',
): Promise<number> {
  return writeEntries(path, entries, format, 0, (_count, written) => written < bytes);
}

/**
 * Writes the entries `first` to `first + count - 1` of the recording {@link writeRecording} writes (the same
 * entries in the same order): one part of it as a file of its own.
 */
export async function writeRecordingPart(
  path: string,
  entries: string[],
  format: 'har' | 'ndjson',
  first: number,
  count: number,
): Promise<void> {
  await writeEntries(path, entries, format, first, (written) => written < count);
}

/** Writes entries from the `first` one on (repeating the list) while `more(count, bytes)` holds. */
async function writeEntries(
  path: string,
  entries: string[],
  format: 'har' | 'ndjson',
  first: number,
  more: (count: number, bytes: number) => boolean,
): Promise<number> {
  const out = createWriteStream(path);
  const write = (text: string): Promise<void> | undefined =>
    out.write(text) ? undefined : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  if (format === 'har')
    await write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[\n');
  let written = 0;
  let count = 0;
  while (more(count, written)) {
    const entry = entries[(first + count) % entries.length] as string;
    const text = format === 'har' ? `${count === 0 ? '' : ',\n'}${entry}` : `${entry}\n`;
    written += text.length;
    count++;
    await write(text);
  }
  if (format === 'har') await write('\n]}}\n');
  out.end();
  await new Promise<void>((resolve) => out.on('finish', () => resolve()));
  return count;
}
