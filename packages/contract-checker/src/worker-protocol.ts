import type { ReportFormat } from './format.js';
import type { InputError } from './har.js';
import type { CheckHarOptions, RunSummary, WorkerPart } from './report.js';

/**
 * Batches a worker thread may send before the coordinator has written the first of them (a batch is one
 * block at most): enough to keep the thread busy while the report catches up, few enough that memory
 * holds a handful of blocks per thread.
 */
export const maxUnacknowledged = 4;

/** What the coordinator hands a worker thread (structured-cloned: plain data only). */
export interface WorkerInput {
  paths: string[];
  configPath: string;
  /** `false`: the thread loads without the set-up cache (`--no-cache`). */
  cache?: false;
  options: Pick<CheckHarOptions, 'service' | 'coverage' | 'concurrency' | 'shard'>;
  /** Which blocks of entries this thread checks; it reads the others' bytes without decoding them. */
  part: WorkerPart;
  /** Entries are sent rendered for the report, so the writing thread only writes strings. */
  format: ReportFormat;
}

/**
 * A piece of one thread's results, in input order: a run of consecutive entries (of one block and one
 * file), rendered and joined with `joinRendered`, from input position `position` to `last`, with how many
 * passed and failed; or an input error met at `position`.
 */
export type WorkerSegment =
  | { kind: 'entries'; position: number; last: number; text: string; passed: number; failed: number }
  | { kind: 'error'; error: InputError; position: number };

/**
 * `reading`: the thread reads the entries of `block` now (what it holds if it crashes). A batch holds
 * the segments of one block, or part of one: the coordinator acknowledges it once it has written them.
 */
export type WorkerMessage =
  | { type: 'reading'; block: number }
  | { type: 'batch'; segments: WorkerSegment[] }
  | { type: 'done'; summary: RunSummary }
  | { type: 'failed'; message: string };
