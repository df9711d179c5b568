// One run of the built `contract-check` for the scale benchmarks (workers.ts, scale.ts): wall time, peak
// RSS, and the CPU time of each of its threads.
//
// A machine shared with other work stretches the wall, so a run is also accounted for by the CPU time of
// its threads (utime + stime of /proc/<pid>/task/*/stat, sampled every 100 ms until the run ends): on an
// idle machine the run would take the larger of its busiest thread's time and all its threads' time
// spread over the cores. With one checking thread that is the main thread's time (V8's compiler and
// garbage collector threads fit on the other core); with two, half of everything (Linux only; NaN
// elsewhere).
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { measure } from '../lib/timed-run.ts';

const checkerBin = fromRoot('packages/contract-checker/dist/cli.js');
const checkerConfig = fromRoot('redocly.yaml');

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const ticksPerSecond = 100;

function readOr(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Samples the CPU time of every thread of process `pid` until the returned function is called: the last
 * reading of each thread, in seconds. A thread's time is read while it lives, so a worker thread that
 * ends between two samples loses at most 100 ms.
 */
function sampleThreads(pid: number): () => number[] {
  const latest = new Map<string, number>();
  const sample = (): void => {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      return;
    }
    for (const task of tasks) {
      const stat = readOr(`/proc/${pid}/task/${task}/stat`);
      // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number.isFinite(ticks)) latest.set(task, ticks / ticksPerSecond);
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

export interface CheckerRun {
  seconds: number;
  rssMb: number;
  /** Seconds on an idle machine, from the threads' CPU time (NaN where /proc cannot tell). */
  idleSeconds: number;
}

/** Checks `file` with the built contract-check on `workers` threads, its report discarded. */
export async function runChecker(file: string, workers: number): Promise<CheckerRun> {
  let stop: (() => number[]) | undefined;
  // Exit 1 is a completed run in which some entry violates the contract.
  const result = await measure(
    [checkerBin, '--config', checkerConfig, '--workers', String(workers), file],
    [0, 1],
    (pid) => {
      stop = sampleThreads(pid);
    },
  );
  const threads = stop?.() ?? [];
  if (!result.ok || Number.isNaN(result.rssMb)) {
    throw new Error(`contract-check --workers ${workers} ${file} failed: ${result.tail}`);
  }
  const idleSeconds = threads.length > 0 ? idleEstimate(threads, availableParallelism()) : Number.NaN;
  return { seconds: result.seconds, rssMb: result.rssMb, idleSeconds };
}
