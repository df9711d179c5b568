/**
 * `pnpm test` after its browser check: every check of the repository in three lanes at once (the lanes
 * and their steps: scripts/test/pnpm-test-lanes.ts). The suite's output is streamed, the other lanes'
 * printed after it; the exit code is the first non-zero one, and the last line gives each step's time.
 * Each lane calls vitest itself: one `vitest run` would run the `own-lane` project after the suite.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { acceptNoArguments } from '../lib/no-arguments.ts';
import { repoRoot } from '../lib/paths.ts';
import { formatStepTimes } from '../lib/step-times.ts';
import { runLanes } from './lanes.ts';
import { pnpmTestLanes } from './pnpm-test-lanes.ts';

const usage = `Usage: pnpm test
Runs every check of \`pnpm test\` in three lanes at once: the build, then the vitest project "suite" (output
streamed); the rest of lint, check:generated, check:packages, then the bench and arguments tests; the
real-publish test once the build is done, then the docs site test and the CLI process tests (output of
both lanes printed after).
For some files only: pnpm exec vitest run <files>.`;

acceptNoArguments(usage);

// The bin as vitest's package.json names it (the file itself is not among its exports).
const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const { bin } = JSON.parse(readFileSync(vitestPackage, 'utf8')) as { bin: { vitest: string } };
const vitest = join(dirname(vitestPackage), bin.vitest);

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const { suite, checks, realPublish } = pnpmTestLanes(manifest.scripts, (args) => ({
  command: process.execPath,
  args: [vitest, 'run', ...args],
  shown: `vitest run ${args.join(' ')}`,
}));

const started = performance.now();
const outcome = await runLanes(suite, [checks, realPublish]);
const steps = outcome.steps.map((step) => ({
  title:
    step.result === 0
      ? step.step
      : `${step.step} (${step.result === 'skipped' ? 'skipped' : `exit ${step.result}`})`,
  ms: step.ms,
}));
console.log(`\n${formatStepTimes('pnpm test', steps, performance.now() - started)}`);
process.exitCode = outcome.code;
