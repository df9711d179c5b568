import { relative, resolve } from 'node:path';
import { githubAnnotation } from '@svc-contracts/cli-output';
import { type SpecLine, specLineFinder } from '@svc-contracts/contract-model';
import { printable } from '@svc-contracts/har';
import type { EntryReport } from '../core/entry-report.js';
import { scopeCatalogue } from '../core/scope.js';
import type { Violation } from '../core/types.js';
import { FindingsWriter, groupTitle } from './findings.js';
import { entryTitle, inputErrorLine, tailLines } from './format.js';
import { maskedMessage } from './masked.js';
import type { RunSummary } from './report.js';

export interface GithubOptions {
  /** The folder the spec locations are relative to (the config's); default the working directory. */
  specRoot?: string;
  /** The folder annotation paths are relative to (the checkout): default `GITHUB_WORKSPACE`, else the spec
   * root, so that no machine path is written. */
  workspace?: string;
}

/** `--format github`: a GitHub workflow annotation per finding, on the spec file and line of the rule it
 * breaks, with the entry in the message: `::error` for a violation, `::warning` for a part not judged
 * (`::error` when the tool could not judge it: a resource limit, a checker failure), `::error` for an input
 * error or a spec problem. */
export class GithubWriter extends FindingsWriter {
  private readonly lineOf: (location: string) => SpecLine | undefined;
  private readonly specRoot: string;
  private readonly workspace: string;

  constructor(write: (text: string) => void, options: GithubOptions = {}) {
    super(write);
    this.specRoot = resolve(options.specRoot ?? '.');
    this.workspace = resolve(options.workspace ?? process.env.GITHUB_WORKSPACE ?? this.specRoot);
    this.lineOf = specLineFinder(this.specRoot);
  }

  private place(violation: Violation | undefined, title: string): Parameters<typeof githubAnnotation>[1] {
    const found = violation?.specLocation ? this.lineOf(violation.specLocation) : undefined;
    if (!found) return { title };
    const file = relative(this.workspace, resolve(this.specRoot, found.file)).split('\\').join('/');
    return { file, ...(found.line ? { line: found.line } : {}), title };
  }

  protected finding(entry: EntryReport, full: boolean): void {
    if (!full) return;
    const lines: string[] = [];
    const title = printable(entryTitle(entry), 400);
    for (const violation of entry.violations) {
      const where = `${violation.side}${violation.pointer ? ` ${violation.pointer}` : ''}`;
      lines.push(
        githubAnnotation(
          'error',
          this.place(violation, `contract-check ${violation.rule}`),
          `${title}\n${printable(`${violation.rule} (${where}): ${maskedMessage(violation)}`, 4000)}`,
        ),
      );
    }
    for (const part of entry.notJudged ?? []) {
      const catalogued = scopeCatalogue[part.reason];
      lines.push(
        githubAnnotation(
          'byTool' in catalogued ? 'error' : 'warning',
          { title: `contract-check not judged: ${catalogued.label}` },
          `${title}\n${printable(`not judged (${part.part}): ${part.detail}`, 4000)}`,
        ),
      );
    }
    this.write(`${lines.join('\n')}\n`);
  }

  finish(summary: RunSummary): void {
    const lines: string[] = [];
    for (const { first, more, refs } of this.groups.repeated()) {
      const violation = first.violations[0];
      const level = violation ? 'error' : 'warning';
      lines.push(
        githubAnnotation(
          level,
          this.place(violation, `contract-check ${violation?.rule ?? 'not judged'}`),
          `and ${more} more like it: ${groupTitle(first)}\n${refs}`,
        ),
      );
    }
    for (const problem of summary.specProblems)
      lines.push(
        githubAnnotation('error', { title: 'contract-check spec problem' }, printable(problem, 4000)),
      );
    for (const error of this.inputErrors)
      lines.push(githubAnnotation('error', { title: 'contract-check input error' }, inputErrorLine(error)));
    lines.push(...tailLines({ ...summary, inputErrors: this.inputErrors }));
    this.write(`${lines.join('\n')}\n`);
  }
}
