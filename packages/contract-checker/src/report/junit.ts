import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { isToolReason, scopeCatalogue } from '../core/scope.js';
import { FindingsWriter } from './findings.js';
import { entryTitle, inputErrorLine, tailLines } from './format.js';
import { maskedMessage } from './masked.js';
import type { RunSummary } from './report.js';

/** Failures kept per test case; the rest are counted in one more failure (memory stays bounded). */
const failuresPerCase = 200;

/** Text for an XML attribute or element: control characters shown as `\uXXXX`, markup escaped. */
function xml(text: string, limit = 4000): string {
  // Line by line: the line breaks of a failure's text are kept, every other control character shown.
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
  suite: string;
  classname: string;
  name: string;
  /** Entries the coverage counted in the cell (passes included), when the run counted coverage. */
  entries?: number;
  failures: string[];
  failed: number;
  errors: string[];
  notJudged: number;
  notJudgedReasons: Set<string>;
}

/** `--format junit`: JUnit XML, which GitLab, Jenkins, Azure and most CI dashboards read. */
export class JunitWriter extends FindingsWriter {
  private readonly cases = new Map<string, Case>();

  private caseOf(suite: string, classname: string, name: string): Case {
    const key = JSON.stringify([suite, name]);
    let found = this.cases.get(key);
    if (!found) {
      found = {
        suite,
        classname,
        name,
        failures: [],
        failed: 0,
        errors: [],
        notJudged: 0,
        notJudgedReasons: new Set(),
      };
      this.cases.set(key, found);
    }
    return found;
  }

  private entryCase(entry: EntryReport): Case {
    const { match, cell } = entry;
    if (!match) return this.caseOf('contract-check', 'contract-check', 'entries of no operation');
    const suite = `${match.service} ${match.operationId}`;
    const classname = `${match.service}.${match.operationId}`;
    if (!cell) return this.caseOf(suite, classname, `${entry.status} (status not declared)`);
    return this.caseOf(suite, classname, cellName(cell));
  }

  protected finding(entry: EntryReport): void {
    const found = this.entryCase(entry);
    if (entry.verdict === 'violation') {
      found.failed++;
      if (found.failures.length < failuresPerCase) found.failures.push(failure(entry));
      return;
    }
    found.notJudged++;
    for (const part of entry.notJudged ?? []) {
      found.notJudgedReasons.add(scopeCatalogue[part.reason].label);
      if (isToolReason(part.reason) && found.errors.length < failuresPerCase) {
        found.errors.push(
          `<error type="${xml(part.reason)}" message="${xml(`not judged (${part.part}): ${part.detail}`, 400)}">${xml(`${entryTitle(entry)}\n${part.detail}`)}</error>`,
        );
      }
    }
  }

  finish(summary: RunSummary): void {
    // The coverage's cells first, in the contract's order; then the cases only findings opened.
    const ordered = new Set<Case>();
    for (const operation of summary.coverage?.operations ?? []) {
      const suite = `${operation.service} ${operation.operationId}`;
      for (const cell of operation.cells) {
        const found = this.caseOf(suite, `${operation.service}.${operation.operationId}`, cellName(cell));
        found.entries = cell.entries;
        ordered.add(found);
      }
    }
    for (const problem of summary.specProblems)
      this.caseOf('contract-check', 'contract-check', 'spec problems').errors.push(
        `<error type="spec-problem" message="${xml(problem, 400)}">${xml(problem)}</error>`,
      );
    for (const error of this.inputErrors)
      this.caseOf('contract-check', 'contract-check', 'input errors').errors.push(
        `<error type="input-error" message="${xml(inputErrorLine(error), 400)}">${xml(inputErrorLine(error))}</error>`,
      );
    const suites = new Map<string, Case[]>();
    for (const found of this.cases.values()) ordered.add(found);
    for (const found of ordered) {
      const list = suites.get(found.suite) ?? [];
      list.push(found);
      suites.set(found.suite, list);
    }
    const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
    const body: string[] = [];
    for (const [name, cases] of suites) {
      const counts = { tests: cases.length, failures: 0, errors: 0, skipped: 0 };
      const rendered = cases.map((found) => {
        const { text, outcome } = renderCase(found);
        if (outcome !== 'passed') counts[outcome]++;
        return text;
      });
      for (const key of Object.keys(totals) as Array<keyof typeof totals>) totals[key] += counts[key];
      body.push(
        `  <testsuite name="${xml(name)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}">`,
        ...rendered,
        '  </testsuite>',
      );
    }
    const summaryText = tailLines({ ...summary, inputErrors: this.inputErrors }).join('\n');
    this.write(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<testsuites name="contract-check" tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}">`,
        ...body,
        `  <system-out>${xml(summaryText, 20000)}</system-out>`,
        '</testsuites>',
        '',
      ].join('\n'),
    );
  }
}

function cellName(cell: { status: string; contentType?: string }): string {
  return `${cell.status} ${cell.contentType ?? '(no content)'}`;
}

function failure(entry: EntryReport): string {
  const rules = [...new Set(entry.violations.map((violation) => violation.rule))].join(', ');
  const lines = [entryTitle(entry)];
  for (const violation of entry.violations) {
    const where = `${violation.side}${violation.pointer ? ` ${violation.pointer}` : ''}`;
    lines.push(`${violation.rule} (${where}): ${maskedMessage(violation)}`);
    if (violation.specLocation) lines.push(`  spec: ${violation.specLocation}`);
  }
  const first = entry.violations[0];
  const message = first
    ? `${first.rule} (${first.side}${first.pointer ? ` ${first.pointer}` : ''}): ${maskedMessage(first)}`
    : rules;
  return `<failure type="${xml(rules)}" message="${xml(`${printable(entry.file)} #${entry.index}: ${message}`, 400)}">${xml(lines.join('\n'), 20000)}</failure>`;
}

function renderCase(found: Case): {
  text: string;
  outcome: 'passed' | 'failures' | 'errors' | 'skipped';
} {
  const inner: string[] = [...found.failures.map((text) => `      ${text}`)];
  if (found.failed > found.failures.length) {
    const more = found.failed - found.failures.length;
    inner.push(
      `      <failure type="more" message="and ${more} more failing entries">${more} more entries fail in this cell; the --json report lists every one</failure>`,
    );
  }
  inner.push(...found.errors.map((text) => `      ${text}`));
  const judged = found.entries === undefined ? undefined : found.entries - found.notJudged;
  const outcome =
    found.failures.length > 0
      ? 'failures'
      : found.errors.length > 0
        ? 'errors'
        : found.entries === 0 ||
            (judged === 0 && found.notJudged > 0) ||
            (found.entries === undefined && found.notJudged > 0)
          ? 'skipped'
          : 'passed';
  if (outcome === 'skipped') {
    const why =
      found.notJudged > 0
        ? `${found.notJudged} not judged (${[...found.notJudgedReasons].join(', ')})`
        : 'no entry reached this response';
    inner.push(`      <skipped message="${xml(why)}"/>`);
  }
  const parts = [
    found.entries ? `${found.entries} ${found.entries === 1 ? 'entry' : 'entries'}` : '',
    found.failed > 0 ? `${found.failed} failed` : '',
    found.notJudged > 0 ? `${found.notJudged} not judged (${[...found.notJudgedReasons].join(', ')})` : '',
  ].filter(Boolean);
  if (parts.length > 0) inner.push(`      <system-out>${xml(parts.join(', '))}</system-out>`);
  const open = `    <testcase classname="${xml(found.classname)}" name="${xml(found.name)}"`;
  return {
    text: inner.length === 0 ? `${open}/>` : [`${open}>`, ...inner, '    </testcase>'].join('\n'),
    outcome,
  };
}
