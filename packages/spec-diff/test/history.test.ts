// The gate on this repository's own history: for every commit that changed specs/, its specs against its
// parent's, with the changesets pending at that commit. The verdicts are the ones the gate gave before the
// catalogue (issue 44), measured with the previous implementation; a change of the rules must keep them.
// About a minute (two bundles of every service per commit), so it runs when asked: SPEC_DIFF_HISTORY=1.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkChangesets, parseChangeset } from '../src/index.js';
import { contractChangesBetween, extractRef, repositoryRoot } from '../src/repository.js';

/** Commit → the packages the gate failed there (empty: it passed). */
const verdicts: Record<string, string[]> = {
  '1382604': [],
  '4842b5f': [],
  '5cf5615': [],
  '1af8187': ['@svc-contracts/numbers-client'],
  a50a02e: [],
  '32ed4fc': [],
  b91fc96: [],
  cc32fee: [],
  '4fc6001': ['@svc-contracts/voice-client'],
  '7c5d3ac': [],
  ca99d11: [],
  '7702998': [],
  d256f20: [],
  '5da5e1b': [],
  '4e5c0b6': [],
  '189ea56': [],
};

const enabled = process.env.SPEC_DIFF_HISTORY === '1';

describe.runIf(enabled)('the gate on this repository’s history (SPEC_DIFF_HISTORY=1)', () => {
  const repo = repositoryRoot(process.cwd());
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

  it.each(Object.entries(verdicts))(
    '%s: fails %j',
    async (commit, failing) => {
      const old = extractRef(repo, `${commit}^`);
      const now = extractRef(repo, commit);
      try {
        const changes = await contractChangesBetween(old, now);
        const pendingChangesets = git('ls-tree', '--name-only', commit, '.changeset/')
          .split('\n')
          .filter((file) => file.endsWith('.md') && !file.toLowerCase().endsWith('readme.md'))
          .map((file) => parseChangeset(git('show', `${commit}:${file}`), file));
        const failures = checkChangesets({ changes, pendingChangesets }).map(
          (failure) => failure.packageName,
        );
        expect(failures).toEqual(failing);
      } finally {
        rmSync(old, { recursive: true, force: true });
        rmSync(now, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
