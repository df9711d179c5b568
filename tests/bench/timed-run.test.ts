// bench/lib/timed-run.ts: the wall and peak RSS of a Node.js process of the benchmarks, the peak reported
// by the process itself (bench/lib/peak-rss.mjs). No figure is asserted, only that one is there.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measure } from '../../bench/lib/timed-run.ts';
import { fromRoot } from '../../scripts/lib/paths.ts';

// A worker thread started from a file loads the process's `--import` modules too (an eval'd one does not).
const workerFile = join(mkdtempSync(join(tmpdir(), 'timed-run-')), 'worker.mjs');
writeFileSync(workerFile, 'setTimeout(() => {}, 50);\n');
const withWorker = `const { Worker } = require('node:worker_threads'); new Worker(${JSON.stringify(workerFile)}).on('exit', () => console.error('worker done'))`;

describe('measure', () => {
  it('gives the peak RSS and the wall of a run, and keeps the report out of its stderr', async () => {
    const run = await measure(['-e', withWorker]);
    expect(run.ok).toBe(true);
    expect(run.rssMb).toBeGreaterThan(1);
    expect(run.seconds).toBeGreaterThan(0);
    expect(run.stderr).toContain('worker done');
    expect(run.stderr).not.toContain('BENCH_PEAK_RSS_KB');
  });

  it('reports once, from the main thread, when the process ran worker threads', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', fromRoot('bench/lib/peak-rss.mjs'), '-e', withWorker],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stderr.match(/BENCH_PEAK_RSS_KB \d+/g)).toHaveLength(1);
    expect(run.stderr.trimEnd().endsWith(run.stderr.match(/BENCH_PEAK_RSS_KB \d+/)?.[0] ?? '-')).toBe(true);
  });

  it('says why a run failed, and which exit codes count as done', async () => {
    const failed = await measure(['-e', "console.error('engine exploded'); process.exit(3)"]);
    expect(failed.ok).toBe(false);
    expect(failed.tail).toContain('engine exploded');
    const violations = await measure(['-e', 'process.exit(1)'], [0, 1]);
    expect(violations.ok).toBe(true);
  });
});
