import type { Worker } from 'node:worker_threads';

/**
 * A message from the thread: `{ type: 'ready' }` once it listens, or the answer to job `job`; any other
 * message goes to `ThreadOfOneOptions.onMessage`.
 */
export interface ThreadMessage {
  type: string;
  job?: number;
}

/** One job for the thread: how it is posted, read back and failed. */
export interface ThreadJob<Outcome> {
  /** Time the job may take from when the thread gets it (waiting behind another is not charged). */
  timeoutMs: number;
  /** Posts the job to the thread, numbered `id`: the thread answers with a message carrying `job: id`. */
  post(worker: Worker, id: number): void;
  /** What the thread's answer means. With `stop: true` the thread is replaced (it exits after such an answer). */
  answer(message: ThreadMessage): { outcome: Outcome; stop?: boolean };
  /** The outcome when the thread cannot answer, with the reason in words (see `ThreadOfOneOptions`). */
  fail(reason: string): Outcome;
  /** Just before posting: an outcome here settles the job without posting it (it can no longer run). */
  before?(worker: Worker): Outcome | undefined;
}

export interface ThreadOfOneOptions {
  /** Starts the thread; it posts `{ type: 'ready' }` once it listens. */
  start(): Worker;
  /** Called on the thread's 'ready', before any job is posted to it (for state the thread must hold). */
  onReady?(worker: Worker): void;
  /** Messages other than 'ready' and jobs' answers (from the current thread only). */
  onMessage?(message: ThreadMessage, worker: Worker): void;
  /**
   * Called when the thread is gone, before the job it held fails: it `died` (crash, exit), a job `timedOut`
   * on it, or it was `stopped` (closed, replaced, or by the owner), with the reason in words.
   */
  onGone?(reason: string, cause: 'died' | 'timedOut' | 'stopped'): void;
  /** Whether something besides jobs needs the thread (then it keeps the process alive). */
  busy?(): boolean;
  /** The reasons, in the owner's words. */
  reasons: {
    timedOut(timeoutMs: number): string;
    crashed(message: string): string;
    exited(code: number): string;
    stopped: string;
  };
  /** Replace the thread once it has been idle for `whenIdleMs` after a job run with `grows`. */
  recycle?: { whenIdleMs: number };
}

interface Queued {
  id: number;
  job: ThreadJob<unknown>;
  resolve(outcome: unknown): void;
  /** Set by `run(job, { grows: true })`: the thread is replaced once idle after it. */
  grows: boolean;
}

/**
 * One worker thread, started on the first job, running one job at a time from a queue: a ready
 * handshake before the first job, a time budget per job from when the thread gets it, and a new thread
 * after one dies or overruns its budget (the job it held fails alone with the reason; the jobs waiting
 * go to the new thread). The thread never keeps the process alive while idle. Used by the XML engine
 * (`WorkerEngine`) and the mocks' JSON check thread.
 */
export class ThreadOfOne {
  private thread: Worker | undefined;
  private ready = false;
  private readonly queue: Queued[] = [];
  private running: Queued | undefined;
  private timer: NodeJS.Timeout | undefined;
  private nextId = 1;
  /** Set after a job that grows the thread: it is replaced when it falls idle. */
  private grown = false;
  private recycleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ThreadOfOneOptions) {}

  /** The thread now, started or starting (`undefined` before the first job, or after it was stopped). */
  get worker(): Worker | undefined {
    return this.thread;
  }

  /** Whether the thread has said it is ready (messages posted now reach its listener). */
  get isReady(): boolean {
    return this.ready;
  }

  /** Jobs waiting behind the one running. */
  get waiting(): number {
    return this.queue.length;
  }

  /** The thread, started if there is none. */
  started(): Worker {
    if (this.thread !== undefined) return this.thread;
    const worker = this.options.start();
    this.ready = false;
    worker.on('message', (message: ThreadMessage) => this.onMessage(worker, message));
    worker.on('error', (error) => this.onDeath(worker, this.options.reasons.crashed(error.message)));
    worker.on('exit', (code) => this.onDeath(worker, this.options.reasons.exited(code)));
    worker.unref();
    this.thread = worker;
    return worker;
  }

  /**
   * Runs `job` once the jobs before it are done; never rejects. `grows`: the job leaves the thread
   * larger (WebAssembly memory only grows), so it is replaced once idle (`recycle`).
   */
  run<Outcome>(job: ThreadJob<Outcome>, grows = false): Promise<Outcome> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, job, resolve: resolve as (outcome: unknown) => void, grows });
      this.pump();
    });
  }

  /** Fails every job waiting (not the one running) with `reason`. */
  failWaiting(reason: string): void {
    for (const queued of this.queue.splice(0)) queued.resolve(queued.job.fail(reason));
  }

  /** Keeps the process alive while jobs or `busy` need the thread, and lets it exit otherwise. */
  refresh(): void {
    if (this.running !== undefined || this.queue.length > 0 || this.options.busy?.()) this.thread?.ref();
    else this.thread?.unref();
  }

  /** Stops the thread and fails every job with `reasons.stopped`. */
  async close(): Promise<void> {
    const pending = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
    this.running = undefined;
    clearTimeout(this.timer);
    for (const queued of pending) queued.resolve(queued.job.fail(this.options.reasons.stopped));
    await this.stop(this.options.reasons.stopped);
  }

  /** Terminates the thread (the next job starts another); `onGone` hears `reason`. */
  async stop(reason: string, cause: 'timedOut' | 'stopped' = 'stopped'): Promise<void> {
    const worker = this.thread;
    this.thread = undefined;
    this.ready = false;
    this.grown = false;
    clearTimeout(this.recycleTimer);
    if (worker === undefined) return;
    this.options.onGone?.(reason, cause);
    worker.removeAllListeners('message');
    worker.removeAllListeners('exit');
    worker.removeAllListeners('error');
    // terminate() must not leave an 'error' event unhandled.
    worker.on('error', () => undefined);
    await worker.terminate();
  }

  private pump(): void {
    if (this.running !== undefined || this.queue.length === 0) return;
    const worker = this.started();
    // Held while jobs wait: a caller awaiting an outcome must not see the process exit under it.
    worker.ref();
    if (!this.ready) return; // 'ready' pumps again
    const next = this.queue.shift() as Queued;
    clearTimeout(this.recycleTimer);
    const settled = next.job.before?.(worker);
    if (settled !== undefined) {
      next.resolve(settled);
      this.refresh();
      this.pump();
      return;
    }
    this.running = next;
    // The budget starts when the thread gets the job: waiting behind another is not charged.
    this.timer = setTimeout(() => {
      if (this.running !== next) return;
      const reason = this.options.reasons.timedOut(next.job.timeoutMs);
      void this.stop(reason, 'timedOut');
      this.finish(next.job.fail(reason));
    }, next.job.timeoutMs);
    next.job.post(worker, next.id);
  }

  private onMessage(worker: Worker, message: ThreadMessage): void {
    if (worker !== this.thread) return;
    if (message.type === 'ready') {
      this.options.onReady?.(worker);
      this.ready = true;
      this.pump();
      return;
    }
    const running = this.running;
    if (message.job === undefined || running === undefined || running.id !== message.job) {
      if (message.job === undefined) this.options.onMessage?.(message, worker);
      return;
    }
    const { outcome, stop } = running.job.answer(message);
    // A thread that exits after this answer is stopped now, so that the next job does not go to it.
    if (stop) void this.stop('the thread exits after that answer');
    this.finish(outcome);
  }

  private finish(outcome: unknown): void {
    const running = this.running;
    clearTimeout(this.timer);
    this.running = undefined;
    if (running?.grows) this.grown = true;
    this.refresh();
    if (this.queue.length === 0 && this.grown) this.recycleWhenIdle();
    running?.resolve(outcome);
    this.pump();
  }

  private recycleWhenIdle(): void {
    const recycle = this.options.recycle;
    if (recycle === undefined) return;
    clearTimeout(this.recycleTimer);
    this.recycleTimer = setTimeout(() => {
      if (this.running === undefined && this.queue.length === 0)
        void this.stop('the thread was replaced after a long job');
    }, recycle.whenIdleMs);
    // A pending recycle never keeps the process alive.
    this.recycleTimer.unref();
  }

  /** A dead thread fails the job it held; the next job starts a new thread. */
  private onDeath(worker: Worker, reason: string): void {
    if (worker !== this.thread) return;
    this.thread = undefined;
    this.ready = false;
    this.grown = false;
    clearTimeout(this.recycleTimer);
    this.options.onGone?.(reason, 'died');
    if (this.running !== undefined) this.finish(this.running.job.fail(reason));
    else this.pump();
  }
}
