import { Worker } from 'node:worker_threads';
import type { EngineLimits, EngineVerdict } from './engine-core.js';
import type { SchemaBundle } from './schema-files.js';
import { ThreadOfOne } from './thread-of-one.js';

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

type WorkerMessage =
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
 * caller's event loop (a `ThreadOfOne`). A document that overruns its time budget, or on which the worker
 * dies (crash, out of memory), fails alone: the worker is terminated, the next document gets a fresh
 * worker, and the schemas are compiled there again.
 *
 * The worker never keeps the process alive while idle (it is unref'd between jobs).
 */
export class WorkerEngine {
  private readonly thread: ThreadOfOne;
  private readonly schemas = new Map<string, Pick<SchemaBundle, 'entryFileName' | 'files'>>();

  constructor(
    private readonly workerUrl: URL = DEFAULT_WORKER_URL,
    private readonly recycling: WorkerRecycling = DEFAULT_RECYCLING,
  ) {
    this.thread = new ThreadOfOne({
      // No inherited execArgv: the worker is plain JavaScript, and loaders of the parent (tsx, test
      // runners) would only slow its start.
      start: () => new Worker(this.workerUrl, { execArgv: [] }),
      // Schemas are sent once the worker listens: messages sent earlier could reach only part of it.
      onReady: (worker) => {
        for (const [id, bundle] of this.schemas) worker.postMessage({ type: 'schema', id, bundle });
      },
      reasons: {
        timedOut: (ms) => `the engine took longer than the time budget of ${ms} ms (timeoutMs)`,
        crashed: (message) => `the engine crashed (${message})`,
        exited: (code) => `the engine stopped unexpectedly (exit code ${code})`,
        stopped: 'the engine was shut down',
      },
      recycle: { whenIdleMs: this.recycling.whenIdleMs },
    });
  }

  /** Whether a worker thread exists now (started, or starting). */
  get hasWorker(): boolean {
    return this.thread.worker !== undefined;
  }

  registerSchema(id: string, bundle: Pick<SchemaBundle, 'entryFileName' | 'files'>): void {
    const plain = { entryFileName: bundle.entryFileName, files: bundle.files };
    this.schemas.set(id, plain);
    if (this.thread.isReady) this.thread.worker?.postMessage({ type: 'schema', id, bundle: plain });
  }

  dropSchema(id: string): void {
    this.schemas.delete(id);
    if (this.thread.isReady) this.thread.worker?.postMessage({ type: 'drop', id });
  }

  /** Resolves with the verdict, or with an {@link EngineFailure}; never rejects. */
  validate(job: WorkerJob): Promise<EngineVerdict | EngineFailure> {
    const { schemaId, xml, maxIssues, maxDocumentBytes } = job;
    const failure = (reason: string): EngineFailure => ({ kind: 'engine-failure', reason });
    return this.thread.run<EngineVerdict | EngineFailure>(
      {
        timeoutMs: job.timeoutMs,
        post: (worker, id) =>
          worker.postMessage({ type: 'validate', job: id, schemaId, xml, maxIssues, maxDocumentBytes }),
        answer: (message) => {
          const answer = message as WorkerMessage;
          if (answer.type === 'verdict') return { outcome: answer.verdict };
          // The worker exits after a failure: it is replaced so that the next document does not go to it.
          return { outcome: failure(answer.type === 'failure' ? answer.reason : 'no verdict'), stop: true };
        },
        fail: failure,
      },
      // WebAssembly memory only grows: after a long document the worker is replaced once idle.
      xml.length >= this.recycling.afterLength,
    );
  }

  /** Stops the worker; queued and running documents fail. */
  async shutdown(): Promise<void> {
    await this.thread.close();
  }
}
