import { describe, expect, it } from 'vitest';
import { describeFailure, runBounded } from '../../scripts/lib/bounded.ts';

describe('a bounded child process', () => {
  it('past its bound is stopped, and the failure says "timed out after N s" with the command and its last lines', async () => {
    // The child never ends: whatever the machine's speed, only the bound stops it.
    const args = ['-e', 'setInterval(() => {}, 1000)'];
    const options = { timeoutMs: 1000 };
    const run = await runBounded(process.execPath, args, options);
    expect(run).toMatchObject({ timedOut: true, code: null });
    expect(describeFailure('node', args, run, options)).toMatch(/^node -e setInterval.* timed out after 1 s/);
    const lines = Array.from({ length: 40 }, (_, index) => `line ${index + 1}`).join('\n');
    const message = describeFailure('node', ['x.js'], { ...run, output: `${lines}\n` }, options);
    expect(message).toMatch(/^node x\.js timed out after 1 s; its last lines:\nline 11\n[\s\S]*\nline 40$/);
    expect(message).not.toContain('line 10\n');
  });

  it('reports its exit and keeps stdout and stderr; one that cannot start says so', async () => {
    const run = await runBounded(process.execPath, ['-e', "console.error('broke'); process.exit(3)"], {
      timeoutMs: 60_000,
    });
    expect(run).toMatchObject({ code: 3, timedOut: false, output: 'broke\n' });
    expect(describeFailure('node', ['x.js'], run, { timeoutMs: 60_000, cwd: '/w' })).toBe(
      'node x.js (in /w) exited 3; its last lines:\nbroke',
    );
    const missing = await runBounded('/no/such/command', [], { timeoutMs: 60_000 });
    expect(describeFailure('/no/such/command', [], missing, { timeoutMs: 60_000 })).toMatch(
      /^\/no\/such\/command could not start; its last lines:\n.*ENOENT/,
    );
  });
});
