/**
 * A `pnpm dev` process on a copy of the specs (a temporary folder: the repository's specs/ are never
 * written), for the process tests (tests/scripts/dev-process.test.ts) and the reload benchmark
 * (bench/dev/reload.ts). `scripts/dev.ts --config <copy>/redocly.yaml`, every mock on a free port.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/lib/paths.ts';

export interface DevSession {
  /** The copy: `<dir>/redocly.yaml`, `<dir>/specs/`. */
  dir: string;
  child: ChildProcess;
  /** Mock URL per service, from the process's first lines. */
  urls: Record<string, string>;
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  /** Resolves once the output from `from` on contains `text`; rejects at `timeoutMs` or on exit. */
  waitFor(text: string, from?: number, timeoutMs?: number): Promise<void>;
  /** Rewrites a file of the copy (path relative to the copy), as an editor's save. */
  edit(file: string, change: (text: string) => string): void;
  /** As `edit`, but writes a new file and renames it over the old one (sed -i, an editor's safe write). */
  replace(file: string, change: (text: string) => string): void;
  /** Ctrl-C, then removes the copy. */
  stop(): Promise<number | null>;
}

/** Starts `pnpm dev` on a copy of the repository's specs with these services only. */
export async function startDevSession(services: readonly string[], timeoutMs = 200_000): Promise<DevSession> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-dev-'));
  cpSync(join(repoRoot, 'specs'), join(dir, 'specs'), { recursive: true });
  cpSync(join(repoRoot, 'redocly.yaml'), join(dir, 'redocly.yaml'));
  const ports = Object.fromEntries(services.map((name) => [`SVC_MOCKS_PORT_${name.toUpperCase()}`, '0']));
  const only = services.flatMap((name) => ['--only', name]);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/dev.ts', '--config', join(dir, 'redocly.yaml'), ...only],
    { cwd: repoRoot, env: { ...process.env, ...ports, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  let ended = false;
  void exited.then(() => {
    ended = true;
    for (const listener of listeners) listener();
  });

  const waitFor = (text: string, from = 0, ms = 30_000): Promise<void> =>
    new Promise((resolveWait, reject) => {
      const done = (error?: Error): void => {
        clearTimeout(timer);
        listeners.delete(check);
        if (error) reject(error);
        else resolveWait();
      };
      const check = (): void => {
        if (output.slice(from).includes(text)) done();
        else if (ended) done(new Error(`pnpm dev exited before "${text}":\n${output}`));
      };
      const timer = setTimeout(
        () =>
          done(
            new Error(
              `timed out after ${ms / 1000} s waiting for "${text}" from pnpm dev; it printed:\n${output.slice(-4000)}`,
            ),
          ),
        ms,
      );
      listeners.add(check);
      check();
    });

  const stop = async (): Promise<number | null> => {
    if (!ended) child.kill('SIGINT');
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await exited;
    clearTimeout(kill);
    rmSync(dir, { recursive: true, force: true });
    return code;
  };

  try {
    await waitFor('watching ', 0, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const urls: Record<string, string> = {};
  for (const match of output.matchAll(/^mock (\w+)\s+(http:\/\/\S+)$/gm))
    urls[match[1] ?? ''] = match[2] ?? '';
  return {
    dir,
    child,
    urls,
    output: () => output,
    waitFor,
    edit(file, change) {
      const path = join(dir, file);
      writeFileSync(path, change(readFileSync(path, 'utf8')));
    },
    replace(file, change) {
      const path = join(dir, file);
      writeFileSync(`${path}.new`, change(readFileSync(path, 'utf8')));
      renameSync(`${path}.new`, path);
    },
    stop,
  };
}

/** The example both edit: agents' campaign progress (`total_rows`), answered to one GET with a bearer token. */
export const progressExample = 'specs/agents/components/examples/campaignProgress.yaml';
export const progressPath = '/api/v1/campaign/381/progress';

// A connection per call: one kept alive while the mock reloads may be closed by it as it is reused.
const progressHeaders = { authorization: 'Bearer dev-session', connection: 'close' };
export async function totalRows(url: string): Promise<number | undefined> {
  const response = await fetch(`${url}${progressPath}`, { headers: progressHeaders });
  const body = (await response.json()) as { total_rows?: number };
  return body.total_rows;
}

export function setTotalRows(session: DevSession, rows: number, how: 'edit' | 'replace' = 'edit'): void {
  session[how](progressExample, (text) => text.replace(/total_rows: \d+/, `total_rows: ${rows}`));
}
