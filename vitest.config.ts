import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The real-publish test spends its minute waiting on other processes (a clean clone, a local registry,
 * `pnpm publish` and installs from it) and shares no file with the rest of the suite, so it runs in a lane
 * of its own beside the suite. The suite itself stays one file at a time: several of its files build,
 * lint or render from the same working tree, and vitest's default (cores - 1) is one worker here anyway.
 */
const ownLane = ['tests/release/real-publish.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
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
        },
      },
    ],
  },
});
