import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The real-publish test spends its minute waiting on other processes (a clean clone, a local registry,
 * `pnpm publish` and installs from it) and shares no file with the rest of the suite, so it runs in a lane
 * of its own beside the suite. The suite itself stays one file at a time: several of its files build,
 * lint or render from the same working tree, and vitest's default (cores - 1) is one worker here anyway.
 * Its files share one process (`isolate: false`): a fresh process per file imported the same packages
 * 105 times over, about a minute of the run. No test file mocks modules; the ones that fake timers, set
 * environment variables or stub globals restore them in the same file.
 */
const ownLane = ['tests/release/real-publish.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // With files sharing a process, a stubbed global or environment variable never outlives its test.
    unstubGlobals: true,
    unstubEnvs: true,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'release', include: ownLane, maxWorkers: 1 },
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
