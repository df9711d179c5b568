import { Worker } from 'node:worker_threads';
import type { EngineLimits, EngineVerdict } from './engine-core.js';
import type { SchemaBundle } from './schema-files.js';

/** The engine could not judge the document: it crashed, ran out of memory or overran its time budget. */
export interface EngineFailure {
  kind: 'engine-failure';
  /** Readable reason, such as `the engine took longer than 5000 ms`. Never names an engine file. */
  reason: string;
}

export interface WorkerJob extends EngineLimits {
  schemaId: string;
  xml: string;
  timeoutMs: number;
}

interface QueuedJob extends WorkerJob {
  job: number;
  resolve: (outcome: EngineVerdict | EngineFailure) => void;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'verdict'; job: number; verdict: EngineVerdict }
  | { type: 'failure'; job: number; reason: string };

export interface WorkerRecycling {
  /**
   * After a document this long (UTF-16 units) the worker is replaced once it has been idle for
   * `whenIdleMs`: WebAssembly memory only grows, and a mock server lives for days. Not at once: a client
   * sending one large document after another would make each of them pay for a new worker (about 100 ms
   * of CPU, on the cores the mocks serve from), while a worker kept busy reuses the memory it has.
   */
  afterLength: number;
  whenIdleMs: number;
}

const DEFAULT_RECYCLING: WorkerRecycling = { afterLength: 1_000_000, whenIdleMs: 2_000 };

export const DEFAULT_WORKER_URL = new URL('./libxml2-worker.mjs', import.meta.url);

/**
 * One worker thread holding libxml2 and every registered schema, judging one document at a time off the
 * caller's event loop. A document that overruns its time budget, or on which the worker dies (crash,
 * out of memory), fails alone: the worker is terminated, the next document gets a fresh worker, and the
 * schemas are compiled there again.
 *
 * The worker never keeps the process alive while idle (it is unref'd between jobs).
 */
export class WorkerEngine {
  private worker: Worker | undefined;
  private ready = false;
  private readonly queue: QueuedJob[] = [];
  private running: QueuedJob | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Set after a long document: the worker is replaced when it falls idle (see WorkerRecycling). */
  private grown = false;
  private recycleTimer: NodeJS.Timeout | undefined;
  private nextJob = 1;
  private readonly schemas = new Map<string, Pick<SchemaBundle, 'entryFileName' | 'files'>>();

  constructor(
    private readonly workerUrl: URL = DEFAULT_WORKER_URL,
    private readonly recycling: WorkerRecycling = DEFAULT_RECYCLING,
  ) {}

  /** Whether a worker thread exists now (started, or starting). */
  get hasWorker(): boolean {
    return this.worker !== undefined;
  }

  registerSchema(id: string, bundle: Pick<SchemaBundle, 'entryFileName' | 'files'>): void {
    const plain = { entryFileName: bundle.entryFileName, files: bundle.files };
    this.schemas.set(id, plain);
    if (this.ready) this.worker?.postMessage({ type: 'schema', id, bundle: plain });
  }

  dropSchema(id: string): void {
    this.schemas.delete(id);
    if (this.ready) this.worker?.postMessage({ type: 'drop', id });
  }

  /** Resolves with the verdict, or with an {@link EngineFailure}; never rejects. */
  validate(job: WorkerJob): Promise<EngineVerdict | EngineFailure> {
    return new Promise((resolve) => {
      this.queue.push({ ...job, job: this.nextJob++, resolve });
      this.pump();
    });
  }

  /** Stops the worker; queued and running documents fail. */
  async shutdown(): Promise<void> {
    const pending = [...(this.running === undefined ? [] : [this.running]), ...this.queue.splice(0)];
    this.running = undefined;
    for (const job of pending) job.resolve({ kind: 'engine-failure', reason: 'the engine was shut down' });
    await this.stopWorker();
  }

  private pump(): void {
    if (this.running !== undefined || this.queue.length === 0) return;
    const worker = this.startedWorker();
    // Held while documents wait: a caller awaiting a result must not see the process exit under it.
    worker.ref();
    if (!this.ready) return; // 'ready' calls pump again
    const next = this.queue.shift();
    if (next === undefined) return;
    clearTimeout(this.recycleTimer);
    this.running = next;
    // The budget starts when the worker gets the document: a document waiting behind another is not charged.
    this.timer = setTimeout(() => this.timeOut(next), next.timeoutMs);
    worker.postMessage({
      type: 'validate',
      job: next.job,
      schemaId: next.schemaId,
      xml: next.xml,
      maxIssues: next.maxIssues,
      maxDocumentBytes: next.maxDocumentBytes,
    });
  }

  private startedWorker(): Worker {
    if (this.worker !== undefined) return this.worker;
    // No inherited execArgv: the worker is plain JavaScript, and loaders of the parent (tsx, test runners)
    // would only slow its start.
    const worker = new Worker(this.workerUrl, { execArgv: [] });
    this.ready = false;
    worker.on('message', (message: WorkerMessage) => this.onMessage(worker, message));
    worker.on('error', (error) => this.onDeath(worker, `the engine crashed (${error.message})`));
    worker.on('exit', (code) => this.onDeath(worker, `the engine stopped unexpectedly (exit code ${code})`));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, message: WorkerMessage): void {
    if (worker !== this.worker) return;
    if (message.type === 'ready') {
      // Schemas are sent once the worker listens: messages sent earlier could reach only part of it.
      for (const [id, bundle] of this.schemas) worker.postMessage({ type: 'schema', id, bundle });
      this.ready = true;
      this.pump();
      return;
    }
    const running = this.running;
    if (running === undefined || running.job !== message.job) return;
    if (message.type === 'verdict') {
      this.finish(message.verdict);
      return;
    }
    // The worker exits after a failure: stop it now so that the next document does not go to it.
    void this.stopWorker();
    this.finish({ kind: 'engine-failure', reason: message.reason });
  }

  private finish(outcome: EngineVerdict | EngineFailure): void {
    const running = this.running;
    clearTimeout(this.timer);
    this.running = undefined;
    if (running !== undefined && running.xml.length >= this.recycling.afterLength) this.grown = true;
    if (this.queue.length === 0) {
      this.worker?.unref();
      if (this.grown) this.recycleWhenIdle();
    }
    running?.resolve(outcome);
    this.pump();
  }

  private recycleWhenIdle(): void {
    clearTimeout(this.recycleTimer);
    this.recycleTimer = setTimeout(() => {
      if (this.running === undefined && this.queue.length === 0) void this.stopWorker();
    }, this.recycling.whenIdleMs);
    // A pending recycle never keeps the process alive.
    this.recycleTimer.unref();
  }

  private timeOut(job: QueuedJob): void {
    if (this.running !== job) return;
    void this.stopWorker();
    this.finish({
      kind: 'engine-failure',
      reason: `the engine took longer than the time budget of ${job.timeoutMs} ms (timeoutMs)`,
    });
  }

  /** A dead worker fails the document it was judging; the next document starts a new worker. */
  private onDeath(worker: Worker, reason: string): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    this.ready = false;
    if (this.running !== undefined) this.finish({ kind: 'engine-failure', reason });
    else this.pump();
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    this.grown = false;
    clearTimeout(this.recycleTimer);
    if (worker === undefined) return;
    worker.removeAllListeners('message');
    worker.removeAllListeners('exit');
    worker.removeAllListeners('error');
    // terminate() must not leave an 'error' event unhandled.
    worker.on('error', () => undefined);
    await worker.terminate();
  }
}
