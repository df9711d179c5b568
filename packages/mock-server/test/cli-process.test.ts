import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it, vi } from 'vitest';
import { buildPackage } from '../../../scripts/build/package-build.ts';
import { basicAuth, call, hostileOrder } from './support.ts';

/**
 * The real bin in a real process: Ctrl-C stops every mock and leaves no process behind. The bin is the
 * one package.json publishes (dist/, brought up to date first), run by Node itself, so its pid is the one
 * signalled and no TypeScript loader starts beside it.
 */
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const repoRoot = resolve(here, '..', '..', '..');
const manifest = JSON.parse(readFileSync(resolve(packageDir, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
};
const cli = resolve(packageDir, manifest.bin['svc-mocks'] ?? '');
const started: ChildProcess[] = [];

beforeAll(() => buildPackage(packageDir));

afterAll(() => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(args: string[]): Running {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('close', (code) => resolveExit(code)),
  );
  return { child, output: () => output, exited };
}

/** Waits (bounded) until the output contains `text`, or the process exits. */
function waitFor(running: Running, text: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolveWait, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${running.output()}`)),
      timeoutMs,
    );
    const check = (): void => {
      if (running.output().includes(text)) {
        clearTimeout(timer);
        resolveWait();
      }
    };
    running.child.stdout?.on('data', check);
    running.child.stderr?.on('data', check);
    void running.exited.then(() => {
      clearTimeout(timer);
      if (running.output().includes(text)) resolveWait();
      else reject(new Error(`exited before "${text}":\n${running.output()}`));
    });
    check();
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)),
  ]);
}

/** Every process whose parent chain leads to `pid` (Linux /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found: number[] = [];
  const walk = (parent: number): void => {
    for (const [child, ppid] of parents) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

function processLabel(pid: number): string {
  try {
    return `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')}`;
  } catch {
    return String(pid);
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The ports of the ready table: `  agents  41234  http://127.0.0.1:41234  6`. */
function ports(output: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const match of output.matchAll(/^ {2}(\w+)\s+(\d+)\s+http:\/\/\S+:(\d+)/gm)) {
    found[match[1] ?? ''] = Number(match[2]);
  }
  return found;
}

const allOnFreePorts = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'].flatMap((name) => [
  '--port',
  `${name}=0`,
]);

// Each test starts its own process on its own ports, so they run at once: most of each is the process
// loading its specs, which overlaps on a second core.
describe.concurrent('svc-mocks process', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} stops all mocks: exit 0, ports closed, no process left`, async ({ expect }) => {
      const running = run(['--quiet', ...allOnFreePorts]);
      await waitFor(running, 'ready in');
      const table = ports(running.output());
      expect(Object.keys(table).length).toBeGreaterThan(0);
      const agents = `http://127.0.0.1:${table.agents}`;
      expect(
        (await call(agents, '/api/v1/workflow/fetch', { headers: { authorization: 'Bearer t' } })).status,
      ).toBe(200);

      const pid = running.child.pid ?? 0;
      const family = descendants(pid);
      running.child.kill(signal);
      expect(await withTimeout(running.exited, 60_000, 'exit')).toBe(0);
      expect(running.output()).toContain(`${signal}: stopping all mocks`);
      for (const port of Object.values(table)) {
        await expect(call(`http://127.0.0.1:${port}`, '/')).rejects.toThrow();
      }
      // A child of the bin, if it ever starts one, may take a moment to notice its parent is gone.
      await vi.waitFor(() => expect([pid, ...family].filter(alive).map(processLabel)).toEqual([]), {
        timeout: 30_000,
      });
    });
  }

  it('SIGTERM while a hostile 10 MB XML order is being refused stops the mocks without waiting for it', async ({
    expect,
  }) => {
    const running = run(['--quiet', '--only', 'numbers', '--port', 'numbers=0']);
    await waitFor(running, 'ready in');
    const numbers = `http://127.0.0.1:${ports(running.output()).numbers}`;
    let settled = false;
    const order = fetch(`${numbers}/api/v2/accounts/9900/orders`, {
      method: 'POST',
      headers: { authorization: basicAuth, 'content-type': 'application/xml' },
      body: hostileOrder(),
    }).then(
      () => 'answered',
      () => 'cut off',
    );
    void order.finally(() => {
      settled = true;
    });
    // The order is read and on the XML worker by now: the signal must not wait for it.
    await new Promise((wait) => setTimeout(wait, 300));
    const orderStillRunning = !settled;
    running.child.kill('SIGTERM');
    expect(await withTimeout(running.exited, 60_000, 'exit')).toBe(0);
    if (orderStillRunning) expect(await order).toBe('cut off');
  });

  it('a port already in use fails the start: exit 1, naming the service and the port', async ({ expect }) => {
    const blocker: Server = createServer();
    await new Promise<void>((listening) => blocker.listen(0, '127.0.0.1', listening));
    const port = (blocker.address() as { port: number }).port;
    try {
      const running = run(['--only', 'agents', '--port', `agents=${port}`]);
      expect(await withTimeout(running.exited, 60_000, 'exit')).toBe(1);
      expect(running.output()).toContain(
        `agents: cannot listen on 127.0.0.1:${port}: port ${port} is in use`,
      );
    } finally {
      blocker.close();
    }
  });

  it('an unknown service in --only fails the start with the list of services', async ({ expect }) => {
    const running = run(['--only', 'agents,nosuch']);
    expect(await withTimeout(running.exited, 60_000, 'exit')).toBe(1);
    expect(running.output()).toContain('Unknown service "nosuch"');
    expect(running.output()).toContain('agents, token');
  });
});
