import { batchXmlLimits } from '../contract/xsd-cache.js';
import { type ContractSet, type LoadContractsOptions, loadContracts } from '../contract-set.js';
import type { InputError } from '../input/har.js';
import { type InputIdentity, walkRecordings } from '../input/recording-walk.js';
import { type MutationReport, scoreMutants } from '../mutation/mutation.js';
import type { CoverageReport } from '../report/coverage.js';
import type { OperationMatch, Verdict, Violation } from '../types.js';
import { coverageTally, entryPipeline, type RunScope, requireService } from './entry-pipeline.js';
import { exitCodeOf, type FailOn, orderedCounts, type RunCounts } from './run-counts.js';
import type { NotJudged, Skip } from './scope.js';

/**
 * An entry's verdict in a run: the contract's (`conforms`, `rejected-as-expected`, `violation`), or
 * `not-judged` (nothing fails, and a part the recording did not keep or a limit stopped is not judged),
 * or `skipped` (not ours, or not contract traffic).
 */
export type RunVerdict = Verdict | 'not-judged' | 'skipped';

export interface EntryReport {
  file: string;
  /** Index in the file's `log.entries` (in NDJSON, the 0-based line number). */
  index: number;
  /** Ordinal of the entry in the whole input, across files: what `--shard` splits on and `merge` sorts by. */
  position: number;
  method: string;
  /** The recorded URL with credentials masked. */
  url: string;
  status: number;
  match?: OperationMatch;
  verdict: RunVerdict;
  violations: Violation[];
  requestViolations: Violation[];
  /** See `EntryVerdict.note`: a refusal status accepted although the source does not state it. */
  note?: string;
  /** Why the entry is skipped (verdict `skipped`). */
  skip?: Skip;
  /** The parts not judged, with why (verdict `not-judged`, or beside the violations of a failing entry). */
  notJudged?: NotJudged[];
}

/**
 * Everything about a run except its entries and input errors, which a sink receives one by one: the
 * entries passed, failed, not judged and skipped, with the reasons (see {@link RunCounts}).
 */
export interface RunSummary extends RunCounts {
  services: string[];
  /** Problems of the specs themselves (they make the check incomplete). */
  specProblems: string[];
  inputErrorCount: number;
  /**
   * 2: some input could not be read, a spec is broken, or a resource limit stopped a check; else 1: some
   * entry failed (or, asked for with `failOn`, some entry was not judged or skipped); else 0.
   */
  exitCode: 0 | 1 | 2;
  /** What the user asked to fail the run besides violations. */
  failOn?: FailOn;
  /** The recordings were taken as sanitized exports (`--sanitized`). */
  sanitized?: boolean;
  /** The part of the input this run checked, when it is one of several (`--shard 2/4`). */
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

/** One of `count` parts of the input, `index` from 1 (as `--shard 1/4` names it). */
export interface Shard {
  index: number;
  count: number;
}

/** Receives results in input order, as soon as each is known (what lets a CLI print while it reads). */
export interface ReportSink {
  /** A returned promise holds the run until it settles: how a slow consumer slows the reading down. */
  entry(entry: EntryReport): void | Promise<void>;
  /** `position`: how far into the input the problem was met. */
  inputError(error: InputError, position: number): void | Promise<void>;
}

export interface CheckHarOptions extends LoadContractsOptions {
  /** Use an already loaded contract set (it is not closed afterwards). */
  contracts?: ContractSet;
  service?: string;
  coverage?: boolean;
  /** Keeps every passing entry in memory to mutate it: for contract-test suites, not production traffic. */
  mutation?: boolean;
  /** Entries checked at once (default 64: XML validations of entries in flight share engine runs). */
  concurrency?: number;
  shard?: Shard;
  /** Which hosts are which service, and whether credentials were stripped (see {@link RunScope}). */
  scope?: RunScope;
  /** Fail the run (exit 1) on entries not judged or skipped, not only on violations. */
  failOn?: FailOn;
  /** Most entries held for the end of the run per thread (default 100,000; see `defaultMaxHeld`). */
  maxHeld?: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new Error(`--shard takes INDEX/COUNT with 1 <= INDEX <= COUNT (for example 2/4), not "${text}"`);
  }
  return { index, count };
}

/**
 * Reads every recording as a stream, checks its entries with at most `concurrency` in flight and hands
 * each result to the sink in input order. Memory holds the entries in flight, not the input: a
 * recording of any size is checked in constant memory (`mutation` aside). Unreadable input never
 * stops the rest.
 */
export async function checkRecordings(
  paths: string[],
  opts: CheckHarOptions,
  sink: ReportSink,
): Promise<RunSummary> {
  // A batch check: past a resource limit an entry is not judged (run exit 2), with limits for real traffic.
  const contracts = opts.contracts ?? (await loadContracts({ xmlLimits: batchXmlLimits, ...opts }));
  try {
    const checkOpts = opts.service === undefined ? {} : { service: opts.service };
    requireService(contracts, opts.service);
    const concurrency = Math.max(1, opts.concurrency ?? 64);
    const { shard } = opts;
    const coverage = opts.coverage ? coverageTally(contracts, opts.service) : undefined;
    const passing: Parameters<typeof scoreMutants>[0] = [];
    const pipeline = entryPipeline(
      contracts,
      {
        ...checkOpts,
        ...(opts.scope ? { scope: opts.scope } : {}),
        ...(opts.maxHeld === undefined ? {} : { maxHeld: opts.maxHeld }),
        concurrency,
        ...(coverage ? { coverage } : {}),
        ...(opts.mutation ? { passing } : {}),
      },
      sink,
    );

    const input = await walkRecordings(
      paths,
      shard,
      {
        async batch(file, items) {
          for (const item of items) {
            const taken = pipeline.take(file, item);
            if (taken) await taken;
          }
        },
        problem: (error, position) => pipeline.inputError(error, position),
      },
      contracts.limits,
    );
    await pipeline.drain();
    await pipeline.settle();
    const { inputErrors: inputErrorCount } = pipeline;
    const counts = pipeline.counts;

    const summary: RunSummary = {
      services: contracts.services,
      specProblems: contracts.problems,
      ...orderedCounts(counts),
      inputErrorCount,
      exitCode: exitCodeOf(counts, inputErrorCount, contracts.problems.length, opts.failOn),
      ...(opts.failOn ? { failOn: opts.failOn } : {}),
      ...(opts.scope?.sanitized ? { sanitized: true } : {}),
      ...(shard ? { shard } : {}),
      input,
    };
    if (coverage) summary.coverage = coverage.report();
    if (opts.mutation) {
      summary.mutation = await scoreMutants(passing, contracts, { ...checkOpts, concurrency });
      // The tool could not judge some of what it was given: never exit 0 (see scope.ts).
      if (summary.mutation.notMutated) summary.exitCode = 2;
    }
    return summary;
  } finally {
    if (!opts.contracts) await contracts.close();
  }
}

/** {@link checkRecordings} with every entry and input error collected into one report. */
export async function checkHarFiles(paths: string[], opts: CheckHarOptions = {}): Promise<Report> {
  const entries: EntryReport[] = [];
  const inputErrors: InputError[] = [];
  const { inputErrorCount: _count, ...summary } = await checkRecordings(paths, opts, {
    entry: (entry) => {
      entries.push(entry);
    },
    inputError: (error) => {
      inputErrors.push(error);
    },
  });
  return { ...summary, entries, inputErrors };
}
