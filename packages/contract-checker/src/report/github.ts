import { relative, resolve } from 'node:path';
import { githubAnnotation } from '@svc-contracts/cli-output';
import { specLineFinder } from '@svc-contracts/contract-model';
import { printable } from '@svc-contracts/har';
import { isToolReason, scopeCatalogue } from '../core/scope.js';
import type { Violation } from '../core/types.js';
import { entryTitle, groupTitle, inputErrorLine, tailLines, violationText } from './format.js';
import type { Output } from './report.js';

export interface GithubOptions {
  /** The folder the spec locations are relative to (the config's); default the working directory. */
  specRoot?: string;
  /** The folder annotation paths are relative to (the checkout): default `GITHUB_WORKSPACE`, else the spec
   * root, so that no machine path is written. */
  workspace?: string;
}

/** `--format github`: a workflow annotation per finding, on the spec line of the rule it breaks: `::error`, but
 * `::warning` for a part not judged that the tool could have judged. */
export function githubOutput(write: (text: string) => void, options: GithubOptions = {}): Output {
  const specRoot = resolve(options.specRoot ?? '.');
  const workspace = resolve(options.workspace ?? process.env.GITHUB_WORKSPACE ?? specRoot);
  const lineOf = specLineFinder(specRoot);
  const annotation = (violation: Violation | undefined, title: string, text: string): string => {
    const found = violation?.specLocation ? lineOf(violation.specLocation) : undefined;
    if (!found) return githubAnnotation(violation ? 'error' : 'warning', { title }, text);
    const file = relative(workspace, resolve(specRoot, found.file)).split('\\').join('/');
    return githubAnnotation('error', { file, ...(found.line ? { line: found.line } : {}), title }, text);
  };
  const error = (title: string, text: string) => githubAnnotation('error', { title }, text);
  return {
    entry: (entry, full) => {
      if (!full) return;
      const title = printable(entryTitle(entry), 400);
      const lines = entry.violations.map((violation) =>
        annotation(
          violation,
          `contract-check ${violation.rule}`,
          `${title}\n${printable(violationText(violation), 4000)}`,
        ),
      );
      for (const { reason, part, detail } of entry.notJudged ?? [])
        lines.push(
          githubAnnotation(
            isToolReason(reason) ? 'error' : 'warning',
            { title: `contract-check not judged: ${scopeCatalogue[reason].label}` },
            `${title}\n${printable(`not judged (${part}): ${detail}`, 4000)}`,
          ),
        );
      write(`${lines.join('\n')}\n`);
    },
    finish: (tail, repeated) => {
      const lines = repeated.map(({ first, more, refs }) => {
        const violation = first.violations[0];
        const text = `and ${more} more like it: ${groupTitle(first)}\n${refs}`;
        return annotation(violation, `contract-check ${violation?.rule ?? 'not judged'}`, text);
      });
      for (const problem of tail.specProblems)
        lines.push(error('contract-check spec problem', printable(problem, 4000)));
      for (const input of tail.inputErrors)
        lines.push(error('contract-check input error', inputErrorLine(input)));
      write(`${[...lines, ...tailLines(tail)].join('\n')}\n`);
    },
  };
}
