/**
 * A `pnpm dev` process on a copy of the specs (a temporary folder: the repository's specs/ are never
 * written), for the process tests (tests/scripts/dev-process.test.ts) and the reload benchmark
 * (bench/dev/reload.ts). `scripts/dev.ts --config <copy>/redocly.yaml`, every mock on a free port.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/lib/paths.ts';
import { Child } from '../lib/processes.ts';

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
  stop(): Promise<void>;
}

/** Starts `pnpm dev` on a copy of the repository's specs with these services only. */
export async function startDevSession(services: readonly string[], timeoutMs = 200_000): Promise<DevSession> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-dev-'));
  cpSync(join(repoRoot, 'specs'), join(dir, 'specs'), { recursive: true });
  cpSync(join(repoRoot, 'redocly.yaml'), join(dir, 'redocly.yaml'));
  const ports = Object.fromEntries(services.map((name) => [`SVC_MOCKS_PORT_${name.toUpperCase()}`, '0']));
  const only = services.flatMap((name) => ['--only', name]);
  const child = new Child(
    'pnpm dev',
    process.execPath,
    ['--import', 'tsx', 'scripts/dev.ts', '--config', join(dir, 'redocly.yaml'), ...only],
    { ...process.env, ...ports, NO_COLOR: '1' },
    Number.POSITIVE_INFINITY,
  );
  const stop = async (): Promise<void> => {
    await child.stop('SIGINT', 10_000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await child.waitFor('watching ', timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  const urls: Record<string, string> = {};
  for (const match of child.text.matchAll(/^mock (\w+)\s+(http:\/\/\S+)$/gm))
    urls[match[1] ?? ''] = match[2] ?? '';
  return {
    dir,
    child: child.process,
    urls,
    output: () => child.text,
    waitFor: async (text, from = 0, ms = 120_000) => {
      await child.waitFor(text, ms, from);
    },
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
