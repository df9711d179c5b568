import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { isToolReason, scopeCatalogue } from '../core/scope.js';
import type { Violation } from '../core/types.js';
import { findingsWriter } from './findings.js';
import { entryTitle, inputErrorLine, type ReportWriter, tailLines } from './format.js';
import { maskedMessage } from './masked.js';

/** Failures kept per test case; the rest are counted in one more failure (memory stays bounded). */
const failuresPerCase = 200;

/** Text for an XML attribute or element: control characters shown as `\uXXXX` (line breaks kept), markup
 * escaped. */
function xml(text: string, limit = 4000): string {
  return text
    .split('\n')
    .map((line) => printable(line, limit))
    .join('\n')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

interface Case {
  /** `service operationId` (its class name `service.operationId`), or `contract-check`. */
  suite: string;
  name: string;
  /** Entries the coverage counted in the cell (passes included), when the run counted coverage. */
  entries?: number;
  failures: string[];
  failed: number;
  errors: string[];
  notJudged: number;
  reasons: Set<string>;
}

const cellName = (cell: { status: string; contentType?: string }) =>
  `${cell.status} ${cell.contentType ?? '(no content)'}`;

const ruleText = (violation: Violation) =>
  `${violation.rule} (${violation.side}${violation.pointer ? ` ${violation.pointer}` : ''}): ${maskedMessage(violation)}`;

/** `--format junit`: JUnit XML, which GitLab, Jenkins, Azure and most CI dashboards read. */
export function junitWriter(write: (text: string) => void): ReportWriter {
  const cases = new Map<string, Case>();
  const caseOf = (suite: string, name: string): Case => {
    const key = JSON.stringify([suite, name]);
    const found = cases.get(key) ?? {
      suite,
      name,
      failures: [],
      failed: 0,
      errors: [],
      notJudged: 0,
      reasons: new Set(),
    };
    cases.set(key, found);
    return found;
  };
  const entryCase = ({ match, cell, status }: EntryReport): Case => {
    if (!match) return caseOf('contract-check', 'entries of no operation');
    const suite = `${match.service} ${match.operationId}`;
    return caseOf(suite, cell ? cellName(cell) : `${status} (status not declared)`);
  };
  return findingsWriter(
    (entry) => {
      const found = entryCase(entry);
      if (entry.verdict === 'violation') {
        found.failed++;
        if (found.failures.length < failuresPerCase) found.failures.push(failure(entry));
        return;
      }
      found.notJudged++;
      for (const part of entry.notJudged ?? []) {
        found.reasons.add(scopeCatalogue[part.reason].label);
        if (!isToolReason(part.reason) || found.errors.length >= failuresPerCase) continue;
        const message = xml(`not judged (${part.part}): ${part.detail}`, 400);
        found.errors.push(
          `<error type="${xml(part.reason)}" message="${message}">${xml(`${entryTitle(entry)}\n${part.detail}`)}</error>`,
        );
      }
    },
    (summary, inputErrors) => {
      // The coverage's cells first, in the contract's order; then the cases only findings opened.
      const ordered = new Set<Case>();
      for (const operation of summary.coverage?.operations ?? []) {
        for (const cell of operation.cells) {
          const found = caseOf(`${operation.service} ${operation.operationId}`, cellName(cell));
          found.entries = cell.entries;
          ordered.add(found);
        }
      }
      const error = (name: string, type: string, text: string) =>
        caseOf('contract-check', name).errors.push(
          `<error type="${type}" message="${xml(text, 400)}">${xml(text)}</error>`,
        );
      for (const problem of summary.specProblems) error('spec problems', 'spec-problem', problem);
      for (const input of inputErrors) error('input errors', 'input-error', inputErrorLine(input));
      for (const found of cases.values()) ordered.add(found);
      const suites = new Map<string, Case[]>();
      for (const found of ordered) suites.set(found.suite, [...(suites.get(found.suite) ?? []), found]);
      const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
      const body: string[] = [];
      for (const [name, suiteCases] of suites) {
        const counts = { tests: suiteCases.length, failures: 0, errors: 0, skipped: 0 };
        const rendered = suiteCases.map((found) => {
          const { text, outcome } = renderCase(found);
          if (outcome !== 'passed') counts[outcome]++;
          return text;
        });
        for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += counts[key];
        const attributes = `tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}"`;
        body.push(`  <testsuite name="${xml(name)}" ${attributes}>`, ...rendered, '  </testsuite>');
      }
      const summaryText = tailLines({ ...summary, inputErrors }).join('\n');
      const attributes = `tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}"`;
      write(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          `<testsuites name="contract-check" ${attributes}>`,
          ...body,
          `  <system-out>${xml(summaryText, 20000)}</system-out>`,
          '</testsuites>',
          '',
        ].join('\n'),
      );
    },
  );
}

function failure(entry: EntryReport): string {
  const rules = [...new Set(entry.violations.map((violation) => violation.rule))].join(', ');
  const lines = [entryTitle(entry)];
  for (const violation of entry.violations) {
    lines.push(ruleText(violation));
    if (violation.specLocation) lines.push(`  spec: ${violation.specLocation}`);
  }
  const first = entry.violations[0];
  const message = xml(`${printable(entry.file)} #${entry.index}: ${first ? ruleText(first) : rules}`, 400);
  return `<failure type="${xml(rules)}" message="${message}">${xml(lines.join('\n'), 20000)}</failure>`;
}

function renderCase(found: Case): { text: string; outcome: 'passed' | 'failures' | 'errors' | 'skipped' } {
  const inner = found.failures.map((text) => `      ${text}`);
  const more = found.failed - found.failures.length;
  if (more > 0)
    inner.push(
      `      <failure type="more" message="and ${more} more failing entries">${more} more entries fail in this cell; the --json report lists every one</failure>`,
    );
  inner.push(...found.errors.map((text) => `      ${text}`));
  const notJudged =
    found.notJudged > 0 ? `${found.notJudged} not judged (${[...found.reasons].join(', ')})` : '';
  // Skipped: no entry reached the cell, or every entry of it was not judged.
  const skipped =
    found.entries === 0 || (found.notJudged > 0 && (found.entries ?? found.notJudged) === found.notJudged);
  const outcome =
    found.failures.length > 0
      ? 'failures'
      : found.errors.length > 0
        ? 'errors'
        : skipped
          ? 'skipped'
          : 'passed';
  if (outcome === 'skipped')
    inner.push(`      <skipped message="${xml(notJudged || 'no entry reached this response')}"/>`);
  const parts = [
    found.entries ? `${found.entries} ${found.entries === 1 ? 'entry' : 'entries'}` : '',
    found.failed > 0 ? `${found.failed} failed` : '',
    notJudged,
  ].filter(Boolean);
  if (parts.length > 0) inner.push(`      <system-out>${xml(parts.join(', '))}</system-out>`);
  const open = `    <testcase classname="${xml(found.suite.replace(' ', '.'))}" name="${xml(found.name)}"`;
  return {
    text: inner.length === 0 ? `${open}/>` : [`${open}>`, ...inner, '    </testcase>'].join('\n'),
    outcome,
  };
}
