import { describeFailure, type FailureWords, ThreadOfOne } from '@svc-contracts/worker-pool';
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

export interface WorkerEngineOptions {
  /** The thread's module (tests inject faults with their own). */
  workerUrl?: URL;
  /** An idle thread ends after this long (WebAssembly memory only grows); default 2000 ms. */
  idleTimeoutMs?: number;
  /** The thread's JavaScript heap; default 512 MB of old generation. */
  maxHeapMb?: number;
}

type Bundle = Pick<SchemaBundle, 'entryFileName' | 'files'>;

export const DEFAULT_WORKER_URL = new URL('./libxml2-worker.mjs', import.meta.url);

/** libxml2 on a thread of its own for large documents, one at a time, each within its time budget from
 * when the thread takes it: a document that overruns it or kills the thread fails alone. */
export class WorkerEngine {
  private readonly thread: ThreadOfOne<unknown, EngineVerdict | EngineFailure>;
  private readonly schemas = new Map<string, Bundle>();

  constructor(options: WorkerEngineOptions = {}) {
    this.thread = new ThreadOfOne({
      url: options.workerUrl ?? DEFAULT_WORKER_URL,
      idleTimeoutMs: options.idleTimeoutMs ?? 2_000,
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb ?? 512 },
      // The engine failed inside the thread: its WebAssembly memory is suspect, so the thread goes.
      isBroken: (verdict) => verdict.kind === 'engine-failure',
    });
  }

  /** Whether a thread is running now. */
  get hasWorker(): boolean {
    return this.thread.hasThread;
  }

  registerSchema(id: string, bundle: Bundle): void {
    this.schemas.set(id, { entryFileName: bundle.entryFileName, files: bundle.files });
  }

  /** Resolves with the verdict, or with an {@link EngineFailure}; never rejects. */
  async validate({ timeoutMs, ...job }: WorkerJob): Promise<EngineVerdict | EngineFailure> {
    const bundle = this.schemas.get(job.schemaId);
    if (bundle === undefined) return failure('the schema is not registered with the engine worker');
    // A new thread loads libxml2 and compiles the schema before the budget starts.
    const warmUp = { schemaId: job.schemaId, bundle };
    const outcome = await this.thread.run({ ...job, bundle }, { timeoutMs, warmUp });
    return outcome.ok ? outcome.value : failure(describeFailure(outcome.failure, words));
  }

  /** Stops the thread; the document it holds fails. */
  shutdown(): Promise<void> {
    return this.thread.close();
  }
}

const failure = (reason: string): EngineFailure => ({ kind: 'engine-failure', reason });

const words: FailureWords = {
  timeout: ({ timeoutMs }) => `the engine took longer than the time budget of ${timeoutMs} ms (timeoutMs)`,
  'out-of-memory': () => 'the engine ran out of memory',
  exit: ({ code }) => `the engine stopped unexpectedly (exit code ${code})`,
  crash: ({ message }) => `the engine crashed (${message})`,
  closed: () => 'the engine was shut down',
  busy: () => 'the engine is busy',
};
