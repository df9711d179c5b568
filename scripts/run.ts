// `pnpm <script>` for the root scripts made of several steps (package.json: `node --import tsx scripts/run.ts
// <name>`). pnpm appends a script's arguments to its last command only, so `pnpm lint --help` used to run the
// whole lint and then print tsc's help: here every command reads its arguments first. `--help` prints its
// usage and runs nothing (a package CLI answers it from its dist/ when built); anything else it does not take
// is refused with exit 2 before any step. The last step of `start` and `mock` runs until Ctrl-C: a requested
// stop (SIGINT/SIGTERM) that the program ends cleanly exits 0, with no pnpm ELIFECYCLE (the scripts `exec`
// this process, so no shell stands between pnpm and it).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { colorsFor, didYouMean, explainArgsError } from './lib/cli-output.ts';
import { lintScripts } from './lib/lint-scripts.ts';
import { repoRoot } from './lib/paths.ts';

type Step = readonly string[];

export interface Command {
  usage: string;
  /** Run in order; the first that fails ends the command with its exit code. */
  steps: Step[];
  /** The last step, given the command's arguments (none when absent: the command takes none). */
  last?: Step;
  /**
   * Checks the arguments of `last` once the first `checkAfter` steps ran (they build what can check them):
   * a mistyped option fails before the slow steps, not after them. Returns the refusal, or undefined.
   */
  checkArgs?: { after: number; check: (args: readonly string[]) => Promise<string | undefined> };
  /** Answers `--help` instead of `usage`: the program the arguments go to (its own usage). */
  helpFrom?: { program: Step; built: string; build: Step[] };
}

const tsx = (script: string): Step => [process.execPath, '--import', 'tsx', script];
const prepare = tsx('scripts/build/prepare.ts');
const tscBin = join('node_modules', 'typescript', 'bin', 'tsc');
const build: Step[] = [prepare, [process.execPath, tscBin, '-b', 'tsconfig.build.json']];

/**
 * A repository script that imports the built packages: they are brought up to date first, so a clone that
 * was only installed runs it too (not a missing dist/index.js). `--help` answers without building.
 */
function builtScript(script: string, what: string, fixed: string[] = []): Command {
  return {
    usage: what,
    steps: build,
    last: [...tsx(script), ...fixed],
    helpFrom: { program: tsx(script), built: script, build: [] },
  };
}

/** A package's CLI: its package (and what it depends on) is built first, then `dist/cli.js` runs. */
function packageCli(dir: string, bin: string, what: string): Command {
  const cli = `packages/${dir}/dist/cli.js`;
  const steps: Step[] = [prepare, [process.execPath, tscBin, '-b', `packages/${dir}/tsconfig.build.json`]];
  return {
    usage: `Usage: pnpm ${bin} [options]\n\n${what}`,
    steps,
    last: [process.execPath, cli],
    helpFrom: { program: [process.execPath, cli], built: cli, build: steps },
  };
}

export const commands: Record<string, Command> = {
  start: {
    usage: `Usage: pnpm start [mock options]

Builds every package, lints the specs, bundles them into dist/specs/ and starts a mock of every service,
until Ctrl-C (exit 0). The options are those of pnpm mock (pnpm mock --help), for example --only voice.`,
    steps: [...build, tsx('scripts/lint-specs.ts'), tsx('scripts/bundle.ts')],
    last: [process.execPath, 'packages/mock-server/dist/cli.js'],
    // The mocks' own parser, once built: `pnpm start --onyl voice` stops before the lint and the bundle.
    checkArgs: {
      after: build.length,
      check: async (args) => {
        const { parseCliArgs, UsageError, usage } = await import('@svc-contracts/mock-server');
        try {
          parseCliArgs(args);
          return undefined;
        } catch (error) {
          if (error instanceof UsageError) return `svc-mocks: ${error.message}\n\n${usage}`;
          throw error;
        }
      },
    },
  },
  dev: {
    usage: 'Usage: pnpm dev [options]\n\nThe mocks, kept in step with the specs as they are saved.',
    steps: build,
    last: tsx('scripts/dev.ts'),
    // Read before the build: a mistyped option is refused at once.
    checkArgs: {
      after: 0,
      check: async (args) => {
        const { DevArgsError, devUsage, parseDevArgs } = await import('./dev/args.ts');
        try {
          parseDevArgs(args);
          return undefined;
        } catch (error) {
          if (error instanceof DevArgsError) return `pnpm dev: ${error.message}\n\n${devUsage}`;
          throw error;
        }
      },
    },
    helpFrom: { program: tsx('scripts/dev.ts'), built: 'scripts/dev.ts', build: [] },
  },
  'lint:specs': builtScript('scripts/lint-specs.ts', 'Lints the specs (Redocly and our Spectral ruleset).'),
  generate: builtScript(
    'scripts/generate/generate-clients.ts',
    "Generates the clients' types from the specs.",
  ),
  'check:generated': builtScript(
    'scripts/generate/generate-clients.ts',
    "Checks the clients' generated types against the specs.",
    ['--check'],
  ),
  build: {
    usage: `Usage: pnpm build

Builds every package into its dist/ (tsc -b tsconfig.build.json, in dependency order, only what changed).`,
    steps: build,
  },
  lint: {
    usage: `Usage: pnpm lint

Builds the packages, lints the specs (pnpm lint:specs) and the code (pnpm lint:code: Biome and tsc).`,
    steps: lintScripts.map((script) => ['pnpm', 'run', script]),
  },
  'lint:code': {
    usage: `Usage: pnpm lint:code

Biome (format and lint rules of biome.json) and the type check of everything (tsc -p tsconfig.json).
pnpm format fixes what Biome can.`,
    steps: [
      [process.execPath, join('node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'check', '.'],
      [process.execPath, tscBin, '-p', 'tsconfig.json', '--noEmit'],
    ],
  },
  format: {
    usage: `Usage: pnpm format

Formats every file and applies Biome's safe fixes (biome check --write .).`,
    steps: [
      [process.execPath, join('node_modules', '@biomejs', 'biome', 'bin', 'biome'), 'check', '--write', '.'],
    ],
  },
  // Takes no arguments: a typo is refused before the browser check (which may run apt-get).
  test: {
    usage: `Usage: pnpm test

Every check CI runs, in three lanes at once; takes no arguments (pnpm test --help says more).
Some files only: pnpm exec vitest run <files>.`,
    steps: [['bash', 'scripts/docs/ensure-chromium.sh'], tsx('scripts/test/pnpm-test.ts')],
    helpFrom: { program: tsx('scripts/test/pnpm-test.ts'), built: 'scripts/test/pnpm-test.ts', build: [] },
  },
  mock: packageCli('mock-server', 'mock', 'Starts the mocks (svc-mocks).'),
  'contract-check': packageCli(
    'contract-checker',
    'contract-check',
    'Checks recorded traffic against the specs.',
  ),
  'contract-record': packageCli('contract-recorder', 'contract-record', 'Records live traffic as HAR.'),
  'spec-diff': packageCli('spec-diff', 'spec-diff', 'The breaking-change gate.'),
};

/** `--help` or `-h` before a `--`. */
export function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

function runStep(step: Step): number {
  const [program = '', ...rest] = step;
  const result = spawnSync(program, rest, { cwd: repoRoot, stdio: 'inherit' });
  if (result.error) {
    console.error(`${step.join(' ')}: ${result.error.message}`);
    return 1;
  }
  return result.status ?? 1;
}

/**
 * The long-running last step. Ctrl-C reaches it from the terminal (the same process group); a signal sent
 * to this process alone (pnpm forwards SIGINT to its script, SIGTERM from a supervisor) is passed on once.
 * The exit code is the program's: 0 after a stop it ended cleanly.
 */
function runLast(step: Step): Promise<number> {
  const [program = '', ...rest] = step;
  const child = spawn(program, rest, { cwd: repoRoot, stdio: 'inherit' });
  const forward = (signal: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`${step.join(' ')}: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      // Ended by the signal itself (it did not handle it): a requested stop, not a failure.
      if (signal === 'SIGINT' || signal === 'SIGTERM') resolve(0);
      else resolve(code ?? 1);
    });
  });
}

export async function main(argv: readonly string[]): Promise<number> {
  const [name = '', ...args] = argv;
  const command = commands[name];
  if (command === undefined) {
    console.error(
      `scripts/run.ts: no command "${name}"${didYouMean(name, Object.keys(commands))}; commands: ${Object.keys(commands).join(', ')}.`,
    );
    return 2;
  }
  if (asksForHelp(args)) {
    const help = command.helpFrom;
    if (help === undefined) {
      console.log(command.usage);
      return 0;
    }
    // Built already (the usual case): the program's own usage, nothing built. Otherwise build it first.
    if (!existsSync(join(repoRoot, help.built)))
      for (const step of help.build) {
        const code = runStep(step);
        if (code !== 0) return code;
      }
    return runStep([...help.program, '--help']);
  }
  if (command.last === undefined) {
    try {
      parseArgs({ args: [...args], options: { help: { type: 'boolean', short: 'h' } } });
    } catch (error) {
      console.error(`${explainArgsError(error, ['help', 'h'])}\n\n${command.usage}`);
      return 2;
    }
  }
  const { style } = colorsFor(process.stderr);
  for (const [index, step] of command.steps.entries()) {
    if (command.checkArgs?.after === index) {
      const refusal = await command.checkArgs.check(args);
      if (refusal !== undefined) {
        console.error(refusal);
        return 2;
      }
    }
    const code = runStep(step);
    if (code !== 0) {
      console.error(style('red', `pnpm ${name}: stopped, ${step.slice(1).join(' ')} failed (exit ${code}).`));
      return code;
    }
  }
  return command.last === undefined ? 0 : runLast([...command.last, ...args]);
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  process.exitCode = await main(process.argv.slice(2));
}
