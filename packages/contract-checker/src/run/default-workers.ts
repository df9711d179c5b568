import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { collectHarFiles } from '../input/har.js';

/**
 * Recordings from which `--workers` defaults to one thread per core. Every checking thread past the first
 * has a fixed cost: about 0.9 s of its own CPU to start, load the contracts and run the checking code
 * before V8 has optimized it, and about 0.8 s of V8's background compiling, which with one thread runs
 * on the second core for free. Below this much input that costs more than the second thread saves. On
 * this 2-core machine (bench/contract-checker/workers.ts, 2026-11-28, median of three alternating runs)
 * `--workers 2` against `--workers 1` took 0.93x the entries/s at 64 MB, 1.02x to 1.04x at 96 MB, 1.05x
 * to 1.06x at 192 MB and 1.30x to 1.34x at 384 MB, NDJSON and HAR alike.
 */
export const parallelThreshold = 256 * 1024 * 1024;

/** The default of `--workers` for `inputBytes` of recordings on a machine with `cores` cores. */
export function defaultWorkerCount(inputBytes: number, cores: number = availableParallelism()): number {
  return cores >= 2 && inputBytes >= parallelThreshold ? cores : 1;
}

/**
 * The bytes of the recordings `paths` name, folders searched as a run searches them. A path that cannot
 * be read counts for nothing here: the run reports it.
 */
export async function recordingBytes(paths: string[]): Promise<number> {
  const { files } = await collectHarFiles(paths);
  let bytes = 0;
  for (const file of files) {
    bytes += await stat(file).then(
      (info) => (info.isFile() ? info.size : 0),
      () => 0,
    );
  }
  return bytes;
}

/** `--workers` when it is not given: the recordings are sized only on a machine with more than one core. */
export async function defaultWorkers(
  paths: string[],
  cores: number = availableParallelism(),
): Promise<number> {
  return cores < 2 ? 1 : defaultWorkerCount(await recordingBytes(paths), cores);
}
