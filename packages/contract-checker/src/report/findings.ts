import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { scopeCatalogue } from '../core/scope.js';
import type { InputError } from '../input/har.js';
import { entryLines, isFinding, type ReportWriter, tailLines } from './format.js';
import type { RunSummary } from './report.js';

/** Entries of a group shown in full before the rest are only counted with (at most 20 of) their numbers. */
const shownPerGroup = 3;
const refsListed = 20;

/** An array index in a place is not part of it: `/items/3/id` and `/items/7/id` are one place. */
const placeOf = (pointer: string | undefined): string => (pointer ?? '').replace(/\/\d+(?=\/|$)/g, '/*');

const operationOf = (entry: EntryReport): string | undefined =>
  entry.match && `${entry.match.service} ${entry.match.operationId}`;

/** What makes two findings alike: the same operation, and the same rules at the same places (or the same parts
 * not judged). */
function findingKey(entry: EntryReport): string {
  const violations = entry.violations.map(({ rule, side, pointer }) => `${rule} ${side} ${placeOf(pointer)}`);
  const notJudged = (entry.notJudged ?? []).map((part) => `${part.reason} ${part.part}`);
  const sorted = (items: string[]) => [...new Set(items)].sort();
  return JSON.stringify([operationOf(entry) ?? '', sorted(violations), sorted(notJudged)]);
}

/** `agents listRuns: response-body-schema (response /items/* /id)`: a group as one line names it. */
export function groupTitle(entry: EntryReport): string {
  const findings = new Set([
    ...entry.violations.map(
      ({ rule, side, pointer }) => `${rule} (${side}${pointer ? ` ${placeOf(pointer)}` : ''})`,
    ),
    ...(entry.notJudged ?? []).map(
      (part) => `not judged (${part.part}): ${scopeCatalogue[part.reason].label}`,
    ),
  ]);
  return printable(`${operationOf(entry) ?? 'no operation'}: ${[...findings].join(', ')}`, 2000);
}

export interface RepeatedFinding {
  /** The group's first entry (it names the operation, rules and places). */
  first: EntryReport;
  /** Entries past those shown in full. */
  more: number;
  /** `a.har #15, #18, b.har #2` and, past 20 of them, `and 40 more`. */
  refs: string;
}

/**
 * A writer of the failed and not judged entries, grouped by {@link findingKey} in the order their first entry
 * came: `finding` is told whether the entry is among the first of its group (to show in full); the rest are
 * counted for `finish`, so memory stays bounded by the number of groups. Input errors are kept for the end.
 */
export function findingsWriter(
  finding: (entry: EntryReport, full: boolean) => void,
  finish: (summary: RunSummary, inputErrors: InputError[], repeated: RepeatedFinding[]) => void,
): ReportWriter {
  const inputErrors: InputError[] = [];
  const groups = new Map<string, RepeatedFinding & { shown: number; listed: string[]; lastFile?: string }>();
  const add = (entry: EntryReport): boolean => {
    const key = findingKey(entry);
    const group = groups.get(key) ?? { first: entry, shown: 0, more: 0, refs: '', listed: [] };
    groups.set(key, group);
    if (group.shown < shownPerGroup) {
      group.shown++;
      return true;
    }
    group.more++;
    if (group.listed.length < refsListed) {
      group.listed.push(`${entry.file === group.lastFile ? '' : `${printable(entry.file)} `}#${entry.index}`);
      group.lastFile = entry.file;
    }
    return false;
  };
  const repeated = (): RepeatedFinding[] =>
    [...groups.values()]
      .filter((group) => group.more > 0)
      .map(({ first, more, listed }) => {
        const unlisted = more - listed.length;
        return { first, more, refs: `${listed.join(', ')}${unlisted > 0 ? ` and ${unlisted} more` : ''}` };
      });
  return {
    entry: (entry) => {
      if (isFinding(entry)) finding(entry, add(entry));
    },
    inputError: (error) => {
      inputErrors.push(error);
    },
    finish: (summary) => finish(summary, inputErrors, repeated()),
  };
}

/**
 * The default terminal report: each failed and not judged entry as it comes (the first of a kind; the rest as
 * "and N more like it" with their entry numbers at the end), passes and skips counted, then the tail.
 */
export function failuresFirstWriter(write: (text: string) => void): ReportWriter {
  return findingsWriter(
    (entry, full) => {
      if (full) write(`${entryLines(entry).join('\n')}\n`);
    },
    (summary, inputErrors, repeated) => {
      const lines = repeated.flatMap(({ first, more, refs }) => [
        `and ${more} more like it: ${groupTitle(first)}`,
        `  ${refs}`,
      ]);
      const hidden = [
        summary.passed > 0 ? `${summary.passed} passed` : '',
        summary.skipped > 0 ? `${summary.skipped} skipped` : '',
      ].filter(Boolean);
      if (hidden.length > 0)
        lines.push(`(${hidden.join(' and ')} not listed one by one: --verbose lists every entry)`);
      lines.push(...tailLines({ ...summary, inputErrors }));
      write(`${lines.join('\n')}\n`);
    },
  );
}
