// One way to run a child process with a bound: the scripts' test lanes and the tests that start tools in
// processes of their own use it, so a child that outlives its bound always says so the same way.
import { spawn } from 'node:child_process';

export interface BoundedOptions {
  /** The bound: generous (the machine may be busy), never a measure of speed. */
  timeoutMs: number;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Passes the output through to this terminal instead of keeping it (nothing is then quoted). */
  inherit?: boolean;
  /** Called with each piece of output as it comes (stdout and stderr), besides keeping it. */
  onOutput?: (text: string) => void;
}

export interface BoundedRun {
  /** The exit code; `null` when a signal ended the child, it did not start, or it timed out. */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** stdout and stderr as they came (empty with `inherit`), and why the command could not start. */
  output: string;
  stdout: string;
  stderr: string;
}

/** How long a grace the child gets between SIGTERM and SIGKILL once its bound is over. */
const graceMs = 10_000;

/** Runs a command to its end; past `timeoutMs` it is sent SIGTERM, then SIGKILL, and `timedOut` is set. */
export function runBounded(
  command: string,
  args: readonly string[],
  options: BoundedOptions,
): Promise<BoundedRun> {
  return new Promise((resolveRun) => {
    const child = spawn(command, [...args], {
      cwd: options.cwd,
      env: options.env,
      stdio: options.inherit ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const streams = { stdout: '', stderr: '' };
    let timedOut = false;
    const collect =
      (stream: 'stdout' | 'stderr') =>
      (chunk: Buffer): void => {
        const text = chunk.toString();
        output += text;
        streams[stream] += text;
        options.onOutput?.(text);
      };
    child.stdout?.on('data', collect('stdout'));
    child.stderr?.on('data', collect('stderr'));
    let kill: NodeJS.Timeout | undefined;
    const bound = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    }, options.timeoutMs);
    const end = (code: number | null, signal: NodeJS.Signals | null): void => {
      clearTimeout(bound);
      clearTimeout(kill);
      resolveRun({ code: timedOut ? null : code, signal, timedOut, output, ...streams });
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      streams.stderr += `${error.message}\n`;
      options.onOutput?.(`${error.message}\n`);
      end(null, null);
    });
    child.once('close', end);
  });
}

/** The last `count` lines of a text, for a failure message. */
export function lastLines(text: string, count = 30): string {
  return text.trimEnd().split('\n').slice(-count).join('\n');
}

/**
 * What went wrong, in one message: "timed out after N s" or the exit, the command as typed, where it ran,
 * and the last lines of its output.
 */
export function describeFailure(
  command: string,
  args: readonly string[],
  run: BoundedRun,
  options: Pick<BoundedOptions, 'timeoutMs' | 'cwd'>,
): string {
  const what = run.timedOut
    ? `timed out after ${Math.round(options.timeoutMs / 1000)} s`
    : run.code === null
      ? run.signal === null
        ? 'could not start'
        : `was ended by ${run.signal}`
      : `exited ${run.code}`;
  const where = options.cwd === undefined ? '' : ` (in ${options.cwd})`;
  const tail = lastLines(run.output);
  return `${[command, ...args].join(' ')}${where} ${what}${tail ? `; its last lines:\n${tail}` : ''}`;
}
