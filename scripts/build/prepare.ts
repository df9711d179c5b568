// Runs before every `tsc -b` of the root scripts (build, mock, contract-check, …): forgets the build state of
// packages whose dist/ was deleted, so `rm -rf packages/*/dist && pnpm run build` rebuilds them, and warns
// when a package.json and its project references disagree (`pnpm check:packages` fails on that). It writes
// to stderr only, so the stdout of the CLI run after it stays the CLI's own.
import { relative } from 'node:path';
import { acceptNoArguments } from '../lib/no-arguments.ts';
import { repoRoot } from '../lib/paths.ts';
import { forgetOrphanedBuildInfo } from './package-build.ts';
import { buildGraphProblems } from './workspace.ts';

const usage = `Usage: tsx scripts/build/prepare.ts

Deletes the tsc -b build state (node_modules/.cache/tsconfig.build.tsbuildinfo) of every package whose dist/
is missing, and warns about workspace dependencies without a project reference. Run by the root scripts
before tsc -b; takes no arguments.`;

acceptNoArguments(usage);

for (const file of forgetOrphanedBuildInfo(repoRoot)) {
  console.error(`build: ${relative(repoRoot, file)} dropped (its dist/ is gone)`);
}
for (const problem of buildGraphProblems(repoRoot)) console.warn(`build: warning: ${problem}`);
