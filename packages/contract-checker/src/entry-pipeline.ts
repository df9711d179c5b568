import { maskUrl } from '@svc-contracts/redact';
import type { ContractSet } from './contract-set.js';
import { CoverageTally } from './coverage.js';
import type { InputError, RecordedExchange } from './har.js';
import { printable } from './input-text.js';
import type { scoreMutants } from './mutation.js';
import type { RecordingItem } from './recording-reader.js';
import type { EntryReport, ReportSink } from './report.js';
import type { EntryVerdict } from './types.js';

type Outcome =
  | { kind: 'entry'; entry: EntryReport; exchange: RecordedExchange }
  /** `position`: where in the input the problem was met (for the order of reports from several threads). */
  | { kind: 'error'; error: InputError; position: number };

export interface PipelineOptions {
  service?: string;
  /** Entries checked at once (XML validations of entries in flight share engine runs). */
  concurrency: number;
  coverage?: CoverageTally;
  /** Collects every passing entry (for `--mutation`). */
  passing?: Parameters<typeof scoreMutants>[0];
}

/**
 * Checks recording items in input order and hands each result to a sink: what every thread that checks
 * entries runs, whatever reads them (a file stream, a block dealt out by `--workers`).
 */
export interface EntryPipeline {
  /** The next item of `file`, in input order: a promise only when the run must wait for it. */
  take(file: string, item: RecordingItem): void | Promise<void>;
  /** A problem that belongs to no entry: reported after every entry taken before it. */
  inputError(error: InputError, position: number): Promise<void>;
  /** Waits until every entry taken has reached the sink. */
  drain(): Promise<void>;
  readonly counts: { passed: number; failed: number; inputErrors: number };
}

/** Throws unless `service` (when given) is one the contracts hold. */
export function requireService(contracts: ContractSet, service: string | undefined): void {
  if (service !== undefined && !contracts.services.includes(service)) {
    throw new Error(
      `Unknown service "${service}". Loaded services: ${contracts.services.join(', ') || 'none'}.`,
    );
  }
}

/** The tally of the operations a run covers (one service's, or every service's). */
export function coverageTally(contracts: ContractSet, service: string | undefined): CoverageTally {
  return new CoverageTally(
    contracts
      .documentedOperations()
      .filter((operation) => service === undefined || operation.service === service),
  );
}

/**
 * Results leave in input order with at most `concurrency` in flight. An outcome known at once (no XML
 * engine involved) leaves at once when none is ahead of it, so a JSON entry is neither a promise nor held
 * (its objects kept alive) behind others: held entries outlive V8's young generation and make work for
 * full collections.
 */
export function entryPipeline(
  contracts: ContractSet,
  opts: PipelineOptions,
  sink: ReportSink,
): EntryPipeline {
  const checkOpts = opts.service === undefined ? {} : { service: opts.service };
  const credentialNames = contracts.credentialNames();
  const { coverage, passing } = opts;
  const counts = { passed: 0, failed: 0, inputErrors: 0 };

  const emit = (outcome: Outcome): void | Promise<void> => {
    if (outcome.kind === 'error') {
      counts.inputErrors++;
      return sink.inputError(outcome.error, outcome.position);
    }
    const { entry, exchange } = outcome;
    if (entry.verdict === 'violation') counts.failed++;
    else counts.passed++;
    coverage?.add({
      ...(entry.match ? { match: entry.match } : {}),
      status: exchange.response.status,
      responseHeaders: exchange.response.headers,
    });
    if (passing && entry.verdict !== 'violation') {
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
  const check = (file: string, exchange: RecordedExchange, position: number): Outcome | Promise<Outcome> => {
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
  const limit = Math.max(1, opts.concurrency) - 1;

  return {
    counts,
    take(file, item) {
      const outcome: Outcome | Promise<Outcome> =
        'exchange' in item
          ? check(file, item.exchange, item.position)
          : {
              kind: 'error',
              error: { file, entry: item.index, reason: item.error },
              position: item.position,
            };
      if (inFlight.length === 0 && !(outcome instanceof Promise)) return emit(outcome);
      inFlight.push(outcome);
      return drainTo(limit);
    },
    async inputError(error, position) {
      await drainTo(0);
      await emit({ kind: 'error', error, position });
    },
    drain: () => drainTo(0),
  };
}
