import { configDefaults, defineConfig } from 'vitest/config';

/**
 * These files spend their time in processes of their own and share no file with the rest of the suite: the
 * real-publish test (a clean clone, a local registry, `pnpm publish` and installs from it; about two
 * minutes), the bench test (`pnpm bench --tiny`: every benchmark script on its smallest input, each in its
 * own process, on ephemeral ports, writing only to temporary folders; about a minute), the docs site test
 * (the site built into a temporary folder and visited in headless Chromium; about 20 s), and three tests of
 * command-line tools (`pnpm lint:specs` on fixtures, the mocks' published bin, `pnpm dev` on a copy of the specs; about 40 s together; the
 * arguments of every repository script, about 10 s). They run in lanes of their own beside the suite: the
 * real-publish test after the build, then the docs site test, then the first two CLI tests; the bench test
 * after the checks, then the arguments test (scripts/test/pnpm-test-lanes.ts). The
 * suite itself stays one file at a time: several of its files build, lint or render from the same working
 * tree, and vitest's default (cores - 1) is one worker here anyway. Its files share one process
 * (`isolate: false`): a fresh process per file imported the same packages 105 times over, about a minute
 * of the run. No test file mocks modules; the ones that fake timers, set environment variables or stub
 * globals restore them in the same file. tests/scripts/pnpm-test-lanes.test.ts holds every file of
 * `ownLane` to a step of those lanes.
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
          maxWorkers: 1,
          isolate: false,
        },
      },
    ],
  },
});
