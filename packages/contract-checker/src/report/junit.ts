import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { isToolReason, scopeCatalogue } from '../core/scope.js';
import { entryTitle, inputErrorLine, tailLines, violationLines, violationText } from './format.js';
import type { Output } from './report.js';

/** Failures kept per test case; the rest are counted in one more failure (memory stays bounded). */
const failuresPerCase = 200;

/** Text for an XML attribute or element: control characters shown as `\uXXXX` (line breaks kept), markup
 * escaped. */
function xml(text: string, limit = 4000): string {
  const lines = text.split('\n').map((line) => printable(line, limit));
  return lines.join('\n').replace(/[&<>"]/g, (markup) => entities[markup] as string);
}
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** A test case of `suite` (`service operationId`, its class name `service.operationId`, or `contract-check`);
 * `entries`: what the coverage counted in the cell (passes included), when the run counted coverage. */
const newCase = (suite: string, name: string) => ({
  suite,
  name,
  entries: undefined as number | undefined,
  failures: [] as string[],
  failed: 0,
  errors: [] as string[],
  notJudged: 0,
  reasons: new Set<string>(),
});
type Case = ReturnType<typeof newCase>;

const cellName = (cell: { status: string; contentType?: string }) =>
  `${cell.status} ${cell.contentType ?? '(no content)'}`;

const error = (type: string, message: string, text: string) =>
  `<error type="${xml(type)}" message="${xml(message, 400)}">${xml(text)}</error>`;

/** `--format junit`: JUnit XML, which GitLab, Jenkins, Azure and most CI dashboards read: a test case per
 * operation x status x content type (the coverage's cells), a failure per violating entry. */
export function junitOutput(write: (text: string) => void): Output {
  const cases = new Map<string, Case>();
  const caseOf = (suite: string, name: string, entries?: number): Case => {
    const key = JSON.stringify([suite, name]);
    const found = cases.get(key) ?? newCase(suite, name);
    cases.set(key, found);
    if (entries !== undefined) found.entries = entries;
    return found;
  };
  return {
    entry: (entry) => {
      if (entry.verdict !== 'violation' && entry.verdict !== 'not-judged') return;
      const { match, cell, status } = entry;
      const name = cell ? cellName(cell) : `${status} (status not declared)`;
      const found = match
        ? caseOf(`${match.service} ${match.operationId}`, name)
        : caseOf('contract-check', 'entries of no operation');
      if (entry.verdict === 'violation') {
        if (found.failed++ < failuresPerCase) found.failures.push(failure(entry));
        return;
      }
      found.notJudged++;
      for (const part of entry.notJudged ?? []) {
        found.reasons.add(scopeCatalogue[part.reason].label);
        if (!isToolReason(part.reason) || found.errors.length >= failuresPerCase) continue;
        const message = `not judged (${part.part}): ${part.detail}`;
        found.errors.push(error(part.reason, message, `${entryTitle(entry)}\n${part.detail}`));
      }
    },
    finish: (tail) => {
      // The coverage's cells first, in the contract's order; then the cases only findings opened.
      const cells = (tail.coverage?.operations ?? []).flatMap(({ service, operationId, cells }) =>
        cells.map((cell) => caseOf(`${service} ${operationId}`, cellName(cell), cell.entries)),
      );
      for (const problem of tail.specProblems)
        caseOf('contract-check', 'spec problems').errors.push(error('spec-problem', problem, problem));
      for (const input of tail.inputErrors.map(inputErrorLine))
        caseOf('contract-check', 'input errors').errors.push(error('input-error', input, input));
      const suites = new Map<string, Rendered[]>();
      for (const found of new Set([...cells, ...cases.values()]))
        suites.set(found.suite, [...(suites.get(found.suite) ?? []), renderCase(found)]);
      const body = [...suites].flatMap(([name, rendered]) => [
        `  <testsuite name="${xml(name)}" ${counted(rendered)}>`,
        ...rendered.map(({ text }) => text),
        '  </testsuite>',
      ]);
      write(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          `<testsuites name="contract-check" ${counted([...suites.values()].flat())}>`,
          ...body,
          `  <system-out>${xml(tailLines(tail).join('\n'), 20000)}</system-out>`,
          '</testsuites>',
          '',
        ].join('\n'),
      );
    },
  };
}

/** A violating entry's failure: its rules, each violation with its spec location, and what it sent or got
 * (masked, cut). */
function failure(entry: EntryReport): string {
  const rules = [...new Set(entry.violations.map((violation) => violation.rule))].join(', ');
  const lines = [entryTitle(entry), ...violationLines(entry)];
  if (entry.payload !== undefined) lines.push(`  payload: ${entry.payload}`);
  const first = entry.violations[0];
  const message = `${printable(entry.file)} #${entry.index}: ${first ? violationText(first) : rules}`;
  return `<failure type="${xml(rules)}" message="${xml(message, 400)}">${xml(lines.join('\n'), 20000)}</failure>`;
}

const outcomes = ['failures', 'errors', 'skipped'] as const;
type Rendered = { text: string; outcome: (typeof outcomes)[number] | 'passed' };

const counted = (cases: Rendered[]): string =>
  `tests="${cases.length}" ${outcomes.map((outcome) => `${outcome}="${cases.filter((found) => found.outcome === outcome).length}"`).join(' ')}`;

function renderCase(found: Case): Rendered {
  const more = found.failed - found.failures.length;
  const notJudged =
    found.notJudged > 0 ? `${found.notJudged} not judged (${[...found.reasons].join(', ')})` : '';
  // Skipped: no entry reached the cell, or every entry of it was not judged.
  const skipped =
    found.entries === 0 || (found.notJudged > 0 && (found.entries ?? found.notJudged) === found.notJudged);
  const outcome =
    found.failed > 0 ? 'failures' : found.errors.length > 0 ? 'errors' : skipped ? 'skipped' : 'passed';
  const out = [
    found.entries ? `${found.entries} ${found.entries === 1 ? 'entry' : 'entries'}` : '',
    found.failed > 0 ? `${found.failed} failed` : '',
    notJudged,
  ].filter(Boolean);
  const inner = [
    ...found.failures,
    more > 0 &&
      `<failure type="more" message="and ${more} more failing entries">${more} more entries fail in this cell; the --json report lists every one</failure>`,
    ...found.errors,
    outcome === 'skipped' && `<skipped message="${xml(notJudged || 'no entry reached this response')}"/>`,
    out.length > 0 && `<system-out>${xml(out.join(', '))}</system-out>`,
  ].flatMap((line) => (line === false ? [] : [`      ${line}`]));
  const open = `    <testcase classname="${xml(found.suite.replace(' ', '.'))}" name="${xml(found.name)}"`;
  return {
    text: inner.length === 0 ? `${open}/>` : [`${open}>`, ...inner, '    </testcase>'].join('\n'),
    outcome,
  };
}
