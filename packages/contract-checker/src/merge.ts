import { mergeCoverage } from './coverage.js';
import type { InputError } from './har.js';
import type { EntryReport, Report } from './report.js';

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
  const counts = new Set(parts.map(({ report }) => report.shard?.count ?? 1));
  if (counts.size > 1)
    throw new MergeError(`the reports come from different splits (shard counts ${[...counts].join(', ')})`);
  const count = [...counts][0] ?? 1;
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

  const entries: EntryReport[] = parts
    .flatMap(({ report }) => report.entries)
    .sort((a, b) => a.position - b.position);
  const inputErrors = unique(parts.flatMap(({ report }) => report.inputErrors));
  const specProblems = [...new Set(parts.flatMap(({ report }) => report.specProblems))];
  const failed = entries.filter((entry) => entry.verdict === 'violation').length;
  const coverages = parts.map(({ report }) => report.coverage);
  const merged: Report = {
    services: [...new Set(parts.flatMap(({ report }) => report.services))],
    specProblems,
    entries,
    inputErrors,
    passed: entries.length - failed,
    failed,
    exitCode: inputErrors.length > 0 || specProblems.length > 0 ? 2 : failed > 0 ? 1 : 0,
  };
  if (coverages.every((coverage) => coverage !== undefined)) merged.coverage = mergeCoverage(coverages);
  return merged;
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
