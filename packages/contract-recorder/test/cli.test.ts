import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPackage } from '../../../scripts/build/package-build.ts';
import { type CliIo, type Session, startCli } from '../src/index.js';
import { startTarget, type Target } from './target.js';

// The bin as installed, on a dist/ brought up to date (a no-op after pnpm test's build), not the source
// through tsx.
const cli = fileURLToPath(new URL('../bin/contract-record.js', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
beforeAll(() => buildPackage(fileURLToPath(new URL('..', import.meta.url))));

let dir: string;
let target: Target;
let child: ChildProcessWithoutNullStreams | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-record-cli-'));
  target = await startTarget();
});
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

function memoryIo(): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    stdout: (text: string) => {
      io.out += text;
    },
    stderr: (text: string) => {
      io.err += text;
    },
  };
  return io;
}

/** Starts the real bin and resolves with its address once it prints it. */
function spawnRecorder(
  args: string[],
): Promise<{ url: string; output: () => string; exit: Promise<number | null> }> {
  const process_ = spawn(process.execPath, [cli, ...args], { cwd: repoRoot });
  child = process_;
  let output = '';
  const exit = new Promise<number | null>((resolve) => process_.once('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    process_.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+),/.exec(output)?.[1];
      if (url) resolve({ url, output: () => output, exit });
    });
    process_.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exit.then(() => reject(new Error(`contract-record exited before listening:\n${output}`)));
  });
}

describe('contract-record (the bin)', () => {
  it('records until SIGTERM, then closes the file and exits 0', async () => {
    const out = join(dir, 'session.har');
    const recorder = await spawnRecorder(['--target', target.url, '--out', out, '--port', '0']);
    const answer = await fetch(`${recorder.url}/api/v1/workflow/fetch?status=active`, {
      headers: { Authorization: 'Bearer cli-test-secret-token' },
    });
    expect(answer.status).toBe(200);
    await answer.text();
    child?.kill('SIGTERM');
    expect(await recorder.exit).toBe(0);
    expect(recorder.output()).toContain('#0 GET');
    expect(recorder.output()).toContain('stopped; 1 entries recorded');
    const text = await readFile(out, 'utf8');
    expect(text).not.toContain('cli-test-secret-token');
    expect(JSON.parse(text).log.entries).toHaveLength(1);
  });

  it('prints how many entries it recorded after Ctrl-C under pnpm contract-record (the signal comes twice)', async () => {
    // Ctrl-C signals the terminal's whole process group: pnpm, scripts/run.ts (which passes it on) and the bin.
    const out = join(dir, 'interrupted.har');
    const args = [
      '--import',
      'tsx',
      'scripts/run.ts',
      'contract-record',
      '--target',
      target.url,
      '--out',
      out,
    ];
    const group = spawn(process.execPath, [...args, '--port', '0'], { cwd: repoRoot, detached: true });
    let output = '';
    group.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    group.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // 'close', not 'exit': the bin shares the pipes and its last line may still be unread when the leader exits.
    const exit = new Promise<number | null>((resolve) => group.once('close', (code) => resolve(code)));
    const boundSeconds = 120;
    const bound = setTimeout(() => group.pid && process.kill(-group.pid, 'SIGKILL'), boundSeconds * 1000);
    try {
      while (!output.includes('listening on') && group.exitCode === null)
        await new Promise((resolve) => setTimeout(resolve, 50));
      if (group.pid !== undefined) process.kill(-group.pid, 'SIGINT');
      expect(await exit, `timed out after ${boundSeconds} s, or failed:\n${output}`).toBe(0);
    } finally {
      clearTimeout(bound);
    }
    expect(output).toContain('contract-record: stopped; 0 entries recorded\n');
  }, 180_000);

  it('a second SIGINT during the stop does not end it before the file is closed and the count printed', async () => {
    // Under `pnpm contract-record` Ctrl-C reaches the bin twice; an exchange in flight holds the stop open
    // for its grace period, so the second signal lands inside it.
    const out = join(dir, 'twice.har');
    const recorder = await spawnRecorder(['--target', target.url, '--out', out, '--quiet']);
    for (const path of ['/a', '/b', '/c']) await (await fetch(`${recorder.url}${path}`)).text();
    const hung = fetch(`${recorder.url}/hang`).catch(() => undefined);
    while (!target.seen.some((seen) => seen.url === '/hang')) await new Promise((r) => setTimeout(r, 5));
    child?.kill('SIGINT');
    // The stop has begun once the port refuses connections.
    const port = Number(new URL(recorder.url).port);
    const refused = () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve(false);
        });
        socket.once('error', () => resolve(true));
      });
    while (!(await refused())) await new Promise((r) => setTimeout(r, 5));
    child?.kill('SIGINT');
    const code = await recorder.exit;
    await hung;
    expect(recorder.output()).toContain('contract-record: stopped; 3 entries recorded\n');
    // On a very slow machine the second signal may come only once the stop has ended, and end the process.
    expect(code === 0 || child?.signalCode === 'SIGINT', recorder.output()).toBe(true);
    expect(JSON.parse(await readFile(out, 'utf8')).log.entries).toHaveLength(3);
  });

  it('on SIGTERM, writes what it has and exits although the target hangs (issue 41)', async () => {
    const out = join(dir, 'hung.har');
    const recorder = await spawnRecorder(['--target', target.url, '--out', out, '--quiet']);
    const hung = fetch(`${recorder.url}/hang`).catch(() => undefined);
    const headed = await fetch(`${recorder.url}/hang-body`);
    while (!target.seen.some((seen) => seen.url === '/hang')) await new Promise((r) => setTimeout(r, 5));
    child?.kill('SIGTERM');
    // The default upstream time-out is 30 s: exiting at all proves the stop did not wait for it.
    expect(await recorder.exit).toBe(0);
    await headed.text().catch(() => undefined);
    await hung;
    expect(recorder.output()).toContain('2 exchange(s) still in flight after 500 ms were cut off');
    const entries = JSON.parse(await readFile(out, 'utf8')).log.entries;
    expect(entries).toHaveLength(1);
    expect(entries[0].response.content._bodyOmitted.reason).toBe('incomplete');
  });

  it('loses nothing that was answered when it is killed', async () => {
    const out = join(dir, 'crash.har');
    const recorder = await spawnRecorder(['--target', target.url, '--out', out, '--quiet']);
    for (const path of ['/a', '/b']) {
      const answer = await fetch(`${recorder.url}${path}`, { method: 'POST', body: '{}' });
      await answer.text();
    }
    child?.kill('SIGKILL');
    await recorder.exit;
    const entries = JSON.parse(await readFile(out, 'utf8')).log.entries;
    expect(entries.map((entry: { request: { url: string } }) => new URL(entry.request.url).pathname)).toEqual(
      ['/a', '/b'],
    );
  });
});

describe('contract-record --check (the bin)', () => {
  it("judges each exchange as it passes; on SIGTERM prints contract-check's report and exits with its code", async () => {
    const out = join(dir, 'checked.har');
    // The tiny target is no agents service: its echo is not a list of agents, so the exchange fails.
    const recorder = await spawnRecorder(['--target', `agents=${target.url}`, '--out', out, '--check']);
    const answer = await fetch(`${recorder.url}/api/v1/workflow/fetch?status=active`, {
      headers: { Authorization: 'Bearer cli-check-secret-token' },
    });
    await answer.text();
    await waitFor(() => /FAIL \S+checked\.har #0 GET/.test(recorder.output()), recorder.output);
    child?.kill('SIGTERM');
    expect(await recorder.exit, recorder.output()).toBe(1);
    const output = recorder.output();
    expect(output).toMatch(/response-body-schema \(response/);
    expect(output).toMatch(/contract-check \S+checked\.har:\n/);
    expect(output.trimEnd().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(output).not.toContain('cli-check-secret-token');
  });

  it('wraps a command: the proxy address in CONTRACT_RECORD_URL, the worse exit code of the two', async () => {
    const out = join(dir, 'wrapped.har');
    const script = `fetch(process.env.CONTRACT_RECORD_URL + '/anything').then((r) => r.text()).then(() => process.exit(3))`;
    const run = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--target', target.url, '--out', out, '--', process.execPath, '-e', script],
      { cwd: repoRoot },
    );
    let output = '';
    run.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => run.once('close', resolve));
    expect(code, output).toBe(3);
    expect(output).toContain('stopped; 1 entries recorded');
    expect(target.seen.map((seen) => seen.url)).toEqual(['/anything']);
  });
});

async function waitFor(done: () => boolean, output: () => string, seconds = 60): Promise<void> {
  for (const started = Date.now(); !done(); await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (Date.now() - started > seconds * 1000) throw new Error(`timed out after ${seconds} s:\n${output()}`);
  }
}

describe('startCli', () => {
  it('starts a recorder from the arguments', async () => {
    const io = memoryIo();
    const started = await startCli(['--target', target.url, '--out', join(dir, 'x.har')], io);
    expect(typeof started).toBe('object');
    await (started as Session).close();
    expect(io.out).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+, forwarding to /);
  });

  it('exits 2 with a reason for missing or wrong arguments and an existing file', async () => {
    const existing = join(dir, 'existing.har');
    await writeFile(existing, '{}');
    const cases: Array<[string[], string]> = [
      [['--out', 'x.har'], '--target and --out are required'],
      [['--target', target.url, '--out', 'x.har', '--port', '70000'], '--port must be an integer'],
      [['--target', 'not a url', '--out', 'x.har'], '--target is not a URL'],
      [['--target', target.url, '--out', existing], 'exists; pass --force'],
      // Before the contracts load: the missing config would be the reason otherwise.
      [
        ['--target', target.url, '--out', existing, '--check', '--config', 'none.yaml'],
        'exists; pass --force',
      ],
      [['--target', target.url, '--out', 'x.har', '--host', '0.0.0.0'], 'loopback only'],
      [['--bogus'], "Unknown option '--bogus'"],
      [['--target', target.url, '--out', 'x.har', '--max-body-bytes', '0'], '--max-body-bytes must be'],
      [['--target', target.url, '--out', 'x.har', '--upstream-timeout', '1.5'], '--upstream-timeout must be'],
      [
        ['--target', target.url, '--out', 'x.har', '--junit', 'r.xml'],
        '--errors, --json and --junit need --check',
      ],
      [['--target', 'agents=not a url', '--out', 'x.har'], '--target is not a URL'],
      [['--target', target.url, '--out', 'x.har', '--chek'], 'did you mean --check?'],
    ];
    for (const [args, reason] of cases) {
      const io = memoryIo();
      expect(await startCli(args, io), args.join(' ')).toBe(2);
      expect(io.err).toContain(reason);
    }
    expect(await readFile(existing, 'utf8')).toBe('{}');
  });

  it('prints the usage for --help', async () => {
    const io = memoryIo();
    expect(await startCli(['--help'], io)).toBe(0);
    expect(io.out).toContain('Usage: contract-record --target URL --out FILE.har');
  });
});
