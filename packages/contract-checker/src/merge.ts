import { mergeCoverage } from './coverage.js';
import type { InputError } from './har.js';
import type { EntryReport, Report } from './report.js';
import { addCounts, emptyCounts, exitCodeOf, hostOf, orderedCounts, type RunCounts } from './run-counts.js';
import { undocumentedOperation } from './verdict.js';

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * One report from the `--json` reports of the shards of one run (`--shard 1/n` ... `--shard n/n`): the
 * entries in input order, input errors once each, coverage added up cell by cell. Every shard must be
 * there exactly once, so a CI matrix that lost a runner fails instead of passing on part of the traffic.
 */
export function mergeReports(parts: Array<{ file: string; report: Report }>): Report {
  if (parts.length === 0) throw new MergeError('nothing to merge: give the --json reports of every shard');
  const shardCounts = new Set(parts.map(({ report }) => report.shard?.count ?? 1));
  if (shardCounts.size > 1)
    throw new MergeError(
      `the reports come from different splits (shard counts ${[...shardCounts].join(', ')})`,
    );
  const count = [...shardCounts][0] ?? 1;
  const seen = new Map<number, string>();
  for (const { file, report } of parts) {
    const index = report.shard?.index ?? 1;
    const other = seen.get(index);
    if (other) throw new MergeError(`${file} and ${other} are both shard ${index}/${count}`);
    seen.set(index, file);
  }
  const missing = Array.from({ length: count }, (_, at) => at + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    throw new MergeError(`shard ${missing.map((index) => `${index}/${count}`).join(', ')} missing`);
  if (parts.some(({ report }) => report.mutation)) {
    throw new MergeError('mutation scores cannot be merged: run --mutation without --shard');
  }

  const counts = emptyCounts();
  for (const { report } of parts) addCounts(counts, { ...emptyCounts(), ...pickCounts(report) });
  // A host skipped in one shard may route to an operation in another: its entries are ours after all.
  const routed = new Set(
    parts.flatMap(({ report }) =>
      report.entries.filter((entry) => entry.match).map((entry) => hostOf(entry.url)),
    ),
  );
  const entries: EntryReport[] = parts
    .flatMap(({ report }) => report.entries)
    .map((entry) => (isOtherHost(entry) && routed.has(hostOf(entry.url)) ? ours(entry, counts) : entry))
    .sort((a, b) => a.position - b.position);
  const inputErrors = unique(parts.flatMap(({ report }) => report.inputErrors));
  const specProblems = [...new Set(parts.flatMap(({ report }) => report.specProblems))];
  const coverages = parts.map(({ report }) => report.coverage);
  const failOn = parts[0]?.report.failOn;
  const sanitized = parts.some(({ report }) => report.sanitized);
  const merged: Report = {
    services: [...new Set(parts.flatMap(({ report }) => report.services))],
    specProblems,
    entries,
    inputErrors,
    ...orderedCounts(counts),
    exitCode: exitCodeOf(counts, inputErrors.length, specProblems.length, failOn),
    ...(failOn ? { failOn } : {}),
    ...(sanitized ? { sanitized } : {}),
  };
  if (coverages.every((coverage) => coverage !== undefined)) merged.coverage = mergeCoverage(coverages);
  return merged;
}

function isOtherHost(entry: EntryReport): boolean {
  return entry.verdict === 'skipped' && entry.skip?.reason === 'other-host';
}

/** An entry one shard skipped as on another host, on a host another shard routes: undocumented-operation. */
function ours(entry: EntryReport, counts: RunCounts): EntryReport {
  const host = hostOf(entry.url);
  counts.skipped--;
  counts.skippedReasons['other-host'] = (counts.skippedReasons['other-host'] ?? 1) - 1;
  counts.skippedHosts[host] = (counts.skippedHosts[host] ?? 1) - 1;
  if (counts.skippedHosts[host] === 0) delete counts.skippedHosts[host];
  if (counts.skippedReasons['other-host'] === 0) delete counts.skippedReasons['other-host'];
  counts.failed++;
  const { skip: _skip, ...rest } = entry;
  const violation = undocumentedOperation({ method: entry.method, url: entry.url, headers: [] }, undefined);
  return { ...rest, verdict: 'violation', violations: [violation], requestViolations: [violation] };
}

/** The counts a report carries; a report of an older contract-check has only passed and failed. */
function pickCounts(report: Report): Partial<RunCounts> {
  const { passed, failed, notJudged, notJudgedReasons, skipped, skippedReasons, skippedHosts, credentials } =
    report;
  return Object.fromEntries(
    Object.entries({
      passed,
      failed,
      notJudged,
      notJudgedReasons,
      skipped,
      skippedReasons,
      skippedHosts,
      credentials,
    }).filter(([, value]) => value !== undefined),
  );
}

function unique(errors: InputError[]): InputError[] {
  const byKey = new Map(
    errors.map((error) => [JSON.stringify([error.file, error.entry, error.reason]), error]),
  );
  return [...byKey.values()];
}

/** A `--json` report read back; anything else is refused with what is wrong with it. */
export function parseReport(text: string, file: string): Report {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MergeError(`${file}: not JSON (${(error as Error).message.slice(0, 120)})`);
  }
  const report = parsed as Partial<Report>;
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !Array.isArray(report.entries) ||
    !Array.isArray(report.inputErrors) ||
    !Array.isArray(report.services)
  ) {
    throw new MergeError(`${file}: not a contract-check --json report`);
  }
  if (report.entries.some((entry) => typeof (entry as Partial<EntryReport>).position !== 'number')) {
    throw new MergeError(`${file}: entries without "position" (written by an older contract-check)`);
  }
  return report as Report;
}
