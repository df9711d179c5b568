/**
 * `pnpm test` after its browser check: every check of the repository in three lanes at once.
 *
 *   tsx scripts/test/pnpm-test.ts
 *
 * - suite (output streamed): `pnpm run build`, then the vitest project `suite`.
 * - checks (output kept): once the build is done, the other steps of `pnpm run lint` one by one (spec
 *   lint, Biome and tsc), `pnpm run check:generated`, `pnpm run check:packages`, then the bench test and
 *   the test of every script's arguments (`cli-arguments`).
 * - real-publish (output kept): the real-publish test, once the build is done, then the docs site test,
 *   then the tests of `pnpm lint:specs` and of the mocks' bin (`cli-processes`).
 * (scripts/test/pnpm-test-lanes.ts says why.)
 *
 * Every step needs the build only: a failure skips nothing else, so each step reports its own result (a
 * kept lane announces its failures at once); a step past its generous bound says "timed out after N s".
 * The kept lanes' output is printed after the suite's, lane by lane. The exit code is the first non-zero one (suite, then checks,
 * then real-publish). The last line gives the whole time and each step's. For some files only:
 * `pnpm exec vitest run <files>`.
 *
 * vitest 4 would run the `own-lane` project (one isolated file at a time) after the `suite` project in
 * one `vitest run`, so each lane calls vitest itself.
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
