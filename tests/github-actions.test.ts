// .github/actions/contract-gate: a composite action other workflows (and ours) run on a pull request.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fromRoot } from '../scripts/lib/paths.ts';

interface ActionStep {
  name?: string;
  uses?: string;
  run?: string;
  shell?: string;
  if?: string;
  env?: Record<string, string>;
}

const action = parse(readFileSync(fromRoot('.github/actions/contract-gate/action.yml'), 'utf8')) as {
  name: string;
  description: string;
  inputs: Record<string, { description: string; default?: string }>;
  runs: { using: string; steps: ActionStep[] };
};
const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

describe('the contract-gate action', () => {
  const runs = action.runs.steps.filter((step) => step.run !== undefined);

  it('is composite, every input described, every run step with its shell', () => {
    expect(action.runs.using).toBe('composite');
    for (const [name, input] of Object.entries(action.inputs)) expect(input.description, name).not.toBe('');
    for (const step of runs) expect(step.shell, step.name).toBe('bash');
  });

  it('lints with annotations, checks the recordings and gates breaking changes, with root scripts', () => {
    const commands = runs.map((step) => step.run ?? '').join('\n');
    expect(commands).toContain('pnpm lint:specs --format github');
    expect(commands).toMatch(/pnpm contract-check --format github \$RECORDINGS/);
    expect(commands).toMatch(/pnpm spec-diff --base "\$base"/);
    for (const [, name] of commands.matchAll(/\bpnpm (?:run )?([a-z][\w:-]*)/g))
      if (name !== 'install') expect(scripts[name ?? ''], name).toBeDefined();
    // Later checks run after an earlier failure: one run shows every problem.
    for (const step of runs.filter(
      (step) => step.name !== 'Install' && step.name !== 'Build' && step.name !== 'Lint the specs',
    ))
      expect(step.if, step.name).toContain('!cancelled()');
  });

  it('puts no input or event text into a script (passed through the environment instead)', () => {
    for (const step of runs) expect(step.run, step.name).not.toMatch(/\$\{\{/);
  });

  it('is what the pull-request workflow runs, on a checkout with the history the gate needs', () => {
    const workflow = parse(readFileSync(fromRoot('.github/workflows/pull-request.yml'), 'utf8')) as {
      jobs: Record<string, { steps: Array<{ uses?: string; with?: Record<string, unknown> }> }>;
    };
    const job = Object.values(workflow.jobs).find((candidate) =>
      candidate.steps.some((step) => step.uses === './.github/actions/contract-gate'),
    );
    expect(job).toBeDefined();
    const checkout = job?.steps.find((step) => step.uses?.startsWith('actions/checkout@'));
    expect(checkout?.with?.['fetch-depth']).toBe(0);
  });
});
