import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { type MockSet, runCli, type StartOptions } from '../src/index.ts';

/** The CLI's stop logic, in-process: a fake set of mocks whose death the test decides. */
function fakeSet(): MockSet & { kill(name: string, reason: string): void; stopped: () => boolean } {
  let die: (death: { name: string; reason: string }) => void = () => {};
  let stopped = false;
  return {
    mocks: [],
    skipped: [],
    died: new Promise((resolve) => {
      die = resolve;
    }),
    reload: vi.fn(async (name: string) => ({ name, milliseconds: 0 })),
    stop: vi.fn(async () => {
      stopped = true;
    }),
    kill: (name, reason) => die({ name, reason }),
    stopped: () => stopped,
  };
}

function harness(set: MockSet | Error) {
  const lines: string[] = [];
  const events = new EventEmitter();
  const start = vi.fn(async (_options: StartOptions) => {
    if (set instanceof Error) throw set;
    return set;
  });
  const env = {
    start,
    events,
    out: (line: string) => lines.push(line),
    err: (line: string) => lines.push(line),
  };
  return { env, events, lines, start };
}

/** Resolves once the CLI has printed its ready table (it listens for signals from then on). */
async function ready(lines: string[]): Promise<void> {
  await vi.waitFor(() => expect(lines.join('\n')).toContain('ready in'), { timeout: 60_000 });
}

describe('runCli', () => {
  it('Ctrl-C (SIGINT) stops every mock and exits 0', async () => {
    const set = fakeSet();
    const { env, events, lines } = harness(set);
    const exit = runCli(['--quiet'], env);
    await ready(lines);
    events.emit('SIGINT');
    expect(await exit).toBe(0);
    expect(set.stopped()).toBe(true);
    expect(lines.join('\n')).toContain('SIGINT: stopping all mocks');
  });

  it('SIGTERM does the same', async () => {
    const set = fakeSet();
    const { env, events, lines } = harness(set);
    const exit = runCli([], env);
    await ready(lines);
    events.emit('SIGTERM');
    expect(await exit).toBe(0);
    expect(set.stopped()).toBe(true);
  });

  it('when one mock dies, all are stopped and the exit code is 1, saying which and why', async () => {
    const set = fakeSet();
    const { env, lines } = harness(set);
    const exit = runCli([], env);
    await ready(lines);
    set.kill('voice', 'EMFILE: too many open files');
    expect(await exit).toBe(1);
    expect(set.stopped()).toBe(true);
    expect(lines.join('\n')).toContain('the voice mock stopped (EMFILE: too many open files)');
  });

  it('a crash of the process stops all mocks and exits 1', async () => {
    const set = fakeSet();
    const { env, events, lines } = harness(set);
    const exit = runCli([], env);
    await ready(lines);
    events.emit('uncaughtException', new Error('boom'));
    expect(await exit).toBe(1);
    expect(set.stopped()).toBe(true);
    expect(lines.join('\n')).toContain('boom');
  });

  it('a failed start exits 1 with the reason and starts nothing else', async () => {
    const { env, lines } = harness(
      new Error('agents: cannot listen on 127.0.0.1:4010: port 4010 is in use.'),
    );
    expect(await runCli([], env)).toBe(1);
    expect(lines.join('\n')).toContain('port 4010 is in use');
  });

  it('passes ports, --only and the modes through', async () => {
    const set = fakeSet();
    const { env, events, lines, start } = harness(set);
    const exit = runCli(['--only', 'agents,voice', '--port', 'agents=5010', '--dynamic', '--stateful'], env);
    await ready(lines);
    events.emit('SIGINT');
    await exit;
    expect(start.mock.calls[0]?.[0]).toMatchObject({
      only: ['agents', 'voice'],
      ports: { agents: 5010 },
      dynamic: true,
      stateful: true,
    });
  });

  it('bad arguments exit 2 with the usage; --help exits 0', async () => {
    for (const argv of [
      ['--bogus'],
      ['--port', 'agents'],
      ['--port', 'agents=70000'],
      ['--checks', 'none'],
    ]) {
      const { env, lines, start } = harness(fakeSet());
      expect(await runCli(argv, env), argv.join(' ')).toBe(2);
      expect(lines.join('\n')).toContain('Usage: svc-mocks');
      expect(start).not.toHaveBeenCalled();
    }
    const { env, lines } = harness(fakeSet());
    expect(await runCli(['--help'], env)).toBe(0);
    expect(lines.join('\n')).toContain('--port <name=port>');
  });
});
