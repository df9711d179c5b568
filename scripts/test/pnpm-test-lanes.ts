import { lintScript, lintScripts } from '../lib/lint-scripts.ts';
import type { Lane, Step } from './lanes.ts';

/** How a vitest run is started: the command for the given `vitest run` arguments. */
export type VitestCommand = (args: string[]) => Pick<Step, 'command' | 'args' | 'shown'>;

const LINT_STEP = /^pnpm run ([\w:-]+)$/;

/**
 * The lanes of `pnpm test`, from the root package.json scripts, three at once on the two cores: the suite
 * after the build; the rest of the lint and the checks, which only read the tree, then the bench test and
 * the arguments test; the real-publish test (a clone of HEAD, but this tree's built mock server), the docs
 * site test and the CLI process tests. Files leave the suite for the
 * other lanes so that the three end about together. Every step needs the build only, so each reports its
 * own result.
 */
export function pnpmTestLanes(
  scripts: Readonly<Record<string, string>>,
  vitest: VitestCommand,
): { suite: Lane; checks: Lane; realPublish: Lane } {
  // `pnpm lint` is scripts/run.ts (it reads --help first), which runs the chain of lintScripts.
  const lint =
    scripts.lint?.trim() === lintScript
      ? lintScripts.map((name) => `pnpm run ${name}`).join(' && ')
      : scripts.lint;
  if (lint === undefined) throw new Error('package.json has no "lint" script');
  const lintSteps = lint.split(' && ').map((part) => {
    const name = LINT_STEP.exec(part.trim())?.[1];
    if (name === undefined || scripts[name] === undefined) {
      throw new Error(`package.json "lint" must be a chain of \`pnpm run <script>\`; "${part}" is not`);
    }
    return name;
  });
  if (!lintSteps.includes('build')) throw new Error('package.json "lint" does not run "build"');
  const step = (name: string, run: Pick<Step, 'command' | 'args' | 'shown'>, after?: string): Step => ({
    name,
    ...run,
    ...(after === undefined ? {} : { after }),
  });
  const script = (name: string, after?: string): Step =>
    step(name, { command: 'pnpm', args: ['run', name] }, after);
  const vitestStep = (name: string, args: string[], after?: string): Step => step(name, vitest(args), after);
  const checks = [...lintSteps.filter((name) => name !== 'build'), 'check:generated', 'check:packages'];
  return {
    suite: {
      name: 'suite',
      steps: [script('build'), vitestStep('suite', ['--project', 'suite'], 'build')],
    },
    checks: {
      name: 'checks',
      steps: [
        ...checks.map((name) => script(name, 'build')),
        vitestStep('bench', ['--project', 'own-lane', 'tests/bench/run.test.ts'], 'build'),
        vitestStep('cli-arguments', ['--project', 'own-lane', 'tests/scripts/arguments.test.ts'], 'build'),
      ],
    },
    realPublish: {
      name: 'real-publish',
      steps: [
        vitestStep('real-publish', ['--project', 'own-lane', 'tests/release/real-publish.test.ts'], 'build'),
        vitestStep('docs-site', ['--project', 'own-lane', 'tests/docs/site.test.ts'], 'build'),
        vitestStep(
          'cli-processes',
          [
            '--project',
            'own-lane',
            'tests/lint-pipeline.test.ts',
            'packages/mock-server/test/cli-process.test.ts',
            'tests/scripts/dev-process.test.ts',
          ],
          'build',
        ),
      ],
    },
  };
}
