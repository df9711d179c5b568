import { type FileHandle, open } from 'node:fs/promises';
import { harDocument } from './entry.js';
import type { HarCreator, HarEntry } from './types.js';

export interface HarWriterOptions {
  creator: HarCreator;
  /** Replace an existing file; without it an existing file is an error (a recording is never lost). */
  overwrite?: boolean;
}

const entriesKey = '"entries": [';

/** Writes a HAR file that is complete and valid after every entry: each entry goes in place of the closing
 * brackets, which are written again after it. */
export class HarWriter {
  private constructor(
    private readonly handle: FileHandle,
    /** Byte offset where the next entry (or the closing brackets) starts. */
    private offset: number,
    private readonly closing: string,
  ) {}

  private count = 0;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  static async create(path: string, opts: HarWriterOptions): Promise<HarWriter> {
    const text = `${JSON.stringify(harDocument(opts.creator, []), null, 2)}\n`;
    const at = text.indexOf(entriesKey) + entriesKey.length;
    const handle = await open(path, opts.overwrite ? 'w' : 'wx');
    const head = text.slice(0, at);
    const closing = text.slice(at);
    await handle.write(head + closing, 0, 'utf8');
    return new HarWriter(handle, Buffer.byteLength(head), closing);
  }

  /** Entries written so far. */
  get entries(): number {
    return this.count;
  }

  /** Appends one entry; resolves once it is in the file (the file is valid HAR before and after). */
  append(entry: HarEntry): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the HAR file is closed'));
    const write = async (): Promise<void> => {
      const indented = JSON.stringify(entry, null, 2).replaceAll('\n', '\n      ');
      const text = `${this.count === 0 ? '' : ','}\n      ${indented}`;
      // `]` closes the entries; after the first entry it goes on its own line, as JSON.stringify does.
      const closing = this.closing.replace(/^\]/, '\n    ]');
      const bytes = Buffer.from(text + closing, 'utf8');
      await this.handle.write(bytes, 0, bytes.length, this.offset);
      this.offset += Buffer.byteLength(text);
      this.count++;
    };
    const done = this.queue.then(write);
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Waits for pending entries, flushes to disk and closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.handle.sync().catch(() => undefined);
    await this.handle.close();
  }
}
