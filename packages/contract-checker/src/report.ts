import { maskUrl } from '@svc-contracts/redact';
import { type ContractSet, type LoadContractsOptions, loadContracts } from './contract-set.js';
import { type CoverageReport, CoverageTally } from './coverage.js';
import { collectHarFiles, HarFormatError, type InputError, type RecordedExchange } from './har.js';
import { printable } from './input-text.js';
import { type MutationReport, scoreMutants } from './mutation.js';
import { type RecordingItem, readRecordingBatches } from './recording-reader.js';
import type { EntryVerdict, OperationMatch, Verdict, Violation } from './types.js';

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
  verdict: Verdict;
  violations: Violation[];
  requestViolations: Violation[];
  /** See `EntryVerdict.note`: a refusal status accepted although the source does not state it. */
  note?: string;
}

/** Everything about a run except its entries and input errors, which a sink receives one by one. */
export interface RunSummary {
  services: string[];
  /** Problems of the specs themselves (they make the check incomplete). */
  specProblems: string[];
  passed: number;
  failed: number;
  inputErrorCount: number;
  /** 2: some input could not be read (or a spec is broken); else 1: some entry failed; else 0. */
  exitCode: 0 | 1 | 2;
  /** The part of the input this run checked, when it is one of several (`--shard 2/4`). */
  shard?: Shard;
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
}

/**
 * The share of one worker thread of `--workers N` (within the shard, if any): its entries come in blocks
 * of `blockSize` consecutive ones, every `count`-th block from block `index - 1`. Blocks keep each
 * thread's results in runs that the coordinator writes whole, instead of merging them entry by entry.
 */
export interface WorkerPart {
  index: number;
  count: number;
  blockSize: number;
  /** Blocks before this one are left alone: where a thread that replaces a crashed one starts. */
  fromBlock?: number;
  /** Called when the reading reaches a block of this part, before its first entry is parsed. */
  onBlock?: (block: number) => void;
}

/** The block of `position` among the entries of `shard`: the unit {@link WorkerPart} deals out. */
export function blockOf(position: number, shard: Shard | undefined, blockSize: number): number {
  return Math.floor((shard ? Math.floor(position / shard.count) : position) / blockSize);
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

type Outcome =
  | { kind: 'entry'; entry: EntryReport; exchange: RecordedExchange }
  /** `position`: where in the input the problem was met (for the order of reports from several workers). */
  | { kind: 'error'; error: InputError; position: number };

/**
 * Reads every recording as a stream, checks its entries with at most `concurrency` in flight and hands
 * each result to the sink in input order. Memory holds the entries in flight, not the input: a
 * recording of any size is checked in constant memory (`mutation` aside). Unreadable input never
 * stops the rest.
 */
export async function checkRecordings(
  paths: string[],
  opts: CheckHarOptions & { part?: WorkerPart },
  sink: ReportSink,
): Promise<RunSummary> {
  const contracts = opts.contracts ?? (await loadContracts(opts));
  try {
    const checkOpts = opts.service === undefined ? {} : { service: opts.service };
    if (opts.service !== undefined && !contracts.services.includes(opts.service)) {
      throw new Error(
        `Unknown service "${opts.service}". Loaded services: ${contracts.services.join(', ') || 'none'}.`,
      );
    }
    const credentialNames = contracts.credentialNames();
    const concurrency = Math.max(1, opts.concurrency ?? 64);
    const { shard, part } = opts;
    // Problems that belong to no entry are reported by the first shard (and its first worker thread, not
    // one that replaced it) only, so a merge counts them once.
    const reportsFileProblems =
      (!shard || shard.index === 1) && (!part || (part.index === 1 && !part.fromBlock));
    const coverage = opts.coverage
      ? new CoverageTally(
          contracts
            .documentedOperations()
            .filter((operation) => opts.service === undefined || operation.service === opts.service),
        )
      : undefined;
    const passing: Parameters<typeof scoreMutants>[0] = [];
    let passed = 0;
    let failed = 0;
    let inputErrorCount = 0;

    const emit = (outcome: Outcome): void | Promise<void> => {
      if (outcome.kind === 'error') {
        inputErrorCount++;
        return sink.inputError(outcome.error, outcome.position);
      }
      const { entry, exchange } = outcome;
      if (entry.verdict === 'violation') failed++;
      else passed++;
      coverage?.add({
        ...(entry.match ? { match: entry.match } : {}),
        status: exchange.response.status,
        responseHeaders: exchange.response.headers,
      });
      if (opts.mutation && entry.verdict !== 'violation') {
        passing.push({
          request: exchange.request,
          response: exchange.response,
          requestConforms: entry.verdict === 'conforms',
          file: entry.file,
          entry: entry.index,
        });
      }
      return sink.entry(entry);
    };

    const checked = (
      file: string,
      exchange: RecordedExchange,
      position: number,
      verdict: EntryVerdict,
    ): Outcome => {
      const entry: EntryReport = {
        file,
        index: exchange.index,
        position,
        method: exchange.request.method,
        url: maskUrl(exchange.request.url, { names: credentialNames.query }),
        status: exchange.response.status,
        ...(verdict.match ? { match: verdict.match } : {}),
        verdict: verdict.verdict,
        violations: verdict.violations,
        requestViolations: verdict.requestViolations,
        ...(verdict.note !== undefined ? { note: verdict.note } : {}),
      };
      return { kind: 'entry', entry, exchange };
    };
    // One entry that breaks the checker (a hostile value, an engine fault) fails alone, named.
    const uncheckable = (
      file: string,
      exchange: RecordedExchange,
      position: number,
      error: unknown,
    ): Outcome => {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        kind: 'error',
        error: { file, entry: exchange.index, reason: `could not be checked: ${printable(reason)}` },
        position,
      };
    };
    /** The outcome at once when no XML engine is involved (no promise per entry), else its promise. */
    const check = (
      file: string,
      exchange: RecordedExchange,
      position: number,
    ): Outcome | Promise<Outcome> => {
      try {
        const verdict = contracts.checkExchangeNow(exchange.request, exchange.response, checkOpts);
        if (!(verdict instanceof Promise)) return checked(file, exchange, position, verdict);
        return verdict
          .then((known) => checked(file, exchange, position, known))
          .catch((error: unknown) => uncheckable(file, exchange, position, error));
      } catch (error) {
        return uncheckable(file, exchange, position, error);
      }
    };
    const outcomeOf = (file: string, item: RecordingItem): Outcome | Promise<Outcome> =>
      'exchange' in item
        ? check(file, item.exchange, item.position)
        : { kind: 'error', error: { file, entry: item.index, reason: item.error }, position: item.position };

    // Results leave in input order; at most `concurrency` are in flight. An outcome known at once leaves
    // at once when none is ahead of it, so a JSON entry is not held (nor its objects kept alive) behind
    // others: held entries outlive V8's young generation and make work for full collections.
    const inFlight: Array<Outcome | Promise<Outcome>> = [];
    const drainTo = async (limit: number): Promise<void> => {
      while (inFlight.length > 0) {
        const head = inFlight[0] as Outcome | Promise<Outcome>;
        if (head instanceof Promise && inFlight.length <= limit) return;
        inFlight.shift();
        const emitted = emit(head instanceof Promise ? await head : head);
        if (emitted) await emitted;
      }
    };
    const take = (outcome: Outcome | Promise<Outcome>): void | Promise<void> => {
      if (inFlight.length === 0 && !(outcome instanceof Promise)) return emit(outcome);
      inFlight.push(outcome);
      return drainTo(concurrency - 1);
    };

    const { files, errors } = await collectHarFiles(paths);
    if (reportsFileProblems) for (const error of errors) await emit({ kind: 'error', error, position: 0 });
    let position = 0;
    let lastBlock = -1;
    const select = (): number | undefined => {
      const at = position++;
      if (shard && at % shard.count !== shard.index - 1) return undefined;
      if (part) {
        const block = blockOf(at, shard, part.blockSize);
        if (block % part.count !== part.index - 1 || block < (part.fromBlock ?? 0)) return undefined;
        if (block !== lastBlock) part.onBlock?.(block);
        lastBlock = block;
      }
      return at;
    };
    for (const file of files) {
      try {
        for await (const batch of readRecordingBatches(file, select)) {
          for (const item of batch) {
            const taken = take(outcomeOf(file, item));
            if (taken) await taken;
          }
        }
      } catch (error) {
        await drainTo(0);
        // Any failure to read one recording (not only a format error) is that file's problem alone.
        const reason = error instanceof HarFormatError ? error.message : `cannot read: ${String(error)}`;
        if (reportsFileProblems)
          await emit({ kind: 'error', error: { file, reason: printable(reason) }, position });
      }
    }
    await drainTo(0);

    const summary: RunSummary = {
      services: contracts.services,
      specProblems: contracts.problems,
      passed,
      failed,
      inputErrorCount,
      exitCode: inputErrorCount > 0 || contracts.problems.length > 0 ? 2 : failed > 0 ? 1 : 0,
      ...(shard ? { shard } : {}),
    };
    if (coverage) summary.coverage = coverage.report();
    if (opts.mutation) {
      summary.mutation = await scoreMutants(passing, contracts, { ...checkOpts, concurrency });
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
