// Helpers of the publish test: a throwaway Verdaccio on a free loopback port, bounded child processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeFailure, runBounded } from '../../scripts/lib/bounded.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A free loopback port: bound to 0, read, released. */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/** The environment of the children: without the `npm_*` settings of the `pnpm test` that started us. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(npm_|pnpm_|vitest|NODE_OPTIONS$)/i.test(key)) env[key] = value;
  return { ...env, CI: 'true', ...extra };
}

export interface Ran {
  code: number | null;
  output: string;
}

/**
 * Runs a command to its end (stopped past `timeoutMs`, a generous bound), output collected; throws when it
 * fails, saying "timed out after N s" or the exit, with the command and its last lines.
 */
export async function exec(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number; allowFailure?: boolean },
): Promise<Ran> {
  const run = await runBounded(command, args, options);
  if (run.timedOut || (run.code !== 0 && options.allowFailure !== true))
    throw new Error(describeFailure(command, args, run, options));
  return { code: run.code, output: run.output };
}

export interface Registry {
  url: string;
  /** A token of a user created on it, for publishing. */
  token: string;
  stop(): Promise<void>;
}

function verdaccioBin(): string {
  const require = createRequire(join(repoRoot, 'package.json'));
  let manifestPath: string;
  try {
    manifestPath = require.resolve('verdaccio/package.json');
  } catch {
    throw new Error('verdaccio is not installed: `pnpm add -D -w verdaccio@6.8.0` (see scripts/release).');
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    version: string;
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.verdaccio;
  if (bin === undefined) throw new Error(`verdaccio ${manifest.version} declares no verdaccio bin`);
  return resolve(dirname(manifestPath), bin);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Verdaccio with its storage in `dir`, no uplinks (nothing comes from the public registry), every
 * package readable by anyone and publishable by any logged-in user; one user created through the API.
 */
export async function startRegistry(dir: string): Promise<Registry> {
  // The free port can be taken by another process (a second `pnpm test` beside this one) before verdaccio
  // listens on it: a new port then, a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startRegistryOn(dir, await freePort());
    } catch (error) {
      if (attempt === 5 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startRegistryOn(dir: string, port: number): Promise<Registry> {
  const url = `http://127.0.0.1:${port}/`;
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const config = join(dir, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${JSON.stringify(join(dir, 'storage'))}`,
      'auth:',
      '  htpasswd:',
      `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
      '    max_users: 10',
      // Verdaccio checks the password behind the token on every request: bcrypt's default 10 rounds cost
      // 0.36 s of CPU per published package, 4 rounds (its minimum) 0.05 s. A throwaway user needs no more.
      '    rounds: 4',
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      '    unpublish: $authenticated',
      'web:',
      '  enable: false',
      'logs: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const child = spawn(
    process.execPath,
    [verdaccioBin(), '--config', config, '--listen', `127.0.0.1:${port}`],
    {
      cwd: dir,
      env: cleanEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const stop = () => stopChild(child);
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`verdaccio exited ${child.exitCode}:\n${log}`);
      const ok = await fetch(new URL('-/ping', url), { signal: AbortSignal.timeout(1_000) })
        .then((response) => response.ok)
        .catch(() => false);
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`verdaccio did not answer on ${url} in 120 s:\n${log}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    const user = 'release-test';
    const response = await fetch(new URL(`-/user/org.couchdb.user:${user}`, url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: user, password: 'release-test-password' }),
      signal: AbortSignal.timeout(60_000),
    });
    const body = (await response.json()) as { token?: string };
    if (!response.ok || typeof body.token !== 'string')
      throw new Error(`verdaccio refused the test user: ${response.status} ${JSON.stringify(body)}`);
    return { url, token: body.token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `//host:port/:_authToken=…`: the npmrc line that authenticates against `registry`. */
export function authLine(registry: string, token: string): string {
  const { host, pathname } = new URL(registry);
  return `//${host}${pathname}:_authToken=${token}`;
}
