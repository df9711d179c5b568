// How verdicts are printed: text lines for people, one JSON document for machines, GitHub annotations.
import { githubAnnotation as annotation } from '@svc-contracts/cli-output';
import { type Change, describeChangeFully, type Level, requiredBump } from './change.js';
import { type Bump, type Changeset, requestedBump } from './changesets.js';

export type OutputFormat = 'text' | 'json' | 'github';

/** A change as `--json` prints it: the catalogue's level (breaking, …) and the bump it asks for. */
export interface JsonChange {
  id: string;
  level: Change['severity'];
  bump: Level;
  direction: Change['direction'];
  operation: string | null;
  pointer: string;
  before: string | null;
  after: string | null;
  message: string;
}

export function jsonChange(change: Change): JsonChange {
  return {
    id: change.id,
    level: change.severity,
    bump: change.level,
    direction: change.direction,
    operation: change.operation ?? null,
    pointer: change.pointer,
    before: change.before ?? null,
    after: change.after ?? null,
    message: change.reason,
  };
}

/** `  major removed property `state` (response, GET /agents) at #/… [response-property-removed]` */
export function textLine(change: Change, color = false): string {
  const level = change.level.padEnd(5);
  const shown = color
    ? `\u001b[${levelStyle[change.level]}m${level}\u001b[${levelStyle[change.level] === 2 ? 22 : 39}m`
    : level;
  return `  ${shown} ${describeChangeFully(change)}\n`;
}

/** SGR codes: red, yellow, dim (reset by 39, 39, 22). */
const levelStyle = { major: 31, minor: 33, patch: 2 } as const;

export function counts(changes: readonly Change[]): Record<Change['severity'], number> {
  const found = { breaking: 0, 'possibly-breaking': 0, 'not-breaking': 0 };
  for (const change of changes) found[change.severity] += 1;
  return found;
}

export function summary(changes: readonly Change[]): string {
  const c = counts(changes);
  const bump = requiredBump(changes);
  return `${changes.length} change(s): ${c.breaking} breaking, ${c['possibly-breaking']} possibly breaking, ${c['not-breaking']} not breaking; ${bump === 'none' ? 'no bump needed' : `needs a ${bump} bump`}`;
}

/** Which pending changesets name a package, and what they ask for. */
export interface Coverage {
  files: string[];
  requested: Bump | 'missing';
}

export function coverageOf(packageName: string, changesets: readonly Changeset[]): Coverage {
  return {
    files: changesets.filter((changeset) => changeset.releases[packageName] !== undefined).map((c) => c.file),
    requested: requestedBump(packageName, changesets),
  };
}

export function coverageLine(
  coverage: Coverage,
  needed: Level | 'none',
  changesets: readonly Changeset[],
  name: string,
): string {
  if (coverage.requested === 'missing') return '  changeset: none names this package\n';
  const asked = coverage.files.map(
    (file) => `${file} (${changesets.find((c) => c.file === file)?.releases[name]})`,
  );
  const enough = rankOf(coverage.requested) >= rankOf(needed);
  return `  changeset: ${asked.join(', ')}${enough ? ` covers it (needs ${needed})` : `: too little, needs ${needed}`}\n`;
}

const ranks = { none: 0, patch: 1, minor: 2, major: 3 } as const;
function rankOf(level: Level | 'none'): number {
  return ranks[level];
}

/** One `::error` / `::warning` / `::notice` line per change, on the file (and line) it was found in. */
export function githubAnnotation(change: Change, file: string | undefined, line?: number): string {
  const command =
    change.severity === 'breaking' ? 'error' : change.severity === 'possibly-breaking' ? 'warning' : 'notice';
  const place = {
    ...(file ? { file } : {}),
    ...(line ? { line } : {}),
    title: `spec-diff ${change.id} (${change.level})`,
  };
  return `${annotation(command, place, describeChangeFully(change))}\n`;
}

export function githubError(message: string): string {
  return `${annotation('error', { title: 'spec-diff' }, message)}\n`;
}
