import type { Lane, Step } from './lanes.ts';

/** How a vitest run is started: the command for the given `vitest run` arguments. */
export type VitestCommand = (args: string[]) => Pick<Step, 'command' | 'args' | 'shown'>;

const LINT_STEP = /^pnpm run ([\w:-]+)$/;

/**
 * The lanes of `pnpm test`, from the root package.json scripts. The lint runs as its own steps (the
 * `pnpm run` chain of the `lint` script), so that the real-publish test can start right after the build:
 * it clones the committed HEAD and builds, checks and publishes that in processes of its own, but the
 * test itself imports the built mock server of this working tree. It then runs beside the spec lint,
 * Biome, tsc and the checks, which run one command at a time. The bench test runs the built packages
 * and the figures' scripts: it waits for every check to pass.
 */
export function pnpmTestLanes(
  scripts: Readonly<Record<string, string>>,
  vitest: VitestCommand,
): { checksAndSuite: Lane; ownLane: Lane } {
  const lint = scripts.lint;
  if (lint === undefined) throw new Error('package.json has no "lint" script');
  const lintSteps = lint.split(' && ').map((part) => {
    const name = LINT_STEP.exec(part.trim())?.[1];
    if (name === undefined || scripts[name] === undefined) {
      throw new Error(`package.json "lint" must be a chain of \`pnpm run <script>\`; "${part}" is not`);
    }
    return name;
  });
  if (!lintSteps.includes('build')) throw new Error('package.json "lint" does not run "build"');
  const script = (name: string): Step => ({ name, command: 'pnpm', args: ['run', name] });
  const vitestStep = (name: string, args: string[], after?: string): Step => ({
    name,
    ...vitest(args),
    ...(after === undefined ? {} : { after }),
  });
  return {
    checksAndSuite: {
      name: 'checks and suite',
      steps: [
        ...lintSteps.map(script),
        script('check:generated'),
        script('check:packages'),
        vitestStep('suite', ['--project', 'suite']),
      ],
    },
    ownLane: {
      name: 'own lane',
      steps: [
        vitestStep('real-publish', ['--project', 'own-lane', 'tests/release/real-publish.test.ts'], 'build'),
        vitestStep('bench', ['--project', 'own-lane', 'tests/bench/run.test.ts'], 'check:packages'),
      ],
    },
  };
}
