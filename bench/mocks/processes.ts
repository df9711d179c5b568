/**
 * Child processes of the mocks benchmark: spawned with their output piped and drained (Prism logs every
 * request; an undrained pipe would stall it), the tail of that output kept for error messages, and every
 * child stopped however the benchmark ends (a step that throws, Ctrl-C, an uncaught error).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

const tailLength = 4_000;
const stopTimeoutMs = 5_000;

/** Every child still running, across groups: killed on the way out if a group was not stopped. */
const live = new Set<ChildProcess>();

process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    console.error(`\n${signal}: stopped every mock process.`);
    process.exit(130);
  });
}

export class Child {
  readonly process: ChildProcess;
  /** Resolves with a description of how the process ended (`exit code 1`, `signal SIGKILL`). */
  readonly exited: Promise<string>;
  private output = '';
  private listeners: Array<(output: string) => void> = [];

  constructor(
    readonly name: string,
    command: string,
    args: readonly string[],
    cwd: string,
  ) {
    this.process = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    live.add(this.process);
    const onData = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString()).slice(-tailLength);
      for (const listener of this.listeners) listener(this.output);
    };
    this.process.stdout?.on('data', onData);
    this.process.stderr?.on('data', onData);
    this.exited = new Promise((resolveExit) => {
      const done = (how: string): void => {
        live.delete(this.process);
        resolveExit(how);
      };
      this.process.once('error', (error) => done(`could not start: ${error.message}`));
      this.process.once('exit', (code, signal) => done(signal ? `signal ${signal}` : `exit code ${code}`));
    });
  }

  get pid(): number {
    return this.process.pid ?? 0;
  }

  get running(): boolean {
    return live.has(this.process);
  }

  /** The last few thousand characters of stdout and stderr, for error messages. */
  tail(lines = 15): string {
    const text = this.output.trimEnd();
    return text ? text.split('\n').slice(-lines).join('\n') : '(no output yet)';
  }

  /** Calls `listener` with the output so far on every chunk (the output is capped to its tail). */
  onOutput(listener: (output: string) => void): void {
    this.listeners.push(listener);
    listener(this.output);
  }

  /** `signal` first, SIGKILL if the process has not ended within 5 s. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.running) return;
    this.process.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolveLate) => {
      timer = setTimeout(() => resolveLate('late'), stopTimeoutMs);
    });
    const outcome = await Promise.race([this.exited, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.process.kill('SIGKILL');
      await this.exited;
    }
  }
}

/** The processes of one set of mocks: started one by one, stopped together. */
export class ProcessGroup {
  readonly children: Child[] = [];

  spawn(name: string, command: string, args: readonly string[], cwd: string): Child {
    const child = new Child(name, command, args, cwd);
    this.children.push(child);
    return child;
  }

  async stopAll(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await Promise.all(this.children.map((child) => child.stop(signal)));
  }

  /** Resident memory of every child and its descendants, in MB. */
  rssMb(): number {
    return treeRssMb(this.children.map((child) => child.pid));
  }
}

/** Resident memory (VmRSS) of processes and all their descendants, from /proc (Linux), in MB. */
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
  for (let i = 0; i < family.length; i++) {
    for (const [child, parent] of parents) if (parent === family[i]) family.push(child);
  }
  let kb = 0;
  for (const member of new Set(family)) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'));
      kb += Number(match?.[1] ?? 0);
    } catch {
      // Gone while reading.
    }
  }
  return kb / 1024;
}

/** Ports free on 127.0.0.1 right now (the OS picks them; they are released before being returned). */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolveServer, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolveServer(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  });
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  return ports;
}
