/**
 * The last step of `pnpm test`: the two vitest projects of vitest.config.ts in two processes at once.
 *
 *   tsx scripts/test/vitest-lanes.ts
 *
 * Why two processes: vitest 4 puts the files of a project that runs one isolated file at a time (the
 * `own-lane` project: maxWorkers 1) in a group of their own, and runs its groups one after the other,
 * after the `suite` group. So in one `vitest run` the real-publish and bench tests, which spend their
 * time in processes of their own, waited for the whole suite: about 100 s of the run on top of it.
 *
 * The suite's output streams as it comes; the lane's is kept and printed after it, so that the two never
 * interleave (a line says the lane is still running when the suite ends first). The exit code is the
 * first non-zero of the two. To run some files, call vitest itself: `pnpm exec vitest run <files>`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { acceptNoArguments } from '../lib/no-arguments.ts';
import { type Lane, runLanes } from './lanes.ts';

const usage = `Usage: tsx scripts/test/vitest-lanes.ts
Runs the vitest projects "suite" and "own-lane" (vitest.config.ts) in two processes at once: the suite's
output as it comes, the lane's after it. For some files only: pnpm exec vitest run <files>.`;

acceptNoArguments(usage);

// The bin as vitest's package.json names it (the file itself is not among its exports).
const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json');
const { bin } = JSON.parse(readFileSync(vitestPackage, 'utf8')) as { bin: { vitest: string } };
const vitest = join(dirname(vitestPackage), bin.vitest);
const lane = (project: string): Lane => ({
  name: project,
  command: process.execPath,
  args: [vitest, 'run', '--project', project],
});
process.exitCode = await runLanes(lane('suite'), lane('own-lane'));
