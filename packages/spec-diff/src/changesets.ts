import { parse } from 'yaml';
import { type Change, describeChange, type Level, levelRank, requiredBump } from './change.js';

export type Bump = Level | 'none';

/** A pending changeset: the file it came from and the bump it asks for each package. */
export interface Changeset {
  file: string;
  releases: Record<string, Bump>;
}

/** Reads the frontmatter (`"pkg": major` lines between `---` lines) of a `.changeset/*.md` file. */
export function parseChangeset(text: string, file = '(changeset)'): Changeset {
  const match = /^---\r?\n([\s\S]*?)\r?\n?---/.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new Error(`${file}: no frontmatter (--- lines) found`);
  const data: unknown = parse(match[1] ?? '') ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new Error(`${file}: the frontmatter is not a map of package to bump`);
  const releases: Record<string, Bump> = {};
  for (const [name, bump] of Object.entries(data)) {
    if (bump !== 'major' && bump !== 'minor' && bump !== 'patch' && bump !== 'none')
      throw new Error(`${file}: "${name}" asks for "${String(bump)}"; expected major, minor, patch or none`);
    releases[name] = bump;
  }
  return { file, releases };
}

export interface CheckChangesetsInput {
  /** Classified contract changes per package (`@svc-contracts/agents-client` → changes). */
  changes: Record<string, readonly Change[]>;
  pendingChangesets: readonly Changeset[];
  /** Packages whose files (spec or package sources) changed: each needs a changeset, whatever its level. */
  changedPackages?: readonly string[];
}

export interface ChangesetFailure {
  packageName: string;
  needed: Bump;
  requested: Bump | 'missing';
  message: string;
}

/** The highest bump the pending changesets ask for a package, or `missing` when none names it. */
export function requestedBump(name: string, changesets: readonly Changeset[]): Bump | 'missing' {
  let best: Bump | 'missing' = 'missing';
  for (const changeset of changesets) {
    const bump = changeset.releases[name];
    if (bump === undefined) continue;
    if (best === 'missing' || levelRank(bump) > levelRank(best)) best = bump;
  }
  return best;
}

/** Every package whose pending changesets ask for less than its changes need, or that has none. */
export function checkChangesets(input: CheckChangesetsInput): ChangesetFailure[] {
  const failures: ChangesetFailure[] = [];
  const names = new Set([...Object.keys(input.changes), ...(input.changedPackages ?? [])]);
  for (const packageName of [...names].sort()) {
    const changes = input.changes[packageName] ?? [];
    const needed = requiredBump(changes);
    const requested = requestedBump(packageName, input.pendingChangesets);
    const worst = changes.find((change) => change.level === needed);
    const because = worst ? ` (${describeChange(worst)})` : '';
    if (requested === 'missing') {
      if (needed === 'none' && !input.changedPackages?.includes(packageName)) continue;
      const bump = needed === 'none' ? 'patch' : needed;
      failures.push({
        packageName,
        needed,
        requested,
        message: `\`${packageName}\` changed and needs at least a ${bump} bump${because}, but no pending changeset names it: add one with \`pnpm changeset\``,
      });
    } else if (levelRank(requested) < levelRank(needed)) {
      failures.push({
        packageName,
        needed,
        requested,
        message: `\`${packageName}\` needs a ${needed} bump${because}, the pending changesets ask for ${requested}`,
      });
    }
  }
  return failures;
}
