/**
 * `pnpm dev`: from a save to the running mock serving it. A `pnpm dev` process runs on a copy of the specs
 * (bench/dev/session.ts: agents and voice, free ports); each round rewrites one example (agents' campaign
 * progress, `total_rows`) and polls the agents mock every 10 ms until it answers with the new value. The
 * time is from the write to that answer: the watcher's debounce, the bundle, the contract compile and
 * Prism's set-up of the one service, on the same port, with the lint still to come. The target is 1 s.
 * Compared with what one did before: restarting that one mock (`pnpm mock --only agents`, the published
 * bin in a new process) until it answers.
 *
 * Run: npx tsx bench/dev/reload.ts [--runs 5] [--tiny] [--json FILE]
 */
import { spawn } from 'node:child_process';
import { fromRoot, repoRoot } from '../../scripts/lib/paths.ts';
import { integerValue, readOptions } from '../lib/options.ts';
import { emitSection, measured, type Section } from '../lib/section.ts';
import { type DevSession, setTotalRows, startDevSession, totalRows } from './session.ts';

const usage = `Usage: pnpm exec tsx bench/dev/reload.ts [--runs N] [--tiny] [--json FILE]

pnpm dev: from the save of an example to the agents mock serving it, against restarting that mock.
  --runs N      saves and restarts (1-50, default 5)
  --tiny        one of each: checks that it runs
  --json FILE   also write the section of bench/RESULTS.md there
  -h, --help    this text`;

const values = readOptions(usage, {
  runs: { type: 'string' },
  tiny: { type: 'boolean', default: false },
  json: { type: 'string' },
});
const runs = values.tiny ? 1 : integerValue(usage, 'runs', values.runs, 5, 1, 50);

/** Polls until the mock serves `rows`; the milliseconds from `since`. */
async function servedAfter(url: string, rows: number, since: number, timeoutMs = 20_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    const served = await totalRows(url).catch(() => undefined);
    if (served === rows) return performance.now() - since;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`the mock did not serve total_rows ${rows} within ${timeoutMs} ms`);
}

const reloads: number[] = [];
let session: DevSession | undefined;
try {
  session = await startDevSession(['agents', 'voice']);
  const url = session.urls.agents ?? '';
  for (let round = 0; round < runs; round++) {
    const rows = 2000 + round;
    const from = session.output().length;
    const since = performance.now();
    setTotalRows(session, rows);
    reloads.push(await servedAfter(url, rows, since));
    // The pass (lint, bundle, generate) ends before the next save, as between two saves by hand.
    await session.waitFor('waiting for saves', from, 60_000);
  }
} finally {
  await session?.stop();
}

/** `pnpm mock --only agents` as published (dist/cli.js, plain Node) until the agents mock answers. */
async function restartOnce(): Promise<number> {
  const since = performance.now();
  const child = spawn(
    process.execPath,
    [
      fromRoot('packages', 'mock-server', 'dist', 'cli.js'),
      '--only',
      'agents',
      '--port',
      'agents=0',
      '--quiet',
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the mock did not start within 60 s:\n${output}`)),
        60_000,
      );
      const read = (chunk: Buffer): void => {
        output += chunk.toString();
        const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (found) {
          clearTimeout(timer);
          resolveUrl(found);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', () => reject(new Error(`the mock exited:\n${output}`)));
    });
    await totalRows(url);
    return performance.now() - since;
  } finally {
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    child.kill('SIGINT');
    await exited;
  }
}

const restarts: number[] = [];
for (let round = 0; round < runs; round++) restarts.push(await restartOnce());

const fmt = (list: number[]) => list.map((ms) => ms.toFixed(0)).join(', ');
console.log(`| save to served by the running mock | ${fmt(reloads)} ms |`);
console.log(`| one mock restarted until it answers | ${fmt(restarts)} ms |`);

const section: Section = {
  id: 'dev',
  title: 'pnpm dev: from a save to the mock serving it',
  command: `npx tsx bench/dev/reload.ts --runs ${runs}`,
  method:
    'A `pnpm dev` process on a copy of the specs (agents and voice); each run rewrites one example and polls the agents mock every 10 ms until it serves the new value, timed from the write (debounce, bundle, contract compile and Prism set-up of that service; the lint follows). Compared with restarting that one mock (the published bin, `--only agents`, a new process) until it answers. Target: 1 s.',
  figures: [
    {
      id: 'dev.save-to-served',
      label: 'Save to served (agents example)',
      unit: 'ms',
      better: 'lower',
      ours: measured('pnpm-dev', 'pnpm dev reload in place', reloads),
      comparisons: [measured('mock-restart', 'pnpm mock --only agents restarted', restarts)],
      detail:
        'Same port, the other mocks untouched; the restart counts the process start and the module loading, as a user waits for them.',
    },
  ],
  versions: {},
};
emitSection(section, values.json);
