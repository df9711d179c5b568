import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface Ran extends Outcome {
  ms: number;
}

/** `pnpm -s <script> <args>` from the root, without colour unless `env` asks for it. */
async function pnpmScript(name: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ran> {
  const started = Date.now();
  const outcome = await run('pnpm', ['-s', name, ...args], {
    cwd: fromRoot(),
    env: { ...process.env, NO_COLOR: '1', ...env },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
  return { ...outcome, ms: Date.now() - started };
}

const manifest = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const gitStatus = () =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: fromRoot(),
    encoding: 'utf8',
  });

// `pnpm <script> --help` prints that command's usage and does nothing else: no lint, no build, no file
// written (pnpm appends the arguments to a script's last command, so a chain used to run in full and
// hand --help to tsc).
describe('every root script', () => {
  let before: string;
  beforeAll(() => {
    before = gitStatus();
  });
  afterAll(() => {
    expect(gitStatus()).toBe(before);
  });
  it.concurrent.each(Object.keys(manifest.scripts))(
    'pnpm %s --help prints its usage and exits 0, quickly',
    async (name) => {
      const outcome = await pnpmScript(name, ['--help']);
      expect(outcome.code, outcome.stderr).toBe(0);
      expect(outcome.stdout).toMatch(/usage/i);
      // The usage, not the start of a run: no linter, build, test or bench output.
      expect(outcome.stdout + outcome.stderr).not.toMatch(/Checked \d+ files|error\(s\)|\[bench\]|RUN\s+v\d/);
    },
    60_000,
  );
  it.concurrent.each(['lint', 'lint:code', 'build', 'format'])(
    'pnpm %s refuses an unknown option with exit 2 and a suggestion, before any step',
    async (name) => {
      const outcome = await pnpmScript(name, ['--hlep']);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain("Unknown option '--hlep' (did you mean --help?)");
      expect(outcome.stderr).toContain(`Usage: pnpm ${name}`);
    },
    60_000,
  );
});

describe('did you mean', () => {
  it.concurrent('lint:specs suggests the service meant and lists them all', async () => {
    const outcome = await pnpmScript('lint:specs', ['vioce']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('Unknown service "vioce" (did you mean voice?).');
    expect(outcome.stderr).toMatch(/The services \(redocly\.yaml\): agents, .*voice/);
  });
  it.concurrent('lint:specs and bench suggest the option meant', async () => {
    const lint = await pnpmScript('lint:specs', ['--fromat', 'github']);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toContain("Unknown option '--fromat' (did you mean --format?)");
    const bench = await pnpmScript('bench', ['--tiyn']);
    expect(bench.code).toBe(2);
    expect(bench.stderr).toContain("Unknown option '--tiyn' (did you mean --tiny?)");
    const sections = await pnpmScript('bench', ['--only', 'mokcs']);
    expect(sections.stderr).toContain('mokcs (did you mean mocks?)');
  });
  it.concurrent('the mocks suggest the option meant', async () => {
    const outcome = await script('packages/mock-server/bin/svc-mocks.js', '--onyl', 'voice');
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("Unknown option '--onyl' (did you mean --only?)");
  });
});
