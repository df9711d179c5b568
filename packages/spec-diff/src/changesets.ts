import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import parseChangesetFile from '@changesets/parse';
import { type Change, describeChange, type Level, levelRank, requiredBump } from './change.js';

export type Bump = Level | 'none';

/** A pending changeset: the file it came from and the bump it asks for each package. */
export interface Changeset {
  file: string;
  releases: Record<string, Bump>;
}

/** Reads the frontmatter of a `.changeset/*.md` file with the parser `changeset version` itself uses, so the
 * gate and the release agree on what a changeset asks for. Errors name the file. */
export function parseChangeset(text: string, file = '(changeset)'): Changeset {
  let parsed: ReturnType<typeof parseChangesetFile>;
  try {
    parsed = parseChangesetFile(text);
  } catch (error) {
    // The parser's first line says what is wrong; the rest repeats the file's contents.
    const reason = (error as Error).message.split('\n')[0]?.replace(/^could not parse changeset - /, '');
    throw new Error(
      `${file}: ${reason}; expected "---" frontmatter naming each package with major, minor, patch or none`,
      { cause: error },
    );
  }
  const releases: Record<string, Bump> = {};
  for (const { name, type } of parsed.releases) releases[name] = type;
  return { file, releases };
}

/** Every pending changeset of a `.changeset` folder (its README excepted); none when the folder is absent. */
export function readPendingChangesets(dir: string, label = '.changeset'): Changeset[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md')
    .sort()
    .map((file) => parseChangeset(readFileSync(join(dir, file), 'utf8'), `${label}/${file}`));
}

/** The changesets a change brings since `base`: the pending `.changeset/*.md` files new or edited since then,
 * as `changeset status --since` counts them. The ones already pending on the base were asked for earlier
 * changes, so they do not cover this one; the release still applies them all. */
export function readChangesetsAddedSince(repo: string, base: string): Changeset[] {
  const listed = (...args: string[]): string[] =>
    execFileSync('git', [...args, '-z', '--', '.changeset'], {
      cwd: repo,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
      .split('\0')
      .filter(Boolean);
  const brought = new Set([
    ...listed('diff', '--name-only', base),
    ...listed('ls-files', '--others', '--exclude-standard'),
  ]);
  return readPendingChangesets(join(repo, '.changeset')).filter((changeset) => brought.has(changeset.file));
}

export interface CheckChangesetsInput {
  /** Classified contract changes per package (`@svc-contracts/agents-client` → changes). */
  changes: Record<string, readonly Change[]>;
  /** In repository mode, the changesets added since the base only (`readChangesetsAddedSince`). */
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

/** Every package whose changesets ask for less than its changes need, or that has none. */
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
        message: `\`${packageName}\` changed and needs at least a ${bump} bump${because}, but no changeset added since the base names it: add one with \`pnpm changeset\``,
      });
    } else if (levelRank(requested) < levelRank(needed)) {
      failures.push({
        packageName,
        needed,
        requested,
        message: `\`${packageName}\` needs a ${needed} bump${because}, the changesets added since the base ask for ${requested}`,
      });
    }
  }
  return failures;
}
