// `tsx bench/contract-checker/workers.ts [--mb 40,150] [--formats ndjson,har] [--runs 3]`: the built
// `contract-check` on one recording per size and format with --workers 1 and --workers 2 (and as many as
// the machine has cores, if more): wall time, entries/s, peak RSS and the speed-up over one thread,
// median of the runs. The runs alternate (1, 2, 1, 2, ...) so that load from other work on the machine
// falls on both alike. The input is every entry of contract-tests/recordings repeated.
//
// A machine shared with other work stretches the wall, so each run is also accounted for by the CPU time
// of its threads (utime + stime of /proc/<pid>/task/*/stat, sampled every 100 ms until the run ends):
// on an idle machine the run would take the larger of its busiest thread's time and all its threads'
// time spread over the cores. With one checking thread that is the main thread's time (V8's compiler and
// garbage collector threads fit on the other core); with two, half of everything. The `idle estimate`
// columns give that figure and the speed-up it makes (Linux only; elsewhere they stay empty).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measure } from '../lib/timed-run.ts';
import { recordedEntries, repositoryRoot as root, writeRecording } from './recorded-entries.ts';

const bin = join(root, 'packages/contract-checker/dist/cli.js');

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const ticksPerSecond = 100;

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The processes started by `pid` (any of its threads), from /proc. */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) =>
    readOr(`/proc/${pid}/task/${task}/children`).split(' ').filter(Boolean).map(Number),
  );
}

/**
 * Samples the CPU time of every thread of the contract-check that this process runs (under GNU time,
 * so the grandchild) until `stop`: the last reading of each thread, in seconds. A thread's time is read
 * while it lives, so a worker thread that ends between two samples loses at most 100 ms.
 */
function sampleThreads(): () => number[] {
  const latest = new Map<string, number>();
  const sample = (): void => {
    for (const timer of childrenOf(process.pid)) {
      for (const pid of childrenOf(timer)) {
        let tasks: string[];
        try {
          tasks = readdirSync(`/proc/${pid}/task`);
        } catch {
          continue;
        }
        for (const task of tasks) {
          const stat = readOr(`/proc/${pid}/task/${task}/stat`);
          // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          const ticks = Number(fields[11]) + Number(fields[12]);
          if (Number.isFinite(ticks)) latest.set(`${pid}/${task}`, ticks / ticksPerSecond);
        }
      }
    }
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    return [...latest.values()];
  };
}

/** The wall of the run on an idle machine with `cores` cores, from the CPU time of its threads. */
function idleEstimate(threadSeconds: number[], cores: number): number {
  const total = threadSeconds.reduce((sum, seconds) => sum + seconds, 0);
  return Math.max(Math.max(0, ...threadSeconds), total / cores);
}

interface Run {
  seconds: number;
  rssMb: number;
  /** Seconds on an idle machine, from the threads' CPU time (NaN where /proc cannot tell). */
  idleSeconds: number;
}

/** One run of the built contract-check, its report discarded: wall seconds, peak RSS in MB, idle estimate. */
async function run(args: string[]): Promise<Run> {
  const stop = sampleThreads();
  // Exit 1 is a completed run in which some entry violates the contract.
  const result = await measure(process.execPath, [bin, ...args], [0, 1]);
  const threads = stop();
  if (!result.ok || Number.isNaN(result.seconds)) throw new Error(`contract-check failed: ${result.tail}`);
  const idleSeconds = threads.length > 0 ? idleEstimate(threads, availableParallelism()) : Number.NaN;
  return { seconds: result.seconds, rssMb: result.rssMb, idleSeconds };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '40,150' },
    formats: { type: 'string', default: 'ndjson,har' },
    runs: { type: 'string', default: '3' },
  },
});
const runs = Number(values.runs);
const counts = [...new Set([1, 2, availableParallelism()])];
const entries = await recordedEntries();
const dir = await mkdtemp(join(tmpdir(), 'bench-workers-'));
const rows: string[] = [];
try {
  for (const mb of values.mb.split(',').map(Number)) {
    for (const format of values.formats.split(',') as Array<'har' | 'ndjson'>) {
      const file = join(dir, `traffic-${mb}.${format}`);
      const count = await writeRecording(file, entries, mb * 1024 * 1024, format);
      const results = new Map(counts.map((workers) => [workers, [] as Run[]]));
      for (let at = 0; at < runs; at++) {
        for (const workers of counts) {
          const args = ['--config', join(root, 'redocly.yaml'), '--workers', String(workers), file];
          results.get(workers)?.push(await run(args));
        }
      }
      const single = median(results.get(1)?.map((result) => result.seconds) ?? []);
      const singleIdle = median(results.get(1)?.map((result) => result.idleSeconds) ?? []);
      for (const workers of counts) {
        const measured = results.get(workers) ?? [];
        const wall = median(measured.map((result) => result.seconds));
        const rss = Math.max(...measured.map((result) => result.rssMb));
        const idle = median(measured.map((result) => result.idleSeconds));
        const estimate = Number.isNaN(idle)
          ? '| |'
          : `| ${idle.toFixed(1)} s | ${(singleIdle / idle).toFixed(2)}x |`;
        rows.push(
          `| ${mb} MB ${format.toUpperCase()} | ${count.toLocaleString('en-US')} | --workers ${workers} | ${wall.toFixed(1)} s | ${Math.round(count / wall).toLocaleString('en-US')} | ${rss.toFixed(0)} MB | ${(single / wall).toFixed(2)}x ${estimate}`,
        );
        console.error(rows.at(-1));
      }
      await rm(file);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`median of ${runs} alternating runs; load average at the end: ${loadavg()[0]?.toFixed(2)}`);
console.log(
  '| input | entries | run | wall | entries/s | peak RSS | speed-up | idle estimate | speed-up (idle estimate) |',
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
