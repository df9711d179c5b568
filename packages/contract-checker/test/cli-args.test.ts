import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/cli-main.js';

async function run(argv: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const output = {
    stdout: () => undefined,
    stderr: (text: string) => {
      stderr += text;
    },
  };
  const code = await runCli(argv, output);
  return { code, stderr };
}

describe('contract-check arguments', () => {
  it('suggests the option meant for a mistyped one, and exits 2 before reading anything', async () => {
    const typo = await run(['recordings.har', '--coverge']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^Unknown option '--coverge' \(did you mean --coverage\?\)\n\nUsage:/);
    const far = await run(['recordings.har', '--zzzzzz']);
    expect(far.code).toBe(2);
    expect(far.stderr).toMatch(/^Unknown option '--zzzzzz'\n/);
  });
});
