import type { EntryReport } from '../core/entry-report.js';
import type { FailOn, RunCounts } from '../core/run-counts.js';
import type { Shard } from '../core/shard.js';
import type { InputError, InputIdentity } from '../input/recording-reader.js';
import type { MutationReport } from '../mutation/mutation.js';
import type { CoverageReport } from './coverage.js';

/** Everything about a run except its entries and input errors, which a sink receives one by one. */
export interface RunSummary extends RunCounts {
  services: string[];
  /** Problems of the specs themselves (they make the check incomplete). */
  specProblems: string[];
  inputErrorCount: number;
  /** 2: some input could not be read, a spec is broken, or a resource limit stopped a check; else 1: some
   * entry failed (or, asked for with `failOn`, some entry was not judged or skipped); else 0. */
  exitCode: 0 | 1 | 2;
  failOn?: FailOn;
  /** The recordings were taken as sanitized exports (`--sanitized`). */
  sanitized?: boolean;
  shard?: Shard;
  /** Which input the run read (what `merge` compares across shards). */
  input?: InputIdentity;
  coverage?: CoverageReport;
  mutation?: MutationReport;
}

export interface Report extends Omit<RunSummary, 'inputErrorCount'> {
  entries: EntryReport[];
  /** Recordings (or entries) that could not be read. */
  inputErrors: InputError[];
}

/** Receives results in input order, as soon as each is known (what lets a CLI print while it reads). */
export interface ReportSink {
  /** A returned promise holds the run until it settles: how a slow consumer slows the reading down. */
  entry(entry: EntryReport): void | Promise<void>;
  /** `position`: how far into the input the problem was met. */
  inputError(error: InputError, position: number): void | Promise<void>;
}

/** Writes a report while the run goes, in one of the formats of `reporters.ts`. */
export type ReportWriter = ReportSink & { finish(summary: RunSummary): void };

/** What a report shows after its entries: the summary and the input errors. */
export type ReportTail = Omit<Report, 'entries'>;

/** One output format: told every entry in input order (`full`: among the first of its group of alike findings),
 * then the tail and each group past those shown: its first entry, how many more, and their numbers. */
export interface Output {
  entry(entry: EntryReport, full: boolean): void;
  finish(tail: ReportTail, repeated: Array<{ first: EntryReport; more: number; refs: string }>): void;
}
