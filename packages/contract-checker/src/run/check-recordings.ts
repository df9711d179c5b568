import {
  type ContractSet,
  type LoadContractsOptions,
  loadContracts,
  requireService,
} from '../contract/contract-set.js';
import type { EntryReport } from '../core/entry-report.js';
import { batchLimits } from '../core/limits.js';
import { exitCodeOf, type FailOn, orderedCounts } from '../core/run-counts.js';
import type { Shard } from '../core/shard.js';
import type { InputError, RecordedExchange } from '../input/har.js';
import { walkRecordings } from '../input/recording-reader.js';
import { scoreMutants } from '../mutation/mutation.js';
import { coverageTally } from '../report/coverage.js';
import type { RunProgress } from '../report/progress.js';
import type { Report, ReportSink, RunSummary } from '../report/report.js';
import { entryPipeline, type PipelineOptions } from './entry-pipeline.js';

export interface CheckHarOptions extends LoadContractsOptions, PipelineOptions {
  /** Use an already loaded contract set (it is not closed afterwards). */
  contracts?: ContractSet;
  coverage?: boolean;
  /** Keeps every passing entry in memory to mutate it: for contract-test suites, not production traffic. */
  mutation?: boolean;
  shard?: Shard | undefined;
  /** Fail the run (exit 1) on entries not judged or skipped, not only on violations. */
  failOn?: FailOn;
  /** Called once the run starts reading, with how to read how far it is (what a progress line shows) and the
   * bytes of the whole input (not of a shard's part). */
  progress?: (probe: () => RunProgress, totalBytes: number | undefined) => void;
  /** Feeds the entries instead of reading `paths` (a live recorder's); resolves to the input's identity. */
  source?: typeof walkRecordings;
}

/** Reads every recording as a stream, checks its entries and hands each result to the sink in input order. */
export async function checkRecordings(
  paths: string[],
  opts: CheckHarOptions,
  sink: ReportSink,
): Promise<RunSummary> {
  // A batch check: past a resource limit an entry is not judged (run exit 2), with limits for real traffic.
  const contracts = opts.contracts ?? (await loadContracts({ limits: batchLimits, ...opts }));
  try {
    requireService(contracts.services, opts.service);
    const { service, shard } = opts;
    const ours = (operation: { service: string }) => service === undefined || operation.service === service;
    const coverage = opts.coverage ? coverageTally(contracts.documentedOperations().filter(ours)) : undefined;
    const passing: Parameters<typeof scoreMutants>[0] = [];
    const observe = (entry: EntryReport, exchange: RecordedExchange): void => {
      // The coverage cell the entry fills (where JUnit reports it), and the passing entries to mutate.
      const cell = coverage?.add(entry.match, exchange.response);
      if (cell)
        entry.cell = { status: cell.status, ...(cell.contentType && { contentType: cell.contentType }) };
      if (opts.mutation && (entry.verdict === 'conforms' || entry.verdict === 'rejected-as-expected')) {
        const { request, response } = exchange;
        const requestConforms = entry.verdict === 'conforms';
        passing.push({ request, response, requestConforms, file: entry.file, entry: entry.index });
      }
      opts.observe?.(entry, exchange);
    };
    const pipeline = entryPipeline(contracts, { ...opts, observe }, sink);
    let bytes = 0;
    const { counts } = pipeline;
    const probe = () => ({
      entries: counts.passed + counts.failed + counts.notJudged + counts.skipped,
      bytes,
    });
    const input = await (opts.source ?? walkRecordings)(paths, shard, contracts.limits, {
      started: (totalBytes) => opts.progress?.(probe, shard ? undefined : totalBytes),
      take: pipeline.take,
      inputError: pipeline.inputError,
      sized: (entryBytes) => {
        bytes += entryBytes;
      },
    });
    await pipeline.end();
    const inputErrorCount = pipeline.inputErrors;
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
      summary.mutation = await scoreMutants(passing, contracts, { service });
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
    entry: (entry) => void entries.push(entry),
    inputError: (error) => void inputErrors.push(error),
  });
  return { ...summary, entries, inputErrors };
}
