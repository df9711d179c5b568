import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import type { InputError } from '../input/har.js';
import { findingsOf, isFinding, jsonOutput, operationOf, textOutput } from './format.js';
import { type GithubOptions, githubOutput } from './github.js';
import { junitOutput } from './junit.js';
import type { Output, Report, ReportWriter } from './report.js';

/** What `--format` writes: `text` for people (failures first; every entry with `verbose`), `json` (the whole
 * `Report`), `junit` (JUnit XML for CI dashboards), `github` (workflow annotations on the spec's lines). */
export const outputFormats = ['text', 'json', 'junit', 'github'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export interface ReporterOptions extends GithubOptions {
  /** `text`: a line for every entry, passes and skips included, instead of failures first. */
  verbose?: boolean;
}

const outputs: Record<OutputFormat, (write: (text: string) => void, options: ReporterOptions) => Output> = {
  text: (write, options) => textOutput(write, options.verbose),
  json: jsonOutput,
  junit: junitOutput,
  github: githubOutput,
};

/** Entries of a group shown in full before the rest are only counted with (at most 20 of) their numbers. */
const shownPerGroup = 3;
const refsListed = 20;

/** A report writer of `format`, writing as the run goes. For every format, findings are grouped by operation,
 * rules and places in the order their first entry came (memory bounded by the groups); input errors wait. */
export function reportWriter(
  format: OutputFormat,
  write: (text: string) => void,
  options: ReporterOptions = {},
): ReportWriter {
  const output = outputs[format](write, options);
  const inputErrors: InputError[] = [];
  const groups = new Map<string, { first: EntryReport; seen: number; listed: string[]; lastFile?: string }>();
  const full = (entry: EntryReport): boolean => {
    const key = JSON.stringify([operationOf(entry) ?? '', findingsOf(entry).sort()]);
    const group = groups.get(key) ?? { first: entry, seen: 0, listed: [] };
    groups.set(key, group);
    if (++group.seen <= shownPerGroup) return true;
    if (group.listed.length < refsListed) {
      group.listed.push(`${entry.file === group.lastFile ? '' : `${printable(entry.file)} `}#${entry.index}`);
      group.lastFile = entry.file;
    }
    return false;
  };
  const repeated = () =>
    [...groups.values()]
      .filter((group) => group.seen > shownPerGroup)
      .map(({ first, seen, listed }) => {
        const more = seen - shownPerGroup;
        const unlisted = more - listed.length;
        return { first, more, refs: `${listed.join(', ')}${unlisted > 0 ? ` and ${unlisted} more` : ''}` };
      });
  return {
    entry: (entry) => output.entry(entry, isFinding(entry) && full(entry)),
    inputError: (error) => void inputErrors.push(error),
    finish: ({ inputErrorCount: _count, ...summary }) =>
      output.finish({ ...summary, inputErrors }, repeated()),
  };
}

/** A whole report (a merge of shards, say) in `format`: what {@link reportWriter} writes of it. */
export function formatReport(report: Report, format: OutputFormat, options: ReporterOptions = {}): string {
  const chunks: string[] = [];
  const writer = reportWriter(format, (chunk) => chunks.push(chunk), options);
  const { entries, inputErrors, ...summary } = report;
  for (const entry of entries) void writer.entry(entry);
  for (const error of inputErrors) void writer.inputError(error, Number.MAX_SAFE_INTEGER);
  writer.finish({ ...summary, inputErrorCount: inputErrors.length });
  return chunks.join('');
}
