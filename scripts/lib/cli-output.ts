// @svc-contracts/cli-output for the repository's scripts, some of which run before anything is built (the
// build itself, `pnpm test`, `--help` on a fresh clone): its dist/ is built first when missing. The package
// has no dependencies, so that is one small `tsc -b` (about a second), once.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.ts';

if (!existsSync(join(repoRoot, 'packages', 'cli-output', 'dist', 'index.js'))) {
  const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  const built = spawnSync(
    process.execPath,
    // --force: a dist/ deleted by hand leaves a build state that says it is up to date.
    [tsc, '-b', '--force', join('packages', 'cli-output', 'tsconfig.build.json')],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('building packages/cli-output failed (tsc -b); see above');
}

export const { colorsFor, countsText, didYouMean, explainArgsError, plural } = await import(
  '@svc-contracts/cli-output'
);
export type { Colors, Style } from '@svc-contracts/cli-output';
