import type { ReportFormat } from './format.js';
import type { InputError } from './har.js';
import type { CheckHarOptions, RunSummary } from './report.js';

/** What the coordinator hands a worker thread (structured-cloned: plain data only). */
export interface WorkerInput {
  paths: string[];
  configPath: string;
  options: Pick<CheckHarOptions, 'service' | 'coverage' | 'concurrency' | 'shard'>;
  batchSize: number;
  /** Entries are sent rendered for the report, so the writing thread only joins strings. */
  format: ReportFormat;
}

export type WorkerOutcome =
  | { kind: 'entry'; position: number; text: string }
  | { kind: 'error'; error: InputError; position: number };

export type WorkerMessage =
  | { type: 'batch'; outcomes: WorkerOutcome[] }
  | { type: 'done'; summary: RunSummary }
  | { type: 'failed'; message: string };
