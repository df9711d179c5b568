// Runs before every `tsc -b` of the root scripts (build, mock, contract-check, …): forgets the build state of
// packages whose dist/ was deleted, so `rm -rf packages/*/dist && pnpm run build` rebuilds them, and warns
// when a package.json and its project references disagree (`pnpm check:packages` fails on that). It writes
// to stderr only, so the stdout of the CLI run after it stays the CLI's own.
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../lib/paths.ts';
import { buildGraphProblems, orphanedBuildInfo } from './workspace.ts';

const usage = `Usage: tsx scripts/build/prepare.ts

Deletes the tsc -b build state (node_modules/.cache/tsconfig.build.tsbuildinfo) of every package whose dist/
is missing, and warns about workspace dependencies without a project reference. Run by the root scripts
before tsc -b; takes no arguments.`;

let help: boolean | undefined;
try {
  ({
    values: { help },
  } = parseArgs({ options: { help: { type: 'boolean', short: 'h' } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (help) {
  console.log(usage);
  process.exit(0);
}

for (const file of orphanedBuildInfo(repoRoot)) {
  rmSync(file, { force: true });
  console.error(`build: ${relative(repoRoot, file)} dropped (its dist/ is gone)`);
}
for (const problem of buildGraphProblems(repoRoot)) console.warn(`build: warning: ${problem}`);
