import type { CoverageReport } from './coverage.js';
import type { MutationReport } from './mutation.js';
import type { EntryReport, Report } from './report.js';
import type { Violation } from './types.js';

function entryTitle(entry: EntryReport): string {
  const target = entry.match ? ` ${entry.match.service} ${entry.match.operationId}` : '';
  return `${entry.file} #${entry.index} ${entry.method} ${entry.url} -> ${entry.status}${target}`;
}

function violationLines(violation: Violation): string[] {
  const where = violation.pointer ? ` ${violation.pointer}` : '';
  const lines = [`  ${violation.rule} (${violation.side}${where}): ${violation.message}`];
  if (violation.specLocation) lines.push(`    spec: ${violation.specLocation}`);
  return lines;
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

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

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
    for (const survivor of service.survivors.slice(0, 10)) {
      const at = survivor.file === undefined ? '' : `${survivor.file} #${survivor.entry} `;
      lines.push(`    survived: ${at}${survivor.operationId}: ${survivor.description}`);
    }
    if (service.survivors.length > 10)
      lines.push(`    ... and ${service.survivors.length - 10} more survivors`);
  }
  return lines;
}

/**
 * The terminal report: one line per entry (PASS/FAIL, file, entry index, method, masked URL, status,
 * operation), each violation with its pointer, rule and spec location, then input errors, and the
 * summary alone on the last line: `12 passed, 0 failed`.
 */
export function formatText(report: Report): string {
  const lines: string[] = [];
  for (const problem of report.specProblems) lines.push(`spec problem: ${problem}`);
  for (const entry of report.entries) {
    if (entry.verdict === 'violation') {
      lines.push(`FAIL ${entryTitle(entry)}`);
      for (const violation of entry.violations) lines.push(...violationLines(violation));
    } else if (entry.verdict === 'rejected-as-expected') {
      const rules = [...new Set(entry.requestViolations.map((violation) => violation.rule))].join(', ');
      lines.push(`PASS ${entryTitle(entry)} (invalid request refused as documented: ${rules})`);
    } else {
      lines.push(`PASS ${entryTitle(entry)}`);
    }
  }
  for (const error of report.inputErrors) {
    lines.push(
      `input error: ${error.file}${error.entry === undefined ? '' : ` #${error.entry}`}: ${error.reason}`,
    );
  }
  if (report.coverage) lines.push(...coverageLines(report.coverage));
  if (report.mutation) lines.push(...mutationLines(report.mutation));
  lines.push(`${report.passed} passed, ${report.failed} failed`);
  return `${lines.join('\n')}\n`;
}

export function formatJson(report: Report): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
