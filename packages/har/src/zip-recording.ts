import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { HarFormatError } from './format-error.js';
import { printable } from './input-text.js';

/** Playwright's `recordHar` with a `.zip` path writes one HAR and the bodies it attaches (`_file`) into one
 * archive. */
export interface ZipLimits {
  /** Bytes of the archive itself. */
  maxZipBytes: number;
  /** Files in the archive. */
  maxFiles: number;
  /** Bytes of all its files inflated, counted as they are inflated (never as the archive claims). */
  maxInflatedBytes: number;
}

export const zipLimits: ZipLimits = {
  maxZipBytes: 256 * 1024 * 1024,
  maxFiles: 10_000,
  maxInflatedBytes: 256 * 1024 * 1024,
};

/** A recording archive: its HAR's name and bytes, and every file beside it by name. */
export interface ZipRecording {
  harName: string;
  har: Uint8Array;
  files: ReadonlyMap<string, Uint8Array>;
}

/** `.zip` is read as Playwright's archive of a HAR and its attachments. */
export function isZipRecording(path: string): boolean {
  return extname(path).toLowerCase() === '.zip';
}

const unpack = 'unpack it (unzip FILE.zip -d FOLDER) and check the .har inside';
/** Compressed bytes handed to the inflater at a time: one step inflates to a few MiB at most. */
const step = 16 * 1024;

/** Reads a `.zip` recording (see {@link ZipLimits}); throws {@link HarFormatError} saying what is wrong and
 * how to unpack it: not a zip, past a bound, a compression other than deflate, no `.har` or several. */
export function readZipRecording(path: string, limits: ZipLimits = zipLimits): ZipRecording {
  const size = statSync(path).size;
  if (size > limits.maxZipBytes) {
    throw new HarFormatError(`a .zip of ${size} bytes is past the ${limits.maxZipBytes} read; ${unpack}`);
  }
  const bytes = readFileSync(path);
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
    throw new HarFormatError('named .zip but not a zip archive (no local file header at its start)');
  }
  const files = new Map<string, Uint8Array>();
  const pieces = new Map<string, Uint8Array[]>();
  let inflated = 0;
  let problem: string | undefined;
  const unzip = new Unzip((file) => {
    if (problem !== undefined) return;
    if (files.size + pieces.size >= limits.maxFiles) {
      problem = `it holds more than ${limits.maxFiles} files, refused as a possible zip bomb; ${unpack}`;
      return;
    }
    if (file.compression !== 0 && file.compression !== 8) {
      problem = `${printable(file.name)} is compressed with method ${file.compression} (only stored and deflate are read); ${unpack}`;
      return;
    }
    const parts: Uint8Array[] = [];
    pieces.set(file.name, parts);
    file.ondata = (error, data, final) => {
      if (problem !== undefined) return;
      if (error) {
        problem = `${printable(file.name)} does not inflate (${error.message}); ${unpack}`;
        return;
      }
      inflated += data.length;
      if (inflated > limits.maxInflatedBytes) {
        problem = `its files inflate past ${limits.maxInflatedBytes} bytes, refused as a possible zip bomb; ${unpack}`;
        file.terminate();
        return;
      }
      parts.push(data);
      if (final) {
        files.set(file.name, Buffer.concat(parts));
        pieces.delete(file.name);
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && problem === undefined; at += step) {
      unzip.push(bytes.subarray(at, at + step), at + step >= bytes.length);
    }
  } catch (error) {
    problem ??= `a broken zip archive (${error instanceof Error ? error.message : String(error)}); ${unpack}`;
  }
  if (problem !== undefined) throw new HarFormatError(problem);
  const hars = [...files.keys()].filter((name) => name.toLowerCase().endsWith('.har'));
  if (hars.length !== 1) {
    throw new HarFormatError(
      hars.length === 0
        ? `the .zip holds no .har (Playwright's recordHar writes one beside its attachments); ${unpack}`
        : `the .zip holds ${hars.length} .har files (${hars.map((name) => printable(name)).join(', ')}); unpack it and check each`,
    );
  }
  const harName = hars[0] as string;
  return { harName, har: files.get(harName) as Uint8Array, files };
}

/** The last archive read, for its attachments: a run reads a recording's bodies right after its entries. */
let last: { path: string; mtimeMs: number; size: number; zip: ZipRecording } | undefined;

/** {@link readZipRecording}, kept for the attachments of the same file (until it changes). */
export function zipRecording(path: string): ZipRecording {
  const info = statSync(path);
  if (last?.path === path && last.mtimeMs === info.mtimeMs && last.size === info.size) return last.zip;
  last = undefined;
  const zip = readZipRecording(path);
  last = { path, mtimeMs: info.mtimeMs, size: info.size, zip };
  return zip;
}
