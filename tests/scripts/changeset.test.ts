import { describe, expect, it } from 'vitest';
import { noTerminalHint, wouldPrompt } from '../../scripts/changeset.ts';
import { runBounded } from '../../scripts/lib/bounded.ts';
import { repoRoot } from '../../scripts/lib/paths.ts';

describe('pnpm changeset', () => {
  it('knows which arguments would prompt', () => {
    expect(wouldPrompt([])).toBe(true);
    expect(wouldPrompt(['add'])).toBe(true);
    expect(wouldPrompt(['--open'])).toBe(true);
    expect(wouldPrompt(['add', '--empty'])).toBe(false);
    expect(wouldPrompt(['version'])).toBe(false);
    expect(wouldPrompt(['status', '--since', 'main'])).toBe(false);
    expect(wouldPrompt(['--help'])).toBe(false);
  });

  it('without a terminal, says how to write a changeset and exits 2 instead of prompting and exiting 0', async () => {
    const run = await runBounded(process.execPath, ['--import', 'tsx', 'scripts/changeset.ts'], {
      cwd: repoRoot,
      timeoutMs: 120_000,
    });
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(noTerminalHint);
  });
});
