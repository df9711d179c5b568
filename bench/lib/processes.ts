/**
 * The one child-process helper of the bench: a Node process timed with its peak RSS (bench/lib/peak-rss.mjs
 * preloaded), and long-lived children (mocks, servers) with their output kept for messages and their
 * resident memory read from /proc. Every child still running is killed, and every scratch folder removed,
 * when the bench process ends.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../../scripts/lib/paths.ts';

const peakReporter = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));
const peakLine = /\n?BENCH_PEAK_RSS_KB (\d+)\n/;
const live = new Set<ChildProcess>();
const scratch: string[] = [];
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

/** A new temporary folder, removed when the bench process ends. */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

export interface TimedRun {
  seconds: number;
  /** Peak RSS of the process, all threads, in MB; NaN when it died before reporting it. */
  rssMb: number;
  code: number | null;
  /** The exit code is one of the completed run's. */
  ok: boolean;
  /** The last lines of stderr, for a message. */
  tail: string;
}

/** `node <args>` from the repository root, its stdout discarded or written to `stdoutFile`: wall time and peak RSS. */
export function measure(args: string[], okCodes: number[] = [0], stdoutFile?: string): Promise<TimedRun> {
  return new Promise((resolve) => {
    const start = performance.now();
    const out = stdoutFile ? openSync(stdoutFile, 'w') : 'ignore';
    const child = spawn(process.execPath, ['--import', peakReporter, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', out, 'pipe'],
    });
    if (typeof out === 'number') closeSync(out);
    live.add(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4096);
    });
    child.on('close', (code) => {
      live.delete(child);
      const peak = peakLine.exec(stderr);
      resolve({
        seconds: (performance.now() - start) / 1000,
        rssMb: peak ? Number(peak[1]) / 1024 : Number.NaN,
        code,
        ok: code !== null && okCodes.includes(code),
        tail: stderr.replace(peakLine, '').trim().split('\n').slice(-3).join('\n'),
      });
    });
  });
}

/** The last line `node <args>` prints, run to its end in `cwd`; throws with its stderr when it fails. */
export function nodeLastLine(args: string[], cwd = repoRoot): string {
  const child = spawnSync(process.execPath, args, { cwd, encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`node ${args[0]} exited with ${child.status}:\n${child.stderr}`);
  return child.stdout.trim().split('\n').at(-1) ?? '';
}

/** A long-lived child, output drained (an undrained pipe stalls a chatty server): the last `kept` chars kept. */
export class Child {
  readonly process: ChildProcess;
  readonly exited: Promise<string>;
  private output = '';

  constructor(
    readonly name: string,
    command: string,
    args: readonly string[],
    env: NodeJS.ProcessEnv = process.env,
    kept = 8000,
  ) {
    this.process = spawn(command, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(this.process);
    const keep = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString()).slice(-kept);
    };
    this.process.stdout?.on('data', keep);
    this.process.stderr?.on('data', keep);
    this.exited = new Promise((done) => {
      this.process.once('error', (error) => done(`could not start: ${error.message}`));
      this.process.once('exit', (code, signal) => done(signal ? `signal ${signal}` : `exit code ${code}`));
    }).then((how) => {
      live.delete(this.process);
      return how as string;
    });
  }

  get running(): boolean {
    return live.has(this.process);
  }

  get text(): string {
    return this.output;
  }

  tail(lines = 12): string {
    return this.output.trimEnd().split('\n').slice(-lines).join('\n') || '(no output)';
  }

  /** The first match of `pattern` in the output from `from` on; rejects on exit or after `timeoutMs`. */
  async waitFor(pattern: RegExp | string, timeoutMs: number, from = 0): Promise<RegExpMatchArray | string[]> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const output = this.output.slice(from);
      const found =
        typeof pattern === 'string' ? (output.includes(pattern) ? [pattern] : null) : pattern.exec(output);
      if (found) return found;
      if (!this.running) throw new Error(`${this.name} ended (${await this.exited}):\n${this.tail()}`);
      if (performance.now() > deadline)
        throw new Error(
          `${this.name}: timed out after ${timeoutMs / 1000} s waiting for ${pattern}:\n${this.tail()}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** `signal`, then SIGKILL after `graceMs`. */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 5000): Promise<void> {
    if (!this.running) return;
    this.process.kill(signal);
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Resident memory of processes and all their descendants, from /proc (Linux), in MB. */
export function treeRssMb(roots: readonly number[]): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while reading.
    }
  }
  const family = [...roots];
  for (let i = 0; i < family.length; i++)
    for (const [child, parent] of parents) if (parent === family[i]) family.push(child);
  let kb = 0;
  for (const member of new Set(family)) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Gone while reading.
    }
  }
  return kb / 1024;
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
