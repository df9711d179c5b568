/**
 * What `pnpm lint` runs, in order: root scripts (`pnpm run <name>`). scripts/run.ts runs them; `pnpm test`
 * runs the build in one lane and the rest beside the suite (scripts/test/pnpm-test-lanes.ts).
 */
export const lintScripts = ['build', 'lint:specs', 'lint:code'] as const;

/** The root `lint` script, which starts scripts/run.ts. */
export const lintScript = 'node --import tsx scripts/run.ts lint';
