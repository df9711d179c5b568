import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';

export interface ThreadOfOneOptions<Result> {
  /** The thread's module: its default export runs one task and returns (or resolves with) its result. */
  url: URL;
  /** Given to the thread as `workerData`. */
  workerData?: unknown;
  /** An idle thread ends after this long; default: kept (an idle thread never holds the process). */
  idleTimeoutMs?: number;
  /** The thread's heap; default 512 MB of old generation. */
  resourceLimits?: ResourceLimits;
  /** Added to the thread's nice value (Linux), so that the caller's thread goes first on few cores. */
  niceIncrement?: number;
  /** Tasks waiting beyond the one running; more are refused (`busy`). Default: no limit. */
  maxWaiting?: number;
  /** A result after which the thread is not reused (its memory is suspect); the next task gets a new one. */
  isBroken?: (result: Result) => boolean;
}

export interface RunOptions {
  /** Time the task may take from when the thread takes it; past it the thread is terminated. */
  timeoutMs: number;
  /** A task a new thread runs first, outside the budget (it loads what the tasks need). */
  warmUp?: unknown;
}

/** Why a task has no result: the caller words it for its own users. */
export type ThreadFailure =
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'out-of-memory' }
  | { kind: 'exit'; code: number }
  | { kind: 'crash'; message: string }
  | { kind: 'closed' }
  | { kind: 'busy'; maxWaiting: number };

/** How a caller words each failure for its users. */
export type FailureWords = {
  [K in ThreadFailure['kind']]: (failure: Extract<ThreadFailure, { kind: K }>) => string;
};

export const describeFailure = (failure: ThreadFailure, words: FailureWords): string =>
  (words[failure.kind] as (failure: ThreadFailure) => string)(failure);

export type ThreadOutcome<Result> = { ok: true; value: Result } | { ok: false; failure: ThreadFailure };

/** One worker thread (a piscina pool of one) running one task at a time, in the order given: a task that
 * overruns its budget or kills the thread fails alone, and the next one gets a new thread. */
export class ThreadOfOne<Task, Result> {
  private pool: Piscina | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private pending = 0;
  /** Tasks given before the last close() fail as closed. */
  private generation = 0;

  constructor(private readonly options: ThreadOfOneOptions<Result>) {}

  /** Whether a thread is running now. */
  get hasThread(): boolean {
    return (this.pool?.threads.length ?? 0) > 0;
  }

  /** Resolves with the task's result or why there is none; never rejects. */
  run(task: Task, options: RunOptions): Promise<ThreadOutcome<Result>> {
    const { maxWaiting = Number.POSITIVE_INFINITY } = this.options;
    if (this.pending > maxWaiting) return Promise.resolve(failed({ kind: 'busy', maxWaiting }));
    this.pending++;
    const generation = this.generation;
    const turn = this.queue.then(() => this.runNow(task, options, generation));
    const settle = (): void => {
      this.pending--;
    };
    this.queue = turn.then(settle, settle);
    return turn;
  }

  /** Stops the thread: the task it holds and those waiting fail as closed; a later task starts a new one. */
  async close(): Promise<void> {
    this.generation++;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }

  private async runNow(task: Task, options: RunOptions, generation: number): Promise<ThreadOutcome<Result>> {
    if (generation !== this.generation) return failed({ kind: 'closed' });
    const { url, workerData, idleTimeoutMs, resourceLimits, niceIncrement } = this.options;
    this.pool ??= new Piscina({
      filename: url.href,
      workerData,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: idleTimeoutMs ?? 2 ** 31 - 1,
      ...(niceIncrement !== undefined && { niceIncrement }),
      // Plain JavaScript: loaders of the parent (tsx, test runners) would only slow its start.
      execArgv: [],
      resourceLimits: resourceLimits ?? { maxOldGenerationSizeMb: 512 },
    });
    const pool = this.pool;
    if (pool.threads.length === 0 && 'warmUp' in options)
      await pool.run(options.warmUp).catch(() => undefined);
    try {
      const value: Result = await pool.run(task, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (this.options.isBroken?.(value) && this.pool === pool) {
        this.pool = undefined;
        void pool.destroy();
      }
      return { ok: true, value };
    } catch (error) {
      return failed(
        generation !== this.generation ? { kind: 'closed' } : failureOf(error, options.timeoutMs),
      );
    }
  }
}

const failed = <Result>(failure: ThreadFailure): ThreadOutcome<Result> => ({ ok: false, failure });

function failureOf(error: unknown, timeoutMs: number): ThreadFailure {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError') return { kind: 'timeout', timeoutMs };
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return { kind: 'out-of-memory' };
  const exit = /exited with code: (-?\d+)/.exec(message ?? '');
  if (exit) return { kind: 'exit', code: Number(exit[1]) };
  return { kind: 'crash', message: message ?? String(error) };
}
