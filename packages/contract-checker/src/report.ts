import { type ContractSet, type LoadContractsOptions, loadContracts } from './contract-set.js';
import { type CoverageReport, computeCoverage } from './coverage.js';
import { collectHarFiles, HarFormatError, type InputError, type RecordedExchange, readHar } from './har.js';
import { maskUrl } from './masking.js';
import { type MutationReport, scoreMutants } from './mutation.js';
import { runPool } from './pool.js';
import type { OperationMatch, Verdict, Violation } from './types.js';

export interface EntryReport {
  file: string;
  /** Index in the file's `log.entries`. */
  index: number;
  method: string;
  /** The recorded URL with credentials masked. */
  url: string;
  status: number;
  match?: OperationMatch;
  verdict: Verdict;
  violations: Violation[];
  requestViolations: Violation[];
}

export interface Report {
  services: string[];
  entries: EntryReport[];
  /** Recordings (or entries) that could not be read. */
  inputErrors: InputError[];
  /** Problems of the specs themselves (they make the check incomplete). */
  specProblems: string[];
  passed: number;
  failed: number;
  /** 2: some input could not be read (or a spec is broken); else 1: some entry failed; else 0. */
  exitCode: 0 | 1 | 2;
  coverage?: CoverageReport;
  mutation?: MutationReport;
}

export interface CheckHarOptions extends LoadContractsOptions {
  /** Use an already loaded contract set (it is not closed afterwards). */
  contracts?: ContractSet;
  service?: string;
  coverage?: boolean;
  mutation?: boolean;
  /** Entries checked at once (default 64: XML validations of entries in flight share engine runs). */
  concurrency?: number;
}

/** Reads every recording, checks every entry and summarises; unreadable input never stops the others. */
export async function checkHarFiles(paths: string[], opts: CheckHarOptions = {}): Promise<Report> {
  const contracts = opts.contracts ?? (await loadContracts(opts));
  try {
    const checkOpts = opts.service === undefined ? {} : { service: opts.service };
    if (opts.service !== undefined && !contracts.services.includes(opts.service)) {
      throw new Error(
        `Unknown service "${opts.service}". Loaded services: ${contracts.services.join(', ') || 'none'}.`,
      );
    }
    const credentialNames = contracts.credentialNames();
    const { files, errors: inputErrors } = await collectHarFiles(paths);
    const work: Array<{ file: string; exchange: RecordedExchange }> = [];
    for (const file of files) {
      try {
        const har = await readHar(file);
        for (const exchange of har.exchanges) work.push({ file, exchange });
        for (const { index, reason } of har.entryErrors) inputErrors.push({ file, entry: index, reason });
      } catch (error) {
        if (!(error instanceof HarFormatError)) throw error;
        inputErrors.push({ file, reason: error.message });
      }
    }

    const entries: EntryReport[] = new Array(work.length);
    await runPool(
      work.map(({ file, exchange }, position) => async () => {
        const verdict = await contracts.checkExchange(exchange.request, exchange.response, checkOpts);
        entries[position] = {
          file,
          index: exchange.index,
          method: exchange.request.method,
          url: maskUrl(exchange.request.url, credentialNames),
          status: exchange.response.status,
          ...(verdict.match ? { match: verdict.match } : {}),
          verdict: verdict.verdict,
          violations: verdict.violations,
          requestViolations: verdict.requestViolations,
        };
      }),
      opts.concurrency ?? 64,
    );

    const failed = entries.filter((entry) => entry.verdict === 'violation').length;
    const report: Report = {
      services: contracts.services,
      entries,
      inputErrors,
      specProblems: contracts.problems,
      passed: entries.length - failed,
      failed,
      exitCode: inputErrors.length > 0 || contracts.problems.length > 0 ? 2 : failed > 0 ? 1 : 0,
    };
    if (opts.coverage) {
      report.coverage = computeCoverage(
        contracts
          .documentedOperations()
          .filter((operation) => opts.service === undefined || operation.service === opts.service),
        work.map(({ exchange }, position) => ({
          ...(entries[position]?.match ? { match: entries[position].match } : {}),
          status: exchange.response.status,
          responseHeaders: exchange.response.headers,
        })),
      );
    }
    if (opts.mutation) {
      const passing = work
        .map(({ file, exchange }, position) => ({ file, exchange, entry: entries[position] }))
        .filter(({ entry }) => entry && entry.verdict !== 'violation');
      report.mutation = await scoreMutants(
        passing.map(({ file, exchange, entry }) => ({
          request: exchange.request,
          response: exchange.response,
          requestConforms: entry?.verdict === 'conforms',
          file,
          entry: exchange.index,
        })),
        contracts,
        { ...checkOpts, concurrency: opts.concurrency ?? 64 },
      );
    }
    return report;
  } finally {
    if (!opts.contracts) await contracts.close();
  }
}
