import { isObject } from '@svc-contracts/openapi-utils';
import { undocumentedOperation } from '../contract/verdict.js';
import type { EntryReport } from '../core/entry-report.js';
import { addCounts, emptyCounts, exitCodeOf, hostOf, orderedCounts } from '../core/run-counts.js';
import { mergeCoverage } from '../report/coverage.js';
import type { JsonReport } from '../report/format.js';
import type { Report } from '../report/report.js';

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/** One report from the `--json` reports of the shards of one run (`--shard 1/n` ... */
export function mergeReports(parts: Array<{ file: string; report: JsonReport }>): Report {
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
  // Listed without counting to `count`: a report may claim a split of a billion.
  if (count > parts.length) {
    const missing: string[] = [];
    for (let index = 1; index <= count && missing.length < 5; index++)
      if (!seen.has(index)) missing.push(`${index}/${count}`);
    const more = count - parts.length - missing.length;
    throw new MergeError(`shard ${missing.join(', ')}${more > 0 ? ` and ${more} more` : ''} missing`);
  }
  sameRun(parts, count);
  if (parts.some(({ report }) => report.mutation))
    throw new MergeError('mutation scores cannot be merged: run --mutation without --shard');

  const counts = emptyCounts();
  for (const { report } of parts) addCounts(counts, report);
  // A host skipped in one shard may route to an operation in another: its entries fail after all.
  const routed = new Set(parts.flatMap(({ report }) => report.routedHosts ?? []));
  for (const [host, n] of Object.entries(counts.skippedHosts))
    if (routed.has(host))
      addCounts(counts, {
        failed: n,
        skipped: -n,
        skippedReasons: { 'other-host': -n },
        skippedHosts: { [host]: -n },
      });
  const ours = (entry: EntryReport) =>
    entry.verdict === 'skipped' && entry.skip?.reason === 'other-host' && routed.has(hostOf(entry.url));
  const entries: EntryReport[] = parts
    .flatMap(({ report }) => report.entries)
    .map((entry) => (ours(entry) ? undocumented(entry) : entry))
    .sort((a, b) => a.position - b.position);
  const entriesUnlisted = parts.reduce((sum, { report }) => sum + (report.entriesUnlisted ?? 0), 0);
  const errors = parts.flatMap(({ report }) => report.inputErrors);
  const inputErrors = [
    ...new Map(
      errors.map((error) => [JSON.stringify([error.file, error.entry, error.reason]), error]),
    ).values(),
  ];
  const specProblems = [...new Set(parts.flatMap(({ report }) => report.specProblems))];
  const coverages = parts.map(({ report }) => report.coverage);
  const failOn = parts[0]?.report.failOn;
  const merged: JsonReport = {
    services: [...new Set(parts.flatMap(({ report }) => report.services))],
    specProblems,
    entries,
    inputErrors,
    routedHosts: [...routed].sort(),
    ...(entriesUnlisted > 0 && { entriesUnlisted }),
    ...orderedCounts(counts),
    exitCode: exitCodeOf(counts, inputErrors.length, specProblems.length, failOn),
    ...(failOn ? { failOn } : {}),
    ...(parts.some(({ report }) => report.sanitized) && { sanitized: true }),
    ...(parts[0]?.report.input ? { input: parts[0].report.input } : {}),
  };
  if (coverages.every((coverage) => coverage !== undefined)) merged.coverage = mergeCoverage(coverages);
  return merged;
}

/** The reports are the shards of one run: the same input (digest and number of entries), and each report's
 * entries its own shard's (`position` modulo `count` is `index - 1`): a relabelled report is refused. */
function sameRun(parts: Array<{ file: string; report: JsonReport }>, count: number): void {
  const first = parts[0] as { file: string; report: Report };
  for (const { file, report } of parts) {
    const input = report.input;
    if (!input)
      throw new MergeError(`${file}: no "input" (written by an older contract-check); run the shards again`);
    const expected = first.report.input as NonNullable<Report['input']>;
    if (input.digest !== expected.digest || input.entries !== expected.entries)
      throw new MergeError(
        `${file} and ${first.file} are not shards of one run: they read different input (${input.entries} entries, digest ${input.digest}; ${expected.entries} entries, digest ${expected.digest})`,
      );
    const index = report.shard?.index ?? 1;
    report.entries.forEach((entry, at) => {
      if (entry.position >= input.entries || entry.position % count !== index - 1)
        throw new MergeError(
          `${file}: entries[${at}] has position ${entry.position}, which is not shard ${index}/${count}'s of ${input.entries} entries (a report relabelled, or edited)`,
        );
    });
  }
}

/** An entry one shard skipped as on another host, on a host another shard routes: undocumented-operation. */
function undocumented(entry: EntryReport): EntryReport {
  const { skip: _skip, ...rest } = entry;
  const violation = undocumentedOperation({ method: entry.method, url: entry.url, headers: [] }, undefined);
  return { ...rest, verdict: 'violation', violations: [violation], requestViolations: [violation] };
}

/** A `--json` report read back; anything else is refused with the file and the place. */
export function parseReport(text: string, file: string): JsonReport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new MergeError(`${file}: not JSON (${(error as Error).message.slice(0, 120)})`);
  }
  const refuse = (place: string, what: string): never => {
    throw new MergeError(`${file}: ${place} ${what}: not a contract-check --json report`);
  };
  if (!isObject(parsed)) return refuse('the document', 'is not an object');
  for (const key of ['entries', 'inputErrors', 'services', 'specProblems'] as const)
    if (!Array.isArray(parsed[key])) refuse(`"${key}"`, 'is not a list');
  for (const key of ['passed', 'failed'] as const)
    if (!isCount(parsed[key])) refuse(`"${key}"`, 'is not a count');
  for (const key of ['notJudged', 'skipped', 'entriesUnlisted'] as const)
    if (parsed[key] !== undefined && !isCount(parsed[key])) refuse(`"${key}"`, 'is not a count');
  for (const key of ['notJudgedReasons', 'skippedReasons', 'skippedHosts', 'credentials'] as const)
    if (parsed[key] !== undefined && !isObject(parsed[key])) refuse(`"${key}"`, 'is not an object');
  const hosts = parsed.routedHosts ?? [];
  if (!Array.isArray(hosts) || hosts.some((host) => typeof host !== 'string'))
    refuse('"routedHosts"', 'is not a list of hosts');
  const shard = parsed.shard;
  if (shard !== undefined) {
    if (!isObject(shard)) refuse('"shard"', 'is not an object');
    const { index, count } = shard as Record<string, unknown>;
    if (!isCount(count) || count < 1)
      refuse('"shard.count"', `is ${JSON.stringify(count)}, not a whole number above 0`);
    if (!isCount(index) || index < 1 || index > (count as number))
      refuse('"shard.index"', `is ${JSON.stringify(index)}, not a whole number from 1 to shard.count`);
  }
  const input = parsed.input;
  if (
    input !== undefined &&
    (!isObject(input) || typeof input.digest !== 'string' || !isCount(input.entries))
  )
    refuse('"input"', 'is not { digest, entries }');
  for (const [at, entry] of (parsed.entries as unknown[]).entries()) {
    if (!isObject(entry)) return refuse(`entries[${at}]`, 'is not an object');
    if (typeof entry.position !== 'number')
      throw new MergeError(`${file}: entries without "position" (written by an older contract-check)`);
    if (!isCount(entry.position)) refuse(`entries[${at}].position`, 'is not a whole number');
    for (const key of ['file', 'method', 'url', 'verdict'] as const)
      if (typeof entry[key] !== 'string') refuse(`entries[${at}].${key}`, 'is not a string');
    if (typeof entry.index !== 'number' || typeof entry.status !== 'number')
      refuse(`entries[${at}]`, 'has no numeric "index" and "status"');
    for (const key of ['violations', 'requestViolations'] as const)
      if (!Array.isArray(entry[key])) refuse(`entries[${at}].${key}`, 'is not a list');
  }
  (parsed.inputErrors as unknown[]).forEach((error, at) => {
    if (!isObject(error) || typeof error.file !== 'string' || typeof error.reason !== 'string')
      refuse(`inputErrors[${at}]`, 'is not { file, reason }');
  });
  return parsed as unknown as JsonReport;
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
