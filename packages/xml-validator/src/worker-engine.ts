import { Piscina } from 'piscina';
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

/** libxml2 on a pooled thread (piscina) for large documents, one at a time, each within its time budget from
 * when the thread takes it: a document that overruns it or kills the thread fails alone. */
export class WorkerEngine {
  private pool: Piscina | undefined;
  private readonly schemas = new Map<string, Bundle>();
  private queue: Promise<unknown> = Promise.resolve();
  private closing = false;

  constructor(private readonly options: WorkerEngineOptions = {}) {}

  /** Whether a thread is running now. */
  get hasWorker(): boolean {
    return (this.pool?.threads.length ?? 0) > 0;
  }

  registerSchema(id: string, bundle: Bundle): void {
    this.schemas.set(id, { entryFileName: bundle.entryFileName, files: bundle.files });
  }

  /** Resolves with the verdict, or with an {@link EngineFailure}; never rejects. */
  validate(job: WorkerJob): Promise<EngineVerdict | EngineFailure> {
    const turn = this.queue.then(() => this.runNow(job));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Stops the thread; the document it holds fails. */
  async shutdown(): Promise<void> {
    this.closing = true;
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
    this.closing = false;
  }

  private async runNow({ timeoutMs, ...job }: WorkerJob): Promise<EngineVerdict | EngineFailure> {
    const bundle = this.schemas.get(job.schemaId);
    if (bundle === undefined) return failure('the schema is not registered with the engine worker');
    this.pool ??= new Piscina({
      filename: (this.options.workerUrl ?? DEFAULT_WORKER_URL).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: this.options.idleTimeoutMs ?? 2_000,
      // Plain JavaScript: loaders of the parent (tsx, test runners) would only slow its start.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 512 },
    });
    const pool = this.pool;
    // A new thread loads libxml2 and compiles the schema before the budget starts.
    if (pool.threads.length === 0) await pool.run({ schemaId: job.schemaId, bundle }).catch(() => undefined);
    try {
      const verdict: EngineVerdict | EngineFailure = await pool.run(
        { ...job, bundle },
        { signal: AbortSignal.timeout(timeoutMs) },
      );
      // The engine failed inside the thread: its WebAssembly memory is suspect, so the thread goes.
      if (verdict.kind === 'engine-failure' && this.pool === pool) {
        this.pool = undefined;
        void pool.destroy();
      }
      return verdict;
    } catch (error) {
      return failure(this.closing ? 'the engine was shut down' : reasonOf(error, timeoutMs));
    }
  }
}

const failure = (reason: string): EngineFailure => ({ kind: 'engine-failure', reason });

function reasonOf(error: unknown, timeoutMs: number): string {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError')
    return `the engine took longer than the time budget of ${timeoutMs} ms (timeoutMs)`;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'the engine ran out of memory';
  const exit = /exited with code: (-?\d+)/.exec(message ?? '');
  if (exit) return `the engine stopped unexpectedly (exit code ${exit[1]})`;
  return `the engine crashed (${message ?? String(error)})`;
}
