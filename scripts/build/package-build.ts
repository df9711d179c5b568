// One package's dist/ brought up to date the way `pnpm run build` does it, for the tests that run a package
// as published (its bin, the files its spectral.yaml loads): after the build `pnpm test` starts with it is
// an incremental `tsc -b` that finds nothing to do (about half a second); run alone, such a test does not
// read a stale dist/.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths.ts';
import { orphanedBuildInfo } from './workspace.ts';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Deletes the build state of every package of `root` whose dist/ is gone; returns the files deleted. */
export function forgetOrphanedBuildInfo(root: string): string[] {
  const orphaned = orphanedBuildInfo(root);
  for (const file of orphaned) rmSync(file, { force: true });
  return orphaned;
}

/** Builds the package in `packageDir` and the packages it references, incrementally. */
export function buildPackage(packageDir: string): void {
  forgetOrphanedBuildInfo(repoRoot);
  execFileSync(process.execPath, [tsc, '-b', join(packageDir, 'tsconfig.build.json')], {
    cwd: repoRoot,
    stdio: 'pipe',
  });
}
