import { relative, resolve } from 'node:path';
import { githubAnnotation } from '@svc-contracts/cli-output';
import { specLineFinder } from '@svc-contracts/contract-model';
import { printable } from '@svc-contracts/har';
import { scopeCatalogue } from '../core/scope.js';
import type { Violation } from '../core/types.js';
import { findingsWriter, groupTitle } from './findings.js';
import { entryTitle, inputErrorLine, type ReportWriter, tailLines } from './format.js';
import { maskedMessage } from './masked.js';

export interface GithubOptions {
  /** The folder the spec locations are relative to (the config's); default the working directory. */
  specRoot?: string;
  /** The folder annotation paths are relative to (the checkout): default `GITHUB_WORKSPACE`, else the spec
   * root, so that no machine path is written. */
  workspace?: string;
}

/** `--format github`: a workflow annotation per finding, on the spec file and line of the rule it breaks, with
 * the entry in the message: `::error` for a violation, `::warning` for a part not judged (`::error` when the
 * tool could not judge it), `::error` for an input error or a spec problem. */
export function githubWriter(write: (text: string) => void, options: GithubOptions = {}): ReportWriter {
  const specRoot = resolve(options.specRoot ?? '.');
  const workspace = resolve(options.workspace ?? process.env.GITHUB_WORKSPACE ?? specRoot);
  const lineOf = specLineFinder(specRoot);
  const place = (violation: Violation | undefined, title: string): Parameters<typeof githubAnnotation>[1] => {
    const found = violation?.specLocation ? lineOf(violation.specLocation) : undefined;
    if (!found) return { title };
    const file = relative(workspace, resolve(specRoot, found.file)).split('\\').join('/');
    return { file, ...(found.line ? { line: found.line } : {}), title };
  };
  return findingsWriter(
    (entry, full) => {
      if (!full) return;
      const title = printable(entryTitle(entry), 400);
      const lines = entry.violations.map((violation) => {
        const where = `${violation.side}${violation.pointer ? ` ${violation.pointer}` : ''}`;
        const message = printable(`${violation.rule} (${where}): ${maskedMessage(violation)}`, 4000);
        return githubAnnotation(
          'error',
          place(violation, `contract-check ${violation.rule}`),
          `${title}\n${message}`,
        );
      });
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
      write(`${lines.join('\n')}\n`);
    },
    (summary, inputErrors, repeated) => {
      const lines = repeated.map(({ first, more, refs }) => {
        const violation = first.violations[0];
        const title = `contract-check ${violation?.rule ?? 'not judged'}`;
        const text = `and ${more} more like it: ${groupTitle(first)}\n${refs}`;
        return githubAnnotation(violation ? 'error' : 'warning', place(violation, title), text);
      });
      for (const problem of summary.specProblems)
        lines.push(
          githubAnnotation('error', { title: 'contract-check spec problem' }, printable(problem, 4000)),
        );
      for (const error of inputErrors)
        lines.push(githubAnnotation('error', { title: 'contract-check input error' }, inputErrorLine(error)));
      lines.push(...tailLines({ ...summary, inputErrors }));
      write(`${lines.join('\n')}\n`);
    },
  );
}
