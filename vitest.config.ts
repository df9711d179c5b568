import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The `own-lane` files run in steps of their own beside the suite (scripts/test/pnpm-test-lanes.ts): they
 * spend their time in processes or threads of their own and write only to temporary folders, and the
 * suite is the longest lane. The suite runs two files at a time, each worker a process that keeps its
 * modules from file to file (`isolate: false`: a process per file imported the same packages once per
 * file): its files write only to folders of their own, and those that run a package's dist/
 * bring it up to date with an incremental `tsc -b`, which writes nothing after `pnpm test`'s build. No
 * test file mocks modules; those that fake timers, set environment variables or stub globals restore them.
 * tests/scripts/pnpm-test-lanes.test.ts holds every file of `ownLane` to a step of those lanes.
 */
export const ownLane = [
  'tests/release/real-publish.test.ts',
  'tests/bench/run.test.ts',
  'tests/docs/site.test.ts',
  'tests/lint-pipeline.test.ts',
  'packages/mock-server/test/cli-process.test.ts',
  'tests/scripts/arguments.test.ts',
  'tests/scripts/dev-process.test.ts',
];

export default defineConfig({
  test: {
    // Far above what any test takes on a busy machine: only a hang reaches these.
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // With files sharing a process, a stubbed global or environment variable never outlives its test.
    unstubGlobals: true,
    unstubEnvs: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'own-lane', include: ownLane, maxWorkers: 1 },
      },
      {
        extends: true,
        test: {
          name: 'suite',
          include: ['tests/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'contract-tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ownLane],
          maxWorkers: 2,
          isolate: false,
        },
      },
    ],
  },
});
