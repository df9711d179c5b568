// One run of the built `contract-check` for the scale benchmarks (workers.ts, scale.ts): wall time, peak
// RSS, and the CPU time of each of its threads.
//
// A machine shared with other work stretches the wall, so a run is also accounted for by the CPU time of
// its threads (utime + stime of /proc/<pid>/task/*/stat, sampled every 100 ms until the run ends): on an
// idle machine the run would take the larger of its busiest thread's time and all its threads' time
// spread over the cores. With one checking thread that is the main thread's time (V8's compiler and
// garbage collector threads fit on the other core); with two, half of everything (Linux only; NaN
// elsewhere). The same times, split into the threads that check entries and V8's and libuv's background
// threads, show where a second checking thread's CPU goes.
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

/** The CPU seconds of each thread of a process, by thread id. */
type ThreadTimes = Map<number, number>;

/**
 * Samples the CPU time of every thread of process `pid` until the returned function is called: the last
 * reading of each thread, in seconds. A thread's time is read while it lives, so a worker thread that
 * ends between two samples loses at most 100 ms.
 */
function sampleThreads(pid: number): () => ThreadTimes {
  const latest: ThreadTimes = new Map();
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
      if (Number.isFinite(ticks)) latest.set(Number(task), ticks / ticksPerSecond);
    }
  };
  const timer = setInterval(sample, 100);
  return () => {
    clearInterval(timer);
    return latest;
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
  /**
   * CPU seconds of the threads that check entries: the main thread and the `workers - 1` busiest others
   * (NaN where /proc cannot tell).
   */
  checkingCpu: number;
  /**
   * CPU seconds of every other thread: V8's optimizing compiler, its garbage collector's helpers and
   * WebAssembly compiler, libuv's file reads (NaN where /proc cannot tell).
   */
  backgroundCpu: number;
}

/** The CPU time of one process's threads split as {@link CheckerRun} has it. */
function splitThreads(
  pid: number,
  threads: ThreadTimes,
  workers: number,
): { checking: number; background: number } {
  if (threads.size === 0) return { checking: Number.NaN, background: Number.NaN };
  const main = threads.get(pid) ?? 0;
  const others = [...threads].filter(([tid]) => tid !== pid).map(([, seconds]) => seconds);
  others.sort((a, b) => b - a);
  const checking = main + others.slice(0, workers - 1).reduce((sum, seconds) => sum + seconds, 0);
  const background = others.slice(workers - 1).reduce((sum, seconds) => sum + seconds, 0);
  return { checking, background };
}

interface ProcessRun {
  seconds: number;
  rssMb: number;
  threads: ThreadTimes;
  pid: number;
}

/** One contract-check process on `file`, its report discarded, with `args` after `--config`. */
async function runProcess(file: string, args: string[], what: string): Promise<ProcessRun> {
  let stop: (() => ThreadTimes) | undefined;
  let pid = 0;
  // Exit 1 is a completed run in which some entry violates the contract.
  const result = await measure([checkerBin, '--config', checkerConfig, ...args, file], [0, 1], (started) => {
    pid = started;
    stop = sampleThreads(started);
  });
  const threads = stop?.() ?? new Map();
  if (!result.ok || Number.isNaN(result.rssMb)) {
    throw new Error(`contract-check ${what} ${file} failed: ${result.tail}`);
  }
  return { seconds: result.seconds, rssMb: result.rssMb, threads, pid };
}

/**
 * Processes started at once as one run: the wall until the last has ended, their peak RSS added up, and
 * their threads' CPU time together, with `workers` checking threads in each.
 */
function asOneRun(runs: ProcessRun[], workers: number): CheckerRun {
  const times = runs.flatMap((run) => [...run.threads.values()]);
  const split = runs.map((run) => splitThreads(run.pid, run.threads, workers));
  return {
    seconds: Math.max(...runs.map((run) => run.seconds)),
    rssMb: runs.reduce((sum, run) => sum + run.rssMb, 0),
    idleSeconds: times.length > 0 ? idleEstimate(times, availableParallelism()) : Number.NaN,
    checkingCpu: split.reduce((sum, part) => sum + part.checking, 0),
    backgroundCpu: split.reduce((sum, part) => sum + part.background, 0),
  };
}

/** Checks `file` with the built contract-check on `workers` threads, its report discarded. */
export async function runChecker(file: string, workers: number): Promise<CheckerRun> {
  const run = await runProcess(file, ['--workers', String(workers)], `--workers ${workers}`);
  return asOneRun([run], workers);
}

/**
 * What a user without `--workers` would do to use two cores: two `contract-check --workers 1` processes
 * started at once, one with `--shard 1/2` and one with `--shard 2/2` (each reads the whole file and
 * checks every other entry). The wall is until both have ended; the peak RSS is the two processes'
 * peaks added up.
 */
export async function runShardPair(file: string): Promise<CheckerRun> {
  const runs = await Promise.all(
    [1, 2].map((index) =>
      runProcess(file, ['--workers', '1', '--shard', `${index}/2`], `--workers 1 --shard ${index}/2`),
    ),
  );
  return asOneRun(runs, 1);
}

/**
 * Two cores' worth of the same checking with nothing shared and nothing to coordinate: two
 * `contract-check --workers 1` processes started at once, each on its own half of the entries, split
 * beforehand into two files (`halves`). Each reads only its half; the wall is until both have ended; the
 * peak RSS is the two added up. What `--workers 2` can at best reach on the machine, since each thread
 * needs its own V8 heap, compiled code and warm-up as each of these processes does.
 */
export async function runSplitPair(halves: readonly [string, string]): Promise<CheckerRun> {
  const runs = await Promise.all(
    halves.map((half, index) => runProcess(half, ['--workers', '1'], `--workers 1 (half ${index + 1})`)),
  );
  return asOneRun(runs, 1);
}
