import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.ts';

const run = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function script(path: string, ...args: string[]): Promise<Outcome> {
  // `node --import tsx`, one process: the tsx bin would start a second Node to run the script in.
  return run(process.execPath, ['--import', 'tsx', path, ...args], {
    cwd: fromRoot(),
    env: { ...process.env, NO_COLOR: '1' },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

// Every entry point of scripts/ reads its arguments with parseArgs: --help prints the usage and does
// nothing else; an unknown option is refused with exit 2 before any work starts.
const entryPoints = [
  'scripts/bundle.ts',
  'scripts/check-packages.ts',
  'scripts/lint-specs.ts',
  'scripts/generate/generate-clients.ts',
  'scripts/docs/build-docs.ts',
  'scripts/release/release.ts',
  'scripts/build/prepare.ts',
  'scripts/test/pnpm-test.ts',
];

describe.concurrent('repository scripts', () => {
  it.each(entryPoints)('%s answers --help with its usage and exit 0', async (path) => {
    const outcome = await script(path, '--help');
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toMatch(/^usage: /i);
  });
  it.each(entryPoints)('%s refuses an unknown option with exit 2 and its usage', async (path) => {
    const outcome = await script(path, '--no-such-option');
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("Unknown option '--no-such-option'");
    expect(outcome.stderr).toMatch(/usage: /i);
    expect(outcome.stdout).toBe('');
  });
});
