import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { hostOf, scopeLines, summaryLine } from '../core/run-counts.js';
import { scopeCatalogue } from '../core/scope.js';
import type { Violation } from '../core/types.js';
import type { InputError } from '../input/har.js';
import type { MutationReport } from '../mutation/mutation.js';
import type { CoverageCell, CoverageReport } from './coverage.js';
import { maskedMessage } from './masked.js';
import type { Output, Report, ReportTail } from './report.js';

/** What a recording or a report file wrote is printed through {@link printable}: control characters as
 * `\uXXXX`, never raw escape sequences, and very long values cut. */
const shown = (text: string): string => printable(String(text));
const shownLong = (text: string): string => printable(String(text), 2000);

export function entryTitle(entry: EntryReport): string {
  const target = entry.match ? ` ${entry.match.service} ${entry.match.operationId}` : '';
  return `${shown(entry.file)} #${entry.index} ${shown(entry.method)} ${shown(entry.url)} -> ${entry.status}${target}`;
}

/** `rule (side place): message`, the message masked: how every format names a violation. */
export const violationText = (violation: Violation): string =>
  `${violation.rule} (${violation.side}${violation.pointer ? ` ${shown(violation.pointer)}` : ''}): ${shownLong(maskedMessage(violation))}`;

/** Each violation of an entry and, below it, its spec location. */
export const violationLines = (entry: EntryReport, indent = ''): string[] =>
  entry.violations.flatMap((violation) => [
    `${indent}${violationText(violation)}`,
    ...(violation.specLocation ? [`${indent}  spec: ${violation.specLocation}`] : []),
  ]);

export const operationOf = (entry: EntryReport): string | undefined =>
  entry.match && `${entry.match.service} ${entry.match.operationId}`;

/** An array index in a place is not part of it: `/items/3/id` and `/items/7/id` are one place. */
const placeOf = (pointer: string): string => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

/** What an entry found: each rule at its place, each part not judged with why (what makes findings alike). */
export const findingsOf = (entry: EntryReport): string[] => [
  ...new Set([
    ...entry.violations.map(
      ({ rule, side, pointer }) => `${rule} (${side}${pointer ? ` ${placeOf(pointer)}` : ''})`,
    ),
    ...(entry.notJudged ?? []).map(
      (part) => `not judged (${part.part}): ${scopeCatalogue[part.reason].label}`,
    ),
  ]),
];

/** `agents listRuns: response-body-schema (response /items/* /id)`: a group as one line names it. */
export const groupTitle = (entry: EntryReport): string =>
  printable(`${operationOf(entry) ?? 'no operation'}: ${findingsOf(entry).join(', ')}`, 2000);

const mark = (cell: CoverageCell): string =>
  `${cell.entries > 0 ? '+' : '-'}${cell.status}${cell.contentType ? ` ${cell.contentType}` : ''}`;

function coverageLines(coverage: CoverageReport): string[] {
  const lines = [
    `coverage: ${coverage.coveredCells}/${coverage.totalCells} documented responses (operation x status x content type) have entries`,
  ];
  for (const { service, operationId, method, pathTemplate, entries, cells } of coverage.operations) {
    const marks = cells.map(mark).join(', ');
    lines.push(`  ${service} ${operationId} ${method} ${pathTemplate}: ${entries} entries; ${marks}`);
  }
  if (coverage.operationsWithoutEntries.length > 0)
    lines.push(`  operations without entries: ${coverage.operationsWithoutEntries.join(', ')}`);
  return lines;
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const at = (item: { file?: string; entry?: number }): string =>
  item.file === undefined ? '' : `${printable(item.file)} #${item.entry} `;

function mutationLines(mutation: MutationReport): string[] {
  const lines = [
    `mutation score: ${mutation.killed}/${mutation.mutants} mutants rejected (${percent(mutation.score)})`,
  ];
  for (const { service, killed, mutants, score, byKind, survivors } of mutation.services) {
    const kinds = Object.entries(byKind).map(([kind, count]) => `${kind} ${count.killed}/${count.mutants}`);
    lines.push(`  ${service}: ${killed}/${mutants} (${percent(score)}); ${kinds.join(', ')}`);
    for (const survivor of survivors.slice(0, 10))
      lines.push(`    survived: ${at(survivor)}${survivor.operationId}: ${shownLong(survivor.description)}`);
    if (survivors.length > 10) lines.push(`    ... and ${survivors.length - 10} more survivors`);
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
  if (entry.verdict === 'skipped')
    return entry.skip?.reason === 'failed-request'
      ? [`SKIP ${entryTitle(entry)} (${shownLong(entry.skip.detail)})`]
      : [];
  if (entry.verdict === 'not-judged') return [`NOT JUDGED ${entryTitle(entry)}`, ...notJudged];
  if (entry.verdict === 'violation')
    return [`FAIL ${entryTitle(entry)}`, ...violationLines(entry, '  '), ...notJudged];
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
export function tailLines(tail: ReportTail): string[] {
  const lines = tail.specProblems.map((problem) => `spec problem: ${shownLong(problem)}`);
  lines.push(...tail.inputErrors.map(inputErrorLine));
  if (tail.coverage) lines.push(...coverageLines(tail.coverage));
  if (tail.mutation) lines.push(...mutationLines(tail.mutation));
  const shard = tail.shard ? ` (shard ${tail.shard.index}/${tail.shard.count})` : '';
  lines.push(...scopeLines(tail, tail.sanitized === true));
  lines.push(`${summaryLine(tail, tail.inputErrors.length)}${shard}`);
  return lines;
}

/** The terminal report: each failed and not judged entry as it comes (the first of a kind; the rest as "and N
 * more like it" with their entry numbers at the end), passes and skips counted; with `verbose` every entry. */
export function textOutput(write: (text: string) => void, verbose = false): Output {
  return {
    entry: (entry, full) => {
      const lines = verbose || full ? entryLines(entry) : [];
      if (lines.length > 0) write(`${lines.join('\n')}\n`);
    },
    finish: (tail, repeated) => {
      const lines = verbose
        ? []
        : repeated.flatMap(({ first, more, refs }) => [
            `and ${more} more like it: ${groupTitle(first)}`,
            `  ${refs}`,
          ]);
      const hidden = [
        tail.passed > 0 ? `${tail.passed} passed` : '',
        tail.skipped > 0 ? `${tail.skipped} skipped` : '',
      ].filter(Boolean);
      if (!verbose && hidden.length > 0)
        lines.push(`(${hidden.join(' and ')} not listed one by one: --verbose lists every entry)`);
      write(`${[...lines, ...tailLines(tail)].join('\n')}\n`);
    },
  };
}

/** The `--json` document: a {@link Report} listing the failed, not judged and skipped entries (the first
 * {@link maxListed} of each kind); passes are counted only. */
export interface JsonReport extends Report {
  /** Hosts on which some entry matched an operation (what `merge` needs of the passes it is not given). */
  routedHosts?: string[];
  /** Entries that would be listed, past the most listed: counted in the counts, not shown one by one. */
  entriesUnlisted?: number;
}

/** The most entries a JSON report lists of each kind: it and a merge of shards stay small at any size. */
export const maxListed = { findings: 10_000, skipped: 1_000 };

/** The JSON report, streamed one entry per line: summary keys follow the entries. */
export function jsonOutput(write: (text: string) => void): Output {
  const hosts = new Set<string>();
  const listed = { findings: 0, skipped: 0 };
  let written = 0;
  let unlisted = 0;
  return {
    entry: (entry) => {
      if (entry.match) hosts.add(hostOf(entry.url));
      const kind = isFinding(entry) ? 'findings' : entry.verdict === 'skipped' ? 'skipped' : undefined;
      if (kind === undefined) return;
      if (listed[kind]++ >= maxListed[kind]) unlisted++;
      else write(`${written++ === 0 ? '{\n  "entries": [\n    ' : ',\n    '}${JSON.stringify(entry)}`);
    },
    finish: (tail) => {
      const from = tail as Partial<JsonReport>;
      const all = unlisted + (from.entriesUnlisted ?? 0);
      const routedHosts = [...new Set([...(from.routedHosts ?? []), ...hosts])].sort();
      const fields = { ...tail, routedHosts, ...(all > 0 && { entriesUnlisted: all }) };
      const lines = Object.entries(fields).map(
        ([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`,
      );
      write(`${written > 0 ? '\n  ],\n' : '{\n  "entries": [],\n'}${lines.join(',\n')}\n}\n`);
    },
  };
}

/** True for an entry the reporters show (failed or not judged); the others are counted. */
export const isFinding = (entry: EntryReport): boolean =>
  entry.verdict === 'violation' || entry.verdict === 'not-judged';
