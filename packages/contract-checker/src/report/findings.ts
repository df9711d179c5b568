import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { scopeCatalogue } from '../core/scope.js';
import type { InputError } from '../input/har.js';
import { entryLines, isFinding, type ReportWriter, tailLines } from './format.js';
import type { RunSummary } from './report.js';

/** Entries of a group shown in full before the rest are only counted. */
export const shownPerGroup = 3;
/** Entry numbers listed for the rest of a group. */
const refsListed = 20;

/** An array index in a place is not part of it: `/items/3/id` and `/items/7/id` are one place. */
const placeOf = (pointer: string | undefined): string => (pointer ?? '').replace(/\/\d+(?=\/|$)/g, '/*');

/** What makes two findings alike: the same operation, and the same rules at the same places (or the same parts not judged). */
export function findingKey(entry: EntryReport): string {
  const operation = entry.match ? `${entry.match.service} ${entry.match.operationId}` : '';
  const violations = entry.violations.map(
    (violation) => `${violation.rule} ${violation.side} ${placeOf(violation.pointer)}`,
  );
  const notJudged = (entry.notJudged ?? []).map((part) => `${part.reason} ${part.part}`);
  return JSON.stringify([operation, [...new Set(violations)].sort(), [...new Set(notJudged)].sort()]);
}

/** `agents listRuns: response-body-schema (response /items/* /id)`: a group as one line names it. */
export function groupTitle(entry: EntryReport): string {
  const operation = entry.match ? `${entry.match.service} ${entry.match.operationId}` : 'no operation';
  const findings = [
    ...new Set([
      ...entry.violations.map(
        (violation) =>
          `${violation.rule} (${violation.side}${violation.pointer ? ` ${placeOf(violation.pointer)}` : ''})`,
      ),
      ...(entry.notJudged ?? []).map(
        (part) => `not judged (${part.part}): ${scopeCatalogue[part.reason].label}`,
      ),
    ]),
  ];
  return printable(`${operation}: ${findings.join(', ')}`, 2000);
}

interface Group {
  first: EntryReport;
  shown: number;
  more: number;
  refs: string[];
  lastFile?: string;
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
 * Findings grouped by {@link findingKey}, in the order their first entry came: the first {@link
 * shownPerGroup} of a group are shown in full, the rest counted with their entry numbers (at most 20 kept per
 * group, so memory stays bounded by the number of groups, not of entries).
 */
export class FindingGroups {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly shown = shownPerGroup) {}

  /** True when the entry is to be shown in full; false when it is one more like the ones shown. */
  add(entry: EntryReport): boolean {
    const key = findingKey(entry);
    let group = this.groups.get(key);
    if (!group) {
      group = { first: entry, shown: 0, more: 0, refs: [] };
      this.groups.set(key, group);
    }
    if (group.shown < this.shown) {
      group.shown++;
      return true;
    }
    group.more++;
    if (group.refs.length < refsListed) {
      const file = entry.file === group.lastFile ? '' : `${printable(entry.file)} `;
      group.refs.push(`${file}#${entry.index}`);
      group.lastFile = entry.file;
    }
    return false;
  }

  /** The groups with entries past those shown, in the order of their first entry. */
  repeated(): RepeatedFinding[] {
    return [...this.groups.values()]
      .filter((group) => group.more > 0)
      .map((group) => {
        const unlisted = group.more - group.refs.length;
        return {
          first: group.first,
          more: group.more,
          refs: `${group.refs.join(', ')}${unlisted > 0 ? ` and ${unlisted} more` : ''}`,
        };
      });
  }
}

/** A report writer that groups the failed and not judged entries and leaves the rest counted: the base of the
 * reporters that show failures first. */
export abstract class FindingsWriter implements ReportWriter {
  protected readonly inputErrors: InputError[] = [];
  protected readonly groups = new FindingGroups();

  constructor(protected readonly write: (text: string) => void) {}

  /** A failed or not judged entry, in input order; `full`: among the first of its group. */
  protected abstract finding(entry: EntryReport, full: boolean): void;
  abstract finish(summary: RunSummary): void;

  entry(entry: EntryReport): void {
    if (isFinding(entry)) this.finding(entry, this.groups.add(entry));
  }

  inputError(error: InputError): void {
    this.inputErrors.push(error);
  }
}

/**
 * The default terminal report: each failed and not judged entry with its rules, places and spec locations as
 * it comes (the first {@link shownPerGroup} of a kind; the rest as "and N more like it" with their entry
 * numbers at the end), passes and skips counted, then the tail and the summary.
 */
export class FailuresFirstWriter extends FindingsWriter {
  protected finding(entry: EntryReport, full: boolean): void {
    if (full) this.write(`${entryLines(entry).join('\n')}\n`);
  }

  finish(summary: RunSummary): void {
    const lines: string[] = [];
    for (const { first, more, refs } of this.groups.repeated())
      lines.push(`and ${more} more like it: ${groupTitle(first)}`, `  ${refs}`);
    const hidden = [
      summary.passed > 0 ? `${summary.passed} passed` : '',
      summary.skipped > 0 ? `${summary.skipped} skipped` : '',
    ].filter(Boolean);
    if (hidden.length > 0)
      lines.push(`(${hidden.join(' and ')} not listed one by one: --verbose lists every entry)`);
    lines.push(...tailLines({ ...summary, inputErrors: this.inputErrors }));
    this.write(`${lines.join('\n')}\n`);
  }
}
