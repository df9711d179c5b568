import { failuresFirstWriter } from './findings.js';
import { jsonReportWriter, type ReportWriter, textReportWriter } from './format.js';
import { type GithubOptions, githubWriter } from './github.js';
import { junitWriter } from './junit.js';
import type { Report } from './report.js';

/** What `--format` writes: `text` for people (failures first; every entry with `verbose`), `json` (the whole
 * `Report`), `junit` (JUnit XML for CI dashboards), `github` (workflow annotations on the spec's lines). */
export const outputFormats = ['text', 'json', 'junit', 'github'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export interface ReporterOptions extends GithubOptions {
  /** `text`: a line for every entry, passes and skips included, instead of failures first. */
  verbose?: boolean;
}

/** A report writer of `format`, writing with `write` as the run goes (see {@link ReportWriter}). */
export function reportWriter(
  format: OutputFormat,
  write: (text: string) => void,
  options: ReporterOptions = {},
): ReportWriter {
  if (format === 'json') return jsonReportWriter(write);
  if (format === 'junit') return junitWriter(write);
  if (format === 'github') return githubWriter(write, options);
  return options.verbose ? textReportWriter(write) : failuresFirstWriter(write);
}

/** A whole report (a merge of shards, say) in `format`: what {@link reportWriter} writes of it. */
export function formatReport(report: Report, format: OutputFormat, options: ReporterOptions = {}): string {
  let text = '';
  const writer = reportWriter(
    format,
    (chunk) => {
      text += chunk;
    },
    options,
  );
  const { entries, inputErrors, ...summary } = report;
  for (const entry of entries) void writer.entry(entry);
  for (const error of inputErrors) void writer.inputError(error, Number.MAX_SAFE_INTEGER);
  writer.finish({ ...summary, inputErrorCount: inputErrors.length });
  return text;
}
