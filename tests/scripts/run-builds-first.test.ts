// On a clone that was only installed, the scripts that import built packages build them first instead of
// stopping on a missing packages/*/dist/index.js.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { commands } from '../../scripts/run.ts';

const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('scripts that need the built packages', () => {
  for (const name of ['lint:specs', 'generate', 'check:generated', 'start', 'dev']) {
    it(`pnpm ${name} builds the packages (tsc -b tsconfig.build.json) before it runs`, () => {
      expect(scripts[name]).toMatch(new RegExp(`scripts/run\\.ts ${name}$`));
      const steps = commands[name]?.steps ?? [];
      expect(steps.some((step) => step.includes('-b') && step.includes('tsconfig.build.json'))).toBe(true);
    });
  }
});
