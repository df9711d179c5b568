/**
 * `pnpm test` after its browser check: every check of the repository in two lanes at once.
 *
 *   tsx scripts/test/pnpm-test.ts
 *
 * - checks and suite (output streamed): `pnpm run lint` (build, spec lint, Biome, tsc),
 *   `pnpm run check:generated`, `pnpm run check:packages`, then the vitest project `suite`.
 * - own lane (output kept, printed after): the real-publish test, then the bench test.
 *
 * Why this order: the real-publish test clones the committed HEAD and builds, checks and publishes it in
 * processes of its own; it needs nothing of this working tree, so it starts at once and uses the second
 * core while the checks run one command at a time. The bench test runs the built packages: it starts
 * once the checks have passed. Each lane stops at its first failure; the real-publish test still ends
 * and is reported when the checks fail. The exit code is the first non-zero one (checks and suite
 * first). The last line gives the whole time and each step's. For some files only: `pnpm exec vitest
 * run <files>`.
 *
 * vitest 4 would run the `own-lane` project (one isolated file at a time) after the `suite` project in
 * one `vitest run`, so each lane calls vitest itself.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { acceptNoArguments } from '../lib/no-arguments.ts';
import { formatStepTimes } from '../lib/step-times.ts';
import { type Lane, runLanes, type Step } from './lanes.ts';

const usage = `Usage: tsx scripts/test/pnpm-test.ts
Runs every check of \`pnpm test\` in two lanes at once: lint, check:generated, check:packages and the vitest
project "suite" (output streamed); the real-publish test, then the bench test once the checks have passed
(output printed after). For some files only: pnpm exec vitest run <files>.`;

acceptNoArguments(usage);

// The bin as vitest's package.json names it (the file itself is not among its exports).
const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const { bin } = JSON.parse(readFileSync(vitestPackage, 'utf8')) as { bin: { vitest: string } };
const vitest = join(dirname(vitestPackage), bin.vitest);

const script = (name: string): Step => ({ name, command: 'pnpm', args: ['run', name] });
const vitestRun = (name: string, args: string[], after?: string): Step => ({
  name,
  command: process.execPath,
  args: [vitest, 'run', ...args],
  shown: `vitest run ${args.join(' ')}`,
  ...(after === undefined ? {} : { after }),
});

const checksAndSuite: Lane = {
  name: 'checks and suite',
  steps: [
    script('lint'),
    script('check:generated'),
    script('check:packages'),
    vitestRun('suite', ['--project', 'suite']),
  ],
};
const ownLane: Lane = {
  name: 'own lane',
  steps: [
    vitestRun('real-publish', ['--project', 'own-lane', 'tests/release/real-publish.test.ts']),
    vitestRun('bench', ['--project', 'own-lane', 'tests/bench/run.test.ts'], 'check:packages'),
  ],
};

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
