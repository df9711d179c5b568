// What bench/mocks/hostile.ts measures on the mocks' serving thread (this process's main thread): the
// latency of sequential agents GETs, the stalls of its event loop, its garbage collections, its CPU time
// and its wait for a core (Linux), and its CPU time per hostile body answered.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { Attacker } from './attacker.ts';

/** How long one phase may go on waiting for the attacker, in ms. */
export const maxBusyMs = 120_000;

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

/**
 * CPU time of this thread (the mocks' serving thread), user and system, in ms (Linux: its
 * `/proc/self/task/<pid>/stat`, in ticks of 10 ms); `undefined` elsewhere. Unlike a latency, it does not
 * grow when other jobs on the machine take the cores.
 */
function servingThreadCpuMs(): number | undefined {
  try {
    const fields =
      readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * This thread's time on a CPU and waiting for one while runnable, in ms (Linux: the first two fields of
 * `/proc/self/task/<pid>/schedstat`, in ns); `undefined` elsewhere. The wait is time the system gave the
 * cores to other threads (the attacker's, the check threads', other jobs'): a stall of the event loop that
 * is not the mocks' work.
 */
function servingThreadSchedule(): { cpuMs: number; waitMs: number } | undefined {
  try {
    const [cpu, wait] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return cpu !== undefined && wait !== undefined && Number.isFinite(cpu + wait)
      ? { cpuMs: cpu / 1e6, waitMs: wait / 1e6 }
      : undefined;
  } catch {
    return undefined;
  }
}

/** One phase of GETs: their latencies (sorted), the event loop's stalls, GC pauses, the thread's schedule. */
export interface Phase {
  times: number[];
  stallMax: number;
  stallP99: number;
  gc: number[];
  schedule: { cpuMs: number; waitMs: number } | undefined;
}

/**
 * Sequential GETs of `agentsUrl` (`count`, then on while `goOn()`); also the longest and the p99 stall of
 * this thread's event loop meanwhile.
 */
export async function agentsLatencies(
  agentsUrl: string,
  count: number,
  goOn: () => boolean = () => false,
): Promise<Phase> {
  const scheduled = servingThreadSchedule();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  // The serving thread's garbage collections meanwhile (this isolate's only), their pauses in ms.
  const gc: number[] = [];
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push(entry.duration);
  });
  collections.observe({ entryTypes: ['gc'] });
  const times: number[] = [];
  const began = performance.now();
  for (let at = 0; at < count || (goOn() && performance.now() - began < maxBusyMs); at++) {
    const start = performance.now();
    const response = await fetch(`${agentsUrl}/api/v1/workflow/fetch/1`, {
      headers: { authorization: 'Bearer t' },
    });
    await response.text();
    times.push(performance.now() - start);
  }
  loop.disable();
  collections.disconnect();
  const after = servingThreadSchedule();
  return {
    gc,
    schedule:
      scheduled && after
        ? { cpuMs: after.cpuMs - scheduled.cpuMs, waitMs: after.waitMs - scheduled.waitMs }
        : undefined,
    times: times.sort((a, b) => a - b),
    stallMax: loop.max / 1e6,
    stallP99: loop.percentile(99) / 1e6,
  };
}

/**
 * The serving thread's CPU time per hostile body while `bodies` more are answered and nothing else is
 * asked of it: the mocks' own work per body, a figure that other jobs on the machine do not inflate as
 * they do a p99 (with `--attacker-in-loop` it includes the sending).
 */
export async function quiet(attacker: Attacker, bodies: number): Promise<number | undefined> {
  const from = attacker.refused();
  const before = servingThreadCpuMs();
  const began = performance.now();
  while (attacker.attacking() && attacker.refused() < from + bodies && performance.now() - began < maxBusyMs)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const after = servingThreadCpuMs();
  const answered = attacker.refused() - from;
  return before === undefined || after === undefined || answered === 0
    ? undefined
    : (after - before) / answered;
}

/** One attack phase: the GETs meanwhile, the bodies answered during them, the sends that failed. */
export interface UnderAttack {
  busy: Phase;
  refused: number;
  failed: number;
  /** The serving thread's CPU time per body answered after the GETs, with nothing else to do (ms). */
  cpuPerBody: number | undefined;
}
