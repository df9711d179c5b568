import { type Colors, plural } from '../lib/cli-output.ts';
import { compareFindings, type Finding } from './finding.ts';

export type ReportFormat = 'stylish' | 'github' | 'json';

const plain: Colors = { enabled: false, style: (_format, text) => text };

/** One report for every spec, grouped by file (stylish: the file bold, the severity coloured when `colors` are on). */
export function formatReport(findings: Finding[], format: ReportFormat, colors: Colors = plain): string {
  const sorted = [...findings].sort(compareFindings);
  if (format === 'json') return JSON.stringify(sorted, null, 2);
  if (format === 'github') return sorted.map(githubAnnotation).join('\n');
  const lines: string[] = [];
  let currentFile = '';
  for (const finding of sorted) {
    if (finding.file !== currentFile) {
      currentFile = finding.file;
      lines.push('', colors.style('bold', currentFile));
    }
    const where = `${finding.line}:${finding.column}`.padEnd(8);
    const severity = finding.severity.padEnd(7);
    const shown =
      finding.severity === 'error'
        ? colors.style('red', severity)
        : finding.severity === 'warning'
          ? colors.style('yellow', severity)
          : severity;
    lines.push(`  ${where} ${shown} ${`${finding.linter}/${finding.rule}`.padEnd(44)} ${finding.message}`);
  }
  return lines.join('\n');
}

// GitHub turns these workflow commands into inline annotations on the pull request's diff.
function githubAnnotation(finding: Finding): string {
  const level =
    finding.severity === 'error' ? 'error' : finding.severity === 'warning' ? 'warning' : 'notice';
  const escapeData = (text: string) =>
    text.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
  const escapeProperty = (text: string) => escapeData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
  const properties = [
    `file=${escapeProperty(finding.file)}`,
    `line=${finding.line}`,
    `col=${finding.column}`,
    `title=${escapeProperty(`${finding.linter}/${finding.rule}`)}`,
  ].join(',');
  return `::${level} ${properties}::${escapeData(finding.message)}`;
}

export function summarize(findings: Finding[], specCount: number): string {
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.filter((finding) => finding.severity === 'warning').length;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(specCount, 'spec')}.`;
}
