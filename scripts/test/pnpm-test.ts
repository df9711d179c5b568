/**
 * `pnpm test` after its browser check: every check of the repository in two lanes at once.
 *
 *   tsx scripts/test/pnpm-test.ts
 *
 * - checks and suite (output streamed): the steps of `pnpm run lint` one by one (build, spec lint, Biome
 *   and tsc), `pnpm run check:generated`, `pnpm run check:packages`, then the vitest project `suite`.
 * - own lane (output kept, printed after): the real-publish test once the build is done, then the bench
 *   test once the checks have passed (scripts/test/pnpm-test-lanes.ts says why).
 *
 * Each lane stops at its first failure; a real-publish test already running still ends and is reported
 * when a later check fails. The exit code is the first non-zero one (checks and suite first). The last
 * line gives the whole time and each step's. For some files only: `pnpm exec vitest run <files>`.
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

const usage = `Usage: tsx scripts/test/pnpm-test.ts
Runs every check of \`pnpm test\` in two lanes at once: the steps of lint, check:generated, check:packages
and the vitest project "suite" (output streamed); the real-publish test once the build is done, then the
bench test once the checks have passed (output printed after).
For some files only: pnpm exec vitest run <files>.`;

acceptNoArguments(usage);

// The bin as vitest's package.json names it (the file itself is not among its exports).
const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const { bin } = JSON.parse(readFileSync(vitestPackage, 'utf8')) as { bin: { vitest: string } };
const vitest = join(dirname(vitestPackage), bin.vitest);

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const { checksAndSuite, ownLane } = pnpmTestLanes(manifest.scripts, (args) => ({
  command: process.execPath,
  args: [vitest, 'run', ...args],
  shown: `vitest run ${args.join(' ')}`,
}));

const started = performance.now();
const outcome = await runLanes(checksAndSuite, ownLane);
const steps = outcome.steps.map((step) => ({
  title:
    step.result === 0
      ? step.step
      : `${step.step} (${step.result === 'skipped' ? 'skipped' : `exit ${step.result}`})`,
  ms: step.ms,
}));
console.log(`\n${formatStepTimes('pnpm test', steps, performance.now() - started)}`);
process.exitCode = outcome.code;
