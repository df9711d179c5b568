import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeFailure, runBounded } from '../../scripts/lib/bounded.ts';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { commands, main } from '../../scripts/run.ts';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** A bound far above what any of these commands takes on a busy machine: only a hang reaches it. */
const boundMs = 300_000;
const testMs = boundMs + 30_000;

/** Runs a command with the bound; past it, fails saying "timed out after N s" with the command and output. */
async function bounded(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Outcome> {
  const options = { cwd: fromRoot(), env, timeoutMs: boundMs };
  const ran = await runBounded(command, args, options);
  if (ran.timedOut || ran.code === null) throw new Error(describeFailure(command, args, ran, options));
  return { code: ran.code, stdout: ran.stdout, stderr: ran.stderr };
}

async function script(path: string, ...args: string[]): Promise<Outcome> {
  // `node --import tsx`, one process: the tsx bin would start a second Node to run the script in.
  return bounded(process.execPath, ['--import', 'tsx', path, ...args], { ...process.env, NO_COLOR: '1' });
}

// Every entry point of scripts/ reads its arguments with parseArgs: --help prints the usage and does
// nothing else (tested with the root scripts' programs below); an unknown option is refused with exit 2
// before any work starts.
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

describe.concurrent('repository scripts', { timeout: testMs }, () => {
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
  const outcome = await bounded('pnpm', ['-s', name, ...args], { ...process.env, NO_COLOR: '1', ...env });
  return { ...outcome, ms: Date.now() - started };
}

/** scripts/run.ts's `main`, in this process, its console output kept. */
async function runTs(args: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
    stdout += `${parts.join(' ')}\n`;
  });
  const error = vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => {
    stderr += `${parts.join(' ')}\n`;
  });
  try {
    return { code: await main(args), stdout, stderr };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const manifest = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const gitStatus = () =>
  execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: fromRoot(),
    encoding: 'utf8',
  });

// A root script is one command, to which pnpm appends its arguments: scripts/run.ts with the command's
// name, or one TypeScript file. So `pnpm <script> --help` is that command's --help, tested here without
// pnpm (one script goes through pnpm below).
const RUN_TS = /^(?:exec )?node --import tsx scripts\/run\.ts ([\w:-]+)$/;
const TS_FILE = /^(?:tsx|node --import tsx) ([\w/.-]+\.ts)$/;
const viaRunTs = Object.entries(manifest.scripts).flatMap(([script, line]) => {
  const name = RUN_TS.exec(line)?.[1];
  return name === undefined ? [] : [{ script, name }];
});
/** Every program a root script's --help reaches: a script file, or what run.ts asks for the usage. */
const helpPrograms = [
  ...new Set([
    ...Object.values(manifest.scripts).flatMap((line) => {
      const file = TS_FILE.exec(line)?.[1];
      return file === undefined ? [] : [JSON.stringify(tsx(file))];
    }),
    ...viaRunTs.flatMap(({ name }) => {
      const program = commands[name]?.helpFrom?.program;
      return program === undefined ? [] : [JSON.stringify(program)];
    }),
    ...entryPoints.map((file) => JSON.stringify(tsx(file))),
  ]),
].map((text) => JSON.parse(text) as string[]);

function tsx(file: string): string[] {
  return [process.execPath, '--import', 'tsx', file];
}

/** The usage, not the start of a run: no linter, build, test or bench output. */
const RUN_OUTPUT = /Checked \d+ files|\d+ errors?, \d+ warnings?|\[bench\]|RUN\s+v\d/;

// `pnpm <script> --help` prints that command's usage and does nothing else: no lint, no build, no file
// written (pnpm appends the arguments to a script's last command, so a chain used to run in full and
// hand --help to tsc).
describe('every root script', { timeout: testMs }, () => {
  let before: string;
  beforeAll(() => {
    before = gitStatus();
  });
  afterAll(() => {
    expect(gitStatus()).toBe(before);
  });
  it('is one command: scripts/run.ts with a command it has, or one TypeScript file', () => {
    for (const [script, line] of Object.entries(manifest.scripts)) {
      const name = RUN_TS.exec(line)?.[1];
      if (name !== undefined) expect(commands[name], script).toBeDefined();
      else expect(line, script).toMatch(TS_FILE);
    }
  });
  it('pnpm lint --help (through pnpm and scripts/run.ts) prints its usage and exits 0', async () => {
    const outcome = await pnpmScript('lint', ['--help']);
    expect(outcome.code, outcome.stderr).toBe(0);
    expect(outcome.stdout).toContain('Usage: pnpm lint');
    expect(outcome.stdout + outcome.stderr).not.toMatch(RUN_OUTPUT);
  });
  it.each(viaRunTs.filter(({ name }) => commands[name]?.helpFrom === undefined))(
    'pnpm $script --help: scripts/run.ts prints its usage and exits 0',
    async ({ name }) => {
      const outcome = await runTs([name, '--help']);
      expect(outcome.code, outcome.stderr).toBe(0);
      expect(outcome.stdout).toMatch(/^usage: /i);
    },
  );
  it.concurrent.each(helpPrograms.map((program) => [program.at(-1) ?? '', program] as const))(
    '%s --help prints its usage and exits 0',
    async (_shown, program) => {
      const [command = '', ...args] = program;
      const outcome = await bounded(command, [...args, '--help'], { ...process.env, NO_COLOR: '1' });
      expect(outcome.code, outcome.stderr).toBe(0);
      // Our scripts open with it; the changesets CLI (pnpm changeset passes its arguments on) has its own.
      expect(outcome.stdout).toMatch(args.at(-1) === 'scripts/changeset.ts' ? /usage/i : /^usage: /i);
      expect(outcome.stdout + outcome.stderr).not.toMatch(RUN_OUTPUT);
    },
    testMs,
  );
  it('pnpm lint refuses an unknown option with exit 2 and a suggestion, before any step', async () => {
    const outcome = await pnpmScript('lint', ['--hlep']);
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("Unknown option '--hlep' (did you mean --help?)");
    expect(outcome.stderr).toContain('Usage: pnpm lint');
  });
  it.each(['lint:code', 'build', 'format'])(
    'pnpm %s refuses an unknown option with exit 2 and a suggestion, before any step',
    async (name) => {
      const outcome = await runTs([name, '--hlep']);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain("Unknown option '--hlep' (did you mean --help?)");
      expect(outcome.stderr).toContain(`Usage: pnpm ${name}`);
    },
  );
});

describe('did you mean', { timeout: testMs }, () => {
  it.concurrent('lint:specs suggests the service meant and lists them all', async () => {
    const outcome = await script('scripts/lint-specs.ts', 'vioce');
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain('Unknown service "vioce" (did you mean voice?).');
    expect(outcome.stderr).toMatch(/The services \(redocly\.yaml\): agents, .*voice/);
  });
  it.concurrent('lint:specs and bench suggest the option meant', async () => {
    const lint = await script('scripts/lint-specs.ts', '--fromat', 'github');
    expect(lint.code).toBe(2);
    expect(lint.stderr).toContain("Unknown option '--fromat' (did you mean --format?)");
    const bench = await script('bench/run.ts', '--tiyn');
    expect(bench.code).toBe(2);
    expect(bench.stderr).toContain("Unknown option '--tiyn' (did you mean --tiny?)");
    const sections = await script('bench/run.ts', '--only', 'mokcs');
    expect(sections.stderr).toContain('mokcs (did you mean mocks?)');
  });
  it.concurrent('pnpm start checks the mock options once built, before the lint and the bundle', async () => {
    const outcome = await script('scripts/run.ts', 'start', '--onyl', 'voice');
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("Unknown option '--onyl' (did you mean --only?)");
    expect(outcome.stdout).not.toMatch(/\d+ errors?, \d+ warnings?|dist\/specs/);
  });
  it.concurrent('the mocks suggest the option meant', async () => {
    const outcome = await script('packages/mock-server/bin/svc-mocks.js', '--onyl', 'voice');
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).toContain("Unknown option '--onyl' (did you mean --only?)");
  });
});

/**
 * `pnpm mock` until a stop: Ctrl-C in a terminal signals the whole process group (pnpm, this repository's
 * runner, the mocks); a supervisor's SIGTERM reaches pnpm alone. Either way: exit 0, no pnpm ELIFECYCLE.
 */
async function stopMocks(
  signal: 'SIGINT' | 'SIGTERM',
  group: boolean,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('pnpm', ['run', 'mock', '--only', 'token', '--port', 'token=0', '--quiet'], {
    cwd: fromRoot(),
    env: { ...process.env, NO_COLOR: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  while (!output.includes('ready in') && child.exitCode === null && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const pid = child.pid ?? 0;
  process.kill(group ? -pid : pid, signal);
  const killer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(killer);
  return { code, output };
}

describe('a requested stop', { timeout: testMs }, () => {
  it('Ctrl-C on pnpm mock (the whole process group) exits 0 with no ELIFECYCLE', async () => {
    const { code, output } = await stopMocks('SIGINT', true);
    expect(output).toContain('ready in');
    expect(output).toContain('SIGINT: stopping all mocks');
    expect(output).not.toContain('ELIFECYCLE');
    expect(code).toBe(0);
  }, 120_000);
  it('SIGTERM to pnpm alone exits 0 as well', async () => {
    const { code, output } = await stopMocks('SIGTERM', false);
    expect(output).toContain('SIGTERM: stopping all mocks');
    expect(output).not.toContain('ELIFECYCLE');
    expect(code).toBe(0);
  }, 120_000);
});
