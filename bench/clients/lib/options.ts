// Command-line options of bench/clients/overhead.ts (node:util parseArgs).
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import type { LoopOptions } from './measure.ts';

export const SCRIPT = 'bench/clients/overhead.ts';
export const USAGE = `usage: pnpm exec tsx ${SCRIPT} [--runs 5] [--iterations 2000] [--cpu] [--tiny] [--json FILE] [--help]`;

const HELP = `${USAGE}

Per-call overhead of each typed client against a raw fetch (and openapi-fetch alone, and bandwidth-sdk
where installed) on a loopback server, and the bundle size of an app calling one method.

  --runs N         paired rounds (1-50, default 5; 1 with --tiny)
  --iterations N   sequential calls of each variant per round (1-1000000, default 2000; 5 with --tiny)
  --cpu            time by the process's CPU time instead of the elapsed time (steadier on a busy machine)
  --tiny           every code path in a few seconds (for the tests)
  --json FILE      also write the section that pnpm bench merges into bench/RESULTS.md
  --help           this text

Run \`pnpm build\` first: the bundle sizes measure packages/*/dist.`;

export interface BenchOptions {
  tiny: boolean;
  rounds: number;
  iterations: number;
  warmup: number;
  jsonFile: string | undefined;
  clock: 'cpu' | 'wall';
  loop: LoopOptions;
  /** The command line shown in the section (the options that shape the figures). */
  command: string;
}

function fail(message: string): never {
  console.error(`${SCRIPT}: ${message}\n${USAGE}`);
  process.exit(2);
}

function integer(name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    fail(`--${name} must be an integer from 1 to ${max}, got ${text}.`);
  }
  return value;
}

/** The options of `argv` (without node and the script); exits 2 with the usage on a wrong one. */
export function readOptions(argv: readonly string[] = process.argv.slice(2)): BenchOptions {
  let values: {
    runs?: string;
    iterations?: string;
    cpu?: boolean;
    tiny?: boolean;
    json?: string;
    help?: boolean;
  };
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        runs: { type: 'string' },
        iterations: { type: 'string' },
        cpu: { type: 'boolean' },
        tiny: { type: 'boolean' },
        json: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help === true) {
    console.log(HELP);
    process.exit(0);
  }
  const tiny = values.tiny === true;
  const rounds = integer('runs', values.runs, tiny ? 1 : 5, 50);
  const iterations = integer('iterations', values.iterations, tiny ? 5 : 2000, 1_000_000);
  const warmup = tiny ? 2 : 200;
  const jsonFile = values.json;
  if (jsonFile === '') fail('--json needs a file name.');
  if (jsonFile !== undefined && !existsSync(dirname(jsonFile))) {
    fail(`--json ${jsonFile}: the directory ${dirname(jsonFile)} does not exist.`);
  }
  const clock = values.cpu === true ? 'cpu' : 'wall';
  const command = [
    `pnpm exec tsx ${SCRIPT}`,
    ...(tiny ? ['--tiny'] : []),
    ...(values.runs !== undefined || !tiny ? [`--runs ${rounds}`] : []),
    ...(values.iterations !== undefined || !tiny ? [`--iterations ${iterations}`] : []),
    ...(clock === 'cpu' ? ['--cpu'] : []),
  ].join(' ');
  return {
    tiny,
    rounds,
    iterations,
    warmup,
    jsonFile,
    clock,
    loop: { iterations, rounds, warmup, clock },
    command,
  };
}
