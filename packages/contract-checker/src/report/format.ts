import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { emptyCounts, hostOf, scopeLines, summaryLine } from '../core/run-counts.js';
import { scopeCatalogue } from '../core/scope.js';
import type { Violation } from '../core/types.js';
import type { InputError } from '../input/har.js';
import type { MutationReport } from '../mutation/mutation.js';
import type { CoverageReport } from './coverage.js';
import { maskedMessage } from './masked.js';
import type { Report, ReportSink, RunSummary } from './report.js';

/** What a recording or a report file wrote is printed through {@link printable}: control characters as
 * `\uXXXX`, never raw escape sequences, and very long values cut. */
const shown = (text: string): string => printable(String(text));
const shownLong = (text: string): string => printable(String(text), 2000);

export function entryTitle(entry: EntryReport): string {
  const target = entry.match ? ` ${entry.match.service} ${entry.match.operationId}` : '';
  return `${shown(entry.file)} #${entry.index} ${shown(entry.method)} ${shown(entry.url)} -> ${entry.status}${target}`;
}

function violationLines(violation: Violation): string[] {
  const where = violation.pointer ? ` ${shown(violation.pointer)}` : '';
  const spec = violation.specLocation ? [`    spec: ${violation.specLocation}`] : [];
  return [`  ${violation.rule} (${violation.side}${where}): ${shownLong(maskedMessage(violation))}`, ...spec];
}

function coverageLines(coverage: CoverageReport): string[] {
  const lines = [
    `coverage: ${coverage.coveredCells}/${coverage.totalCells} documented responses (operation x status x content type) have entries`,
  ];
  for (const operation of coverage.operations) {
    const cells = operation.cells
      .map(
        (cell) =>
          `${cell.entries > 0 ? '+' : '-'}${cell.status}${cell.contentType ? ` ${cell.contentType}` : ''}`,
      )
      .join(', ');
    lines.push(
      `  ${operation.service} ${operation.operationId} ${operation.method} ${operation.pathTemplate}: ${operation.entries} entries; ${cells}`,
    );
  }
  if (coverage.operationsWithoutEntries.length > 0) {
    lines.push(`  operations without entries: ${coverage.operationsWithoutEntries.join(', ')}`);
  }
  return lines;
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const at = (item: { file?: string; entry?: number }): string =>
  item.file === undefined ? '' : `${printable(item.file)} #${item.entry} `;

function mutationLines(mutation: MutationReport): string[] {
  const lines = [
    `mutation score: ${mutation.killed}/${mutation.mutants} mutants rejected (${percent(mutation.score)})`,
  ];
  for (const service of mutation.services) {
    const kinds = Object.entries(service.byKind)
      .map(([kind, count]) => `${kind} ${count.killed}/${count.mutants}`)
      .join(', ');
    lines.push(
      `  ${service.service}: ${service.killed}/${service.mutants} (${percent(service.score)}); ${kinds}`,
    );
    for (const survivor of service.survivors.slice(0, 10))
      lines.push(`    survived: ${at(survivor)}${survivor.operationId}: ${shownLong(survivor.description)}`);
    if (service.survivors.length > 10)
      lines.push(`    ... and ${service.survivors.length - 10} more survivors`);
  }
  for (const failure of mutation.notMutated ?? [])
    lines.push(`  not mutated: ${at(failure)}the checker failed on it: ${shownLong(failure.reason)}`);
  return lines;
}

/** The lines of one entry: PASS/FAIL/NOT JUDGED with file, index, method, masked URL, status and operation,
 * then violations and parts not judged. */
export function entryLines(entry: EntryReport): string[] {
  const notJudged = (entry.notJudged ?? []).map(
    (part) => `  not judged (${part.part}): ${scopeCatalogue[part.reason].label}: ${shownLong(part.detail)}`,
  );
  if (entry.verdict === 'skipped') {
    return entry.skip?.reason === 'failed-request'
      ? [`SKIP ${entryTitle(entry)} (${shownLong(entry.skip.detail)})`]
      : [];
  }
  if (entry.verdict === 'not-judged') return [`NOT JUDGED ${entryTitle(entry)}`, ...notJudged];
  if (entry.verdict === 'violation') {
    return [`FAIL ${entryTitle(entry)}`, ...entry.violations.flatMap(violationLines), ...notJudged];
  }
  if (entry.verdict === 'rejected-as-expected') {
    const rules = [...new Set(entry.requestViolations.map((violation) => violation.rule))].join(', ');
    const why =
      entry.note === undefined ? ` as documented: ${rules}` : `: ${rules}; ${shownLong(entry.note)}`;
    return [`PASS ${entryTitle(entry)} (invalid request refused${why})`];
  }
  return [`PASS ${entryTitle(entry)}${entry.note !== undefined ? ` (${shownLong(entry.note)})` : ''}`];
}

export function inputErrorLine(error: InputError): string {
  return `input error: ${shown(error.file)}${error.entry === undefined ? '' : ` #${error.entry}`}: ${shownLong(error.reason)}`;
}

/** What follows the entries: spec problems, input errors, coverage, mutation score, and the summary alone on the last line. */
export function tailLines(summary: Omit<Report, 'entries'>): string[] {
  const lines = summary.specProblems.map((problem) => `spec problem: ${shownLong(problem)}`);
  lines.push(...summary.inputErrors.map(inputErrorLine));
  if (summary.coverage) lines.push(...coverageLines(summary.coverage));
  if (summary.mutation) lines.push(...mutationLines(summary.mutation));
  const counts = { ...emptyCounts(), ...summary };
  const shard = summary.shard ? ` (shard ${summary.shard.index}/${summary.shard.count})` : '';
  lines.push(...scopeLines(counts, summary.sanitized === true));
  lines.push(`${summaryLine(counts, summary.inputErrors.length)}${shard}`);
  return lines;
}

/** The `--verbose` terminal report of a whole report: a line per entry, then the tail. */
export function formatText(report: Report): string {
  const lines: string[] = [];
  for (const entry of report.entries) lines.push(...entryLines(entry));
  lines.push(...tailLines(report));
  return `${lines.join('\n')}\n`;
}

/** The `--json` document: a {@link Report} whose `entries` are those {@link jsonListing} keeps. */
export interface JsonReport extends Report {
  /** Hosts on which some entry matched an operation (what `merge` needs of the passes it is not given). */
  routedHosts?: string[];
  /** Entries that would be listed, past the most listed: counted in the counts, not shown one by one. */
  entriesUnlisted?: number;
}

/** The most entries a JSON report lists of each kind: it and a merge of shards stay small at any size. */
export const maxListed = { findings: 10_000, skipped: 1_000 };

/** Which entries the JSON report lists: failed, not judged and skipped ones (the first of each kind); passes
 * are counted only. */
function jsonListing() {
  const hosts = new Set<string>();
  let findings = 0;
  let skipped = 0;
  let unlisted = 0;
  return {
    keep(entry: EntryReport): boolean {
      if (entry.match) hosts.add(hostOf(entry.url));
      const finding = isFinding(entry);
      if (!finding && entry.verdict !== 'skipped') return false;
      const kept = finding ? findings++ < maxListed.findings : skipped++ < maxListed.skipped;
      if (!kept) unlisted++;
      return kept;
    },
    tail(from: Partial<JsonReport>) {
      const all = unlisted + (from.entriesUnlisted ?? 0);
      const routedHosts = [...new Set([...(from.routedHosts ?? []), ...hosts])].sort();
      return { routedHosts, ...(all > 0 && { entriesUnlisted: all }) };
    },
  };
}

export function formatJson(report: Report): string {
  const listing = jsonListing();
  const entries = report.entries.filter((entry) => listing.keep(entry));
  return `${JSON.stringify({ ...report, entries, ...listing.tail(report as JsonReport) }, null, 2)}\n`;
}

/** True for an entry the reporters show (failed or not judged); the others are counted. */
export function isFinding(entry: EntryReport): boolean {
  return entry.verdict === 'violation' || entry.verdict === 'not-judged';
}

/** Writes a report while the run goes: the text of {@link formatText} or the JSON of {@link formatJson}. */
export interface ReportWriter extends ReportSink {
  finish(summary: RunSummary): void;
}

/**
 * The terminal report, streamed: entries are written as they are checked; input errors (usually few) are kept
 * and written after them, where {@link formatText} puts them.
 */
export function textReportWriter(write: (text: string) => void): ReportWriter {
  const inputErrors: InputError[] = [];
  return {
    entry: (entry) => {
      const lines = entryLines(entry);
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    inputError: (error) => {
      inputErrors.push(error);
    },
    finish: (summary) => write(`${tailLines({ ...summary, inputErrors }).join('\n')}\n`),
  };
}

/** The JSON report, streamed: the same document as {@link formatJson} (keys in another order), one entry per line. */
export function jsonReportWriter(write: (text: string) => void): ReportWriter {
  const inputErrors: InputError[] = [];
  const listing = jsonListing();
  let entries = 0;
  return {
    entry: (entry) => {
      if (listing.keep(entry))
        write(`${entries++ === 0 ? '{\n  "entries": [\n    ' : ',\n    '}${JSON.stringify(entry)}`);
    },
    inputError: (error) => {
      inputErrors.push(error);
    },
    finish: ({ inputErrorCount: _count, ...rest }) => {
      const tail = Object.entries({ ...rest, inputErrors, ...listing.tail(rest) }).map(
        ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
      );
      write(`${entries > 0 ? '\n  ],\n' : '{\n  "entries": [],\n'}${tail.join(',\n')}\n}\n`);
    },
  };
}
