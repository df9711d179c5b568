import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { checkLaneOrder } from '../../scripts/test/lanes.ts';
import { pnpmTestLanes } from '../../scripts/test/pnpm-test-lanes.ts';

const vitest = (args: string[]) => ({ command: 'vitest', args });
const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the lanes of pnpm test', () => {
  it('run the lint step by step, then the checks and the suite; the own lane waits for what it uses', () => {
    const { checksAndSuite, ownLane } = pnpmTestLanes(scripts, vitest);
    expect(checksAndSuite.steps.map((step) => step.name)).toEqual([
      'build',
      'lint:specs',
      'lint:code',
      'check:generated',
      'check:packages',
      'suite',
    ]);
    // The real-publish test imports the built mock server; the bench test runs the checked packages.
    expect(ownLane.steps.map((step) => [step.name, step.after])).toEqual([
      ['real-publish', 'build'],
      ['bench', 'check:packages'],
    ]);
    expect(() => checkLaneOrder(checksAndSuite, ownLane)).not.toThrow();
  });

  it('follow the lint script, and refuse one that is not a chain of pnpm run steps or does not build', () => {
    const steps = (lint: string) =>
      pnpmTestLanes({ ...scripts, lint }, vitest).checksAndSuite.steps.map((step) => step.name);
    expect(steps('pnpm run build && pnpm run lint:code')).toEqual([
      'build',
      'lint:code',
      'check:generated',
      'check:packages',
      'suite',
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
