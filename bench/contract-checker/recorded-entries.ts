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
 * The recording {@link writeRecording} wrote with `count` entries, as two files in `dir`: its first half
 * and the rest, the same entries in the same order. Returns their paths.
 */
export async function writeHalves(
  dir: string,
  entries: string[],
  format: 'har' | 'ndjson',
  count: number,
): Promise<[string, string]> {
  const halves: [string, string] = [join(dir, `half-1.${format}`), join(dir, `half-2.${format}`)];
  const first = Math.ceil(count / 2);
  await writeEntries(halves[0], entries, format, 0, (done) => done < first);
  await writeEntries(halves[1], entries, format, first, (done) => done < count - first);
  return halves;
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
