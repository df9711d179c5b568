import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { HarFormatError, printable } from '@svc-contracts/har';
import type { Shard } from '../core/shard.js';
import { collectHarFiles, type InputError } from './har.js';
import {
  type EntryLimits,
  type EntrySizer,
  type RecordingItem,
  readRecordingBatches,
} from './recording-reader.js';

/** What a run does with the recordings as they are read, file by file, in input order. */
export interface RecordingVisitor {
  /** The next decoded entries of `file` (of this shard); awaited before more is read. */
  batch(file: string, items: Iterable<RecordingItem>): void | Promise<void>;
  /** `file` is read to its end, or as far as it could be: called before its problem, if any. */
  fileEnd?(file: string): void;
  /** A problem that belongs to no entry (a missing path, a broken document), met `position` entries in. */
  problem(error: InputError, position: number): void | Promise<void>;
  /** Told the bytes of each entry of this shard, before it is decoded. */
  sized?: EntrySizer;
}

/** Which input a run read, so that `merge` can tell shards of one run from reports of others: a digest of the
 * recordings' paths and sizes, and the number of entries of the whole input (every shard reads them all, and
 * checks its own). */
export interface InputIdentity {
  digest: string;
  entries: number;
}

/** Reads every recording of `paths`, in order, as a stream: each file's entries of `shard` (every `count`-th
 * entry of the whole input, from the `index`-th) go to `visitor.batch` in input order, and any failure to
 * read one file (not only a format error) is that file's problem alone. */
export async function walkRecordings(
  paths: string[],
  shard: Shard | undefined,
  visitor: RecordingVisitor,
  limits?: EntryLimits,
): Promise<InputIdentity> {
  const reportsProblems = !shard || shard.index === 1;
  const { files, errors } = await collectHarFiles(paths);
  const digest = createHash('sha256');
  for (const file of files) {
    const size = await stat(file).then(
      (info) => info.size,
      () => -1,
    );
    digest.update(`${file}\0${size}\n`);
  }
  if (reportsProblems) for (const error of errors) await visitor.problem(error, 0);
  let position = 0;
  const select = (): number | undefined => {
    const at = position++;
    return shard && at % shard.count !== shard.index - 1 ? undefined : at;
  };
  for (const file of files) {
    let failure: string | undefined;
    try {
      for await (const items of readRecordingBatches(file, select, visitor.sized, limits)) {
        await visitor.batch(file, items);
      }
    } catch (error) {
      failure = error instanceof HarFormatError ? error.message : `cannot read: ${String(error)}`;
    }
    visitor.fileEnd?.(file);
    if (failure !== undefined && reportsProblems) {
      await visitor.problem({ file, reason: printable(failure) }, position);
    }
  }
  return { digest: digest.digest('hex').slice(0, 16), entries: position };
}
