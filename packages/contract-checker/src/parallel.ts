import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { checkShare } from './block-segments.js';
import { mergeCoverage } from './coverage.js';
import type { ReportWriter } from './format.js';
import { printable } from './input-text.js';
import { type CheckHarOptions, checkRecordings, type RunSummary } from './report.js';
import type { WorkerInput, WorkerMessage, WorkerSegment } from './worker-protocol.js';

export const defaultWorkers = availableParallelism();

/**
 * Entries per block dealt to one thread: large enough that a block travels as a few strings and the
 * writing thread makes one write per block, small enough that the threads stay close together (each
 * holds at most a few blocks the report is not ready for).
 */
export const workerBlockSize = 256;

/**
 * Batches the main thread may have checked before the report can take them. More than a worker thread
 * may send unacknowledged: the worker threads start, load and warm up (a few tenths of a second) while
 * the main thread already checks, and with a shorter lead it would wait for their first blocks. A batch
 * is one block at most (tens of KB of report text), so memory stays flat.
 */
const mainThreadLead = 16;

/** How many times the share of one thread is handed to a new thread after a crash. */
const maxRestarts = 2;

interface QueuedSegment {
  segment: WorkerSegment;
  /** The last segment of a batch: called once it is written, to let the thread that sent it go on. */
  written: (() => void) | undefined;
}

/** One share of the entries (every n-th block), and the thread checking it. */
interface ShareState {
  /** The thread checking the share; none for the share the main thread checks itself. */
  worker: Worker | undefined;
  queue: QueuedSegment[];
  /** Where the next segment of `queue` is (the queue is consumed from the front without shifting). */
  head: number;
  done: boolean;
  summary?: RunSummary;
  restarts: number;
  /** Where the current thread started (after a crash, past the blocks of the thread before). */
  fromBlock: number;
  /** The block the thread reads now (-1: none yet): with the unreported ones before it, what it holds. */
  readingBlock: number;
  /** Input position of the last entry reported (-1: none yet). */
  lastPosition: number;
}

/**
 * The built worker, or, when the checker runs from its TypeScript source (tests, tsx), a small bootstrap
 * that registers tsx in the thread first: loader flags given to a worker do not reach it on Node 20.
 */
function startWorker(workerData: WorkerInput, resourceLimits: ResourceLimits | undefined): Worker {
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./check-worker.js', import.meta.url), options);
  const source = new URL('./check-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, ...options });
}

/**
 * {@link checkRecordings} on `workers` threads, each with its own compiled contracts: this thread and
 * `workers - 1` worker threads. Every thread reads the input (a byte scan, cheap) but decodes and checks
 * only its own blocks of {@link workerBlockSize} entries, every `workers`-th one, and renders each block
 * for the report. This thread checks the first share itself instead of waiting for the others (on a
 * machine with as many cores as threads, an idle coordinator would be one thread too many to start and
 * to schedule) and writes the blocks of all shares in input order, so the output is the same as with one
 * thread. A worker thread that dies is an input error naming the entries it had left; the others finish.
 * This thread's own share is protected as `--workers 1` is: an entry that exhausts its heap ends the process.
 */
export async function checkRecordingsInWorkers(
  paths: string[],
  opts: Omit<CheckHarOptions, 'contracts' | 'mutation'> & {
    configPath: string;
    workers: number;
    /** `false`: every thread loads the contracts without the set-up cache. */
    cache?: false;
    /** Entries per block (default {@link workerBlockSize}). */
    blockSize?: number;
    /** Limits of each worker thread: one that exceeds them crashes, and fails only the entries it held. */
    resourceLimits?: ResourceLimits;
  },
  sink: ReportWriter,
): Promise<RunSummary> {
  const blockSize = opts.blockSize ?? workerBlockSize;
  const shard = opts.shard;
  const options: WorkerInput['options'] = {
    ...(opts.service === undefined ? {} : { service: opts.service }),
    ...(opts.coverage === undefined ? {} : { coverage: opts.coverage }),
    ...(opts.concurrency === undefined ? {} : { concurrency: opts.concurrency }),
    ...(shard === undefined ? {} : { shard }),
  };
  /** What the thread of share `at` checks: the first share is this thread's. */
  const inputFor = (at: number, fromBlock = 0): WorkerInput => ({
    paths,
    configPath: opts.configPath,
    ...(opts.cache === false ? { cache: false as const } : {}),
    options,
    part: { index: at + 1, count: opts.workers, blockSize, ...(fromBlock > 0 ? { fromBlock } : {}) },
    format: sink.format,
  });
  const start = (at: number, fromBlock = 0): Worker =>
    startWorker(inputFor(at, fromBlock), opts.resourceLimits);
  /** The input position of the first entry of `block` (whether or not the input has that many). */
  const blockStart = (block: number): number => {
    const ordinal = block * blockSize;
    return shard ? ordinal * shard.count + shard.index - 1 : ordinal;
  };
  // The worker threads start first, so that they load while this thread loads its own contracts.
  const states: ShareState[] = Array.from({ length: opts.workers }, (_, at) => ({
    worker: at === 0 ? undefined : start(at),
    queue: [],
    head: 0,
    done: false,
    restarts: 0,
    fromBlock: 0,
    readingBlock: -1,
    lastPosition: -1,
  }));
  const failures: Array<{ worker: number; reason: string }> = [];
  let passed = 0;
  let failed = 0;
  let inputErrorCount = 0;
  let emitted = Promise.resolve();

  /**
   * Writes every segment that no thread can still precede, smallest position first. Blocks do not
   * interleave, so comparing the first positions of the threads' next segments is enough.
   */
  const release = async (): Promise<void> => {
    for (;;) {
      let next: ShareState | undefined;
      let nextPosition = 0;
      for (const state of states) {
        const head = state.queue[state.head];
        if (!head) {
          if (!state.done) return;
          continue;
        }
        if (!next || head.segment.position < nextPosition) {
          next = state;
          nextPosition = head.segment.position;
        }
      }
      if (!next) return;
      const { segment, written } = next.queue[next.head++] as QueuedSegment;
      if (next.head === next.queue.length) {
        next.queue = [];
        next.head = 0;
      }
      if (segment.kind === 'entries') {
        passed += segment.passed;
        failed += segment.failed;
        sink.renderedRun(segment.text);
      } else {
        inputErrorCount++;
        await sink.inputError(segment.error, segment.position);
      }
      written?.();
    }
  };
  const schedule = (): void => {
    emitted = emitted.then(release);
  };
  const enqueue = (state: ShareState, segments: WorkerSegment[], written: () => void): void => {
    segments.forEach((segment, index) => {
      state.queue.push({ segment, written: index === segments.length - 1 ? written : undefined });
      if (segment.kind === 'entries') state.lastPosition = segment.last;
      else if (segment.error.entry !== undefined) state.lastPosition = segment.position;
    });
    schedule();
  };
  const nameOf = (at: number): string => `checking worker ${at + 1} of ${opts.workers}`;

  /**
   * The first share, checked on this thread. Its batches wait in the queue like the others'; it goes no
   * more than {@link mainThreadLead} batches ahead of the report, so memory stays flat when it is faster.
   */
  const checkHere = async (state: ShareState): Promise<void> => {
    try {
      state.summary = await checkShare(
        inputFor(0),
        (segments, written) => enqueue(state, segments, written),
        mainThreadLead,
      );
    } catch (error) {
      // What a worker thread reports as `failed` (the contracts do not load): the same for this share.
      failures.push({ worker: 0, reason: `${nameOf(0)} stopped: ${printable(errorMessage(error))}` });
    }
    state.done = true;
    schedule();
  };

  const inThreads = states.map(
    (state, at) =>
      new Promise<void>((finished) => {
        const worker = state.worker;
        if (!worker) {
          finished();
          return;
        }
        const name = nameOf(at);
        const finish = (): void => {
          state.done = true;
          schedule();
          finished();
        };
        /**
         * A thread that crashed: the entries it held (read, not reported) fail, named by their input
         * positions, and a new thread goes on after them with the rest of its share.
         */
        const crashed = (worker: Worker, failure: string): void => {
          if (state.done || worker !== state.worker) return;
          void worker.terminate();
          const after = state.lastPosition < 0 ? '' : ` after input position ${state.lastPosition}`;
          const held =
            state.readingBlock < 0
              ? 'it held no entries'
              : `the entries of its share${after} up to input position ${blockStart(state.readingBlock + 1) - (shard?.count ?? 1)} were not checked`;
          if (state.restarts >= maxRestarts) {
            failures.push({
              worker: at,
              reason: `${name} stopped: ${printable(failure)} (the entries of its share${after} were not checked)`,
            });
            finish();
            return;
          }
          failures.push({
            worker: at,
            reason: `${name} stopped: ${printable(failure)} (${held}; a new thread checked the rest of its share)`,
          });
          state.restarts++;
          if (state.readingBlock >= 0) state.fromBlock = state.readingBlock + 1;
          state.readingBlock = -1;
          listen(start(at, state.fromBlock));
        };
        const listen = (worker: Worker): void => {
          state.worker = worker;
          const acknowledge = (): void => {
            if (worker === state.worker && !state.done) worker.postMessage('ack');
          };
          worker.on('message', (message: WorkerMessage) => {
            if (worker !== state.worker || state.done) return;
            if (message.type === 'reading') {
              state.readingBlock = message.block;
            } else if (message.type === 'batch') {
              enqueue(state, message.segments, acknowledge);
            } else if (message.type === 'done') {
              state.summary = message.summary;
              finish();
            } else {
              // A failure the thread reports itself (the contracts do not load): the same for any thread.
              failures.push({ worker: at, reason: `${name} stopped: ${printable(message.message)}` });
              finish();
            }
          });
          worker.on('error', (error) => crashed(worker, error.message));
          worker.on('exit', (code) => {
            if (code !== 0) crashed(worker, `exit code ${code}`);
            else if (worker === state.worker && !state.done) crashed(worker, 'ended before its last result');
          });
        };
        listen(worker);
      }),
  );
  await Promise.all([checkHere(states[0] as ShareState), ...inThreads]);
  await emitted;
  await release();

  // Sorted by worker, so the report does not depend on which thread failed first.
  failures.sort((a, b) => a.worker - b.worker);
  for (const { reason } of failures) {
    await sink.inputError({ file: '(contract-check)', reason }, Number.MAX_SAFE_INTEGER);
  }
  inputErrorCount += failures.length;
  const summaries = states.flatMap((state) => (state.summary ? [state.summary] : []));
  const first = summaries[0];
  const specProblems = first?.specProblems ?? [];
  const coverages = summaries.map((summary) => summary.coverage);
  return {
    services: first?.services ?? [],
    specProblems,
    passed,
    failed,
    inputErrorCount,
    exitCode: inputErrorCount > 0 || specProblems.length > 0 ? 2 : failed > 0 ? 1 : 0,
    ...(shard ? { shard } : {}),
    // Coverage needs every thread's tally: a thread that crashed took its tally with it.
    ...(opts.coverage && coverages.length === states.length && coverages.every((coverage) => coverage)
      ? { coverage: mergeCoverage(coverages as NonNullable<RunSummary['coverage']>[]) }
      : {}),
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
