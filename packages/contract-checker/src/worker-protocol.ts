import type { InputError } from './har.js';
import type { CheckHarOptions, EntryReport, RunSummary } from './report.js';

/** What the coordinator hands a worker thread (structured-cloned: plain data only). */
export interface WorkerInput {
  paths: string[];
  configPath: string;
  options: Pick<CheckHarOptions, 'service' | 'coverage' | 'concurrency' | 'shard'>;
  batchSize: number;
}

export type WorkerOutcome =
  | { kind: 'entry'; entry: EntryReport }
  | { kind: 'error'; error: InputError; position: number };

export type WorkerMessage =
  | { type: 'batch'; outcomes: WorkerOutcome[] }
  | { type: 'done'; summary: RunSummary }
  | { type: 'failed'; message: string };
