import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { checkLaneOrder } from '../../scripts/test/lanes.ts';
import { pnpmTestLanes } from '../../scripts/test/pnpm-test-lanes.ts';
import { ownLane } from '../../vitest.config.ts';

const vitest = (args: string[]) => ({ command: 'vitest', args });
const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the lanes of pnpm test', () => {
  it('build then run the suite; the rest of the lint, the checks and the bench test beside it; the real-publish test after the build, then the docs site test, the CLI process tests and the checker worker test', () => {
    const { suite, checks, realPublish } = pnpmTestLanes(scripts, vitest);
    expect(suite.steps.map((step) => [step.name, step.after])).toEqual([
      ['build', undefined],
      ['suite', 'build'],
    ]);
    // The bench test runs the checked packages: it comes after the checks, in their lane. Each step needs
    // the build only, so a failure skips no other step.
    expect(checks.steps.map((step) => [step.name, step.after])).toEqual([
      ['lint:specs', 'build'],
      ['lint:code', 'build'],
      ['check:generated', 'build'],
      ['check:packages', 'build'],
      ['bench', 'build'],
      ['cli-arguments', 'build'],
    ]);
    // Both use this working tree's build: the real-publish test its mock server, the docs site its spec loader.
    expect(realPublish.steps.map((step) => [step.name, step.after])).toEqual([
      ['real-publish', 'build'],
      ['docs-site', 'build'],
      ['cli-processes', 'build'],
    ]);
    // Every file the suite leaves to a lane of its own is run by one: none is left out of `pnpm test`.
    const ownLaneSteps = [...checks.steps, ...realPublish.steps].filter((step) =>
      step.args.includes('own-lane'),
    );
    const files = ownLaneSteps.flatMap((step) => step.args.filter((arg) => arg.endsWith('.test.ts')));
    expect(files.sort()).toEqual([...ownLane].sort());
    expect(() => checkLaneOrder(suite, checks, realPublish)).not.toThrow();
  });

  it('follow the lint script, and refuse one that is not a chain of pnpm run steps or does not build', () => {
    const steps = (lint: string) =>
      pnpmTestLanes({ ...scripts, lint }, vitest).checks.steps.map((step) => step.name);
    expect(steps('pnpm run build && pnpm run lint:code')).toEqual([
      'lint:code',
      'check:generated',
      'check:packages',
      'bench',
      'cli-arguments',
    ]);
    expect(() => steps('pnpm run build && biome check .')).toThrow(
      'package.json "lint" must be a chain of `pnpm run <script>`; "biome check ." is not',
    );
    expect(() => steps('pnpm run build && pnpm run nosuch')).toThrow(/"pnpm run nosuch" is not/);
    expect(() => steps('pnpm run lint:code')).toThrow('package.json "lint" does not run "build"');
    const { lint: _lint, ...withoutLint } = scripts;
    expect(() => pnpmTestLanes(withoutLint, vitest)).toThrow('package.json has no "lint" script');
  });
});
