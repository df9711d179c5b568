import type { ResourceLimits } from 'node:worker_threads';
import type { OperationMatch, RecordedRequest, Violation } from '@svc-contracts/contract-checker';
import { Piscina } from 'piscina';
import type { ServiceSource } from './services.js';

/** JSON bodies of at least this many characters are checked off the serving thread; smaller ones inline. */
export const offThreadMinBytes = 64 * 1024;

/** Added to the check thread's nice value (Linux): with few cores, the requests served go first. */
export const checkThreadNice = 10;

/** What the thread loads its contracts from: the same options the serving thread's `loadContracts` had. */
export interface CheckThreadData {
  configPath?: string;
  specs?: ServiceSource[];
}

/** What `ContractSet.checkRequest` answers. */
export interface RequestCheck {
  match?: OperationMatch;
  violations: Violation[];
}

/** The thread could not check the body: it timed out, died, ran out of memory or could not load the contracts. */
export interface CheckFailure {
  kind: 'check-failure';
  reason: string;
}

export interface JsonCheckWorkerOptions {
  /** Time a body may take on the thread, from when the thread takes it (default 5000 ms). */
  timeoutMs?: number;
  /** Bodies waiting for the thread beyond the one it checks; more are refused unchecked (default 16). */
  maxWaiting?: number;
  /** The thread's heap (default 512 MB of old generation). */
  resourceLimits?: ResourceLimits;
  /** The thread's module (tests). */
  threadUrl?: URL;
}

/** The check of large JSON request bodies on a pooled thread (piscina) holding its own copy of the contracts,
 * one body at a time, so that parsing and validating them never holds the serving thread. */
export class JsonCheckWorker {
  private pool: Piscina | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Bodies queued or being checked. */
  private pending = 0;
  private closed = false;

  constructor(
    private readonly data: CheckThreadData,
    private readonly options: JsonCheckWorkerOptions = {},
  ) {}

  /** Whether a thread is running now. */
  get hasThread(): boolean {
    return (this.pool?.threads.length ?? 0) > 0;
  }

  /** What `ContractSet.checkRequest` finds for the request (its body given), or why not; never rejects. */
  check(request: RecordedRequest, service: string): Promise<RequestCheck | CheckFailure> {
    const maxWaiting = this.options.maxWaiting ?? 16;
    if (this.closed) return Promise.resolve(failure('the mocks are stopping'));
    if (this.pending > maxWaiting)
      return Promise.resolve(
        failure(`${maxWaiting} large bodies were already waiting to be checked (the mock's limit)`),
      );
    this.pending++;
    const turn = this.queue.then(() => this.runNow(request, service));
    const settle = (): void => {
      this.pending--;
    };
    this.queue = turn.then(settle, settle);
    return turn;
  }

  /** Stops the thread; the body it holds fails. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool?.destroy();
  }

  private async runNow(request: RecordedRequest, service: string): Promise<RequestCheck | CheckFailure> {
    if (this.closed) return failure('the mocks are stopping');
    const { configPath, specs } = this.data;
    this.pool ??= new Piscina({
      filename: (this.options.threadUrl ?? new URL('./json-check-thread.mjs', import.meta.url)).href,
      workerData: { ...(configPath && { configPath }), ...(specs && { specs }) },
      minThreads: 0,
      maxThreads: 1,
      // Kept while the mocks run: a new thread loads the contracts again.
      idleTimeout: 2 ** 31 - 1,
      niceIncrement: checkThreadNice,
      execArgv: [],
      resourceLimits: this.options.resourceLimits ?? { maxOldGenerationSizeMb: 512 },
    });
    const timeoutMs = this.options.timeoutMs ?? 5000;
    // A new thread loads the contracts before the budget starts.
    if (this.pool.threads.length === 0) await this.pool.run({}).catch(() => undefined);
    try {
      return await this.pool.run({ request, service }, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      return failure(this.closed ? 'the mocks are stopping' : reasonOf(error, timeoutMs));
    }
  }
}

export function isCheckFailure(outcome: RequestCheck | CheckFailure): outcome is CheckFailure {
  return 'kind' in outcome && outcome.kind === 'check-failure';
}

const failure = (reason: string): CheckFailure => ({ kind: 'check-failure', reason });

function reasonOf(error: unknown, timeoutMs: number): string {
  const { name, code, message } = error as { name?: string; code?: string; message?: string };
  if (name === 'AbortError') return `checking it took longer than the mock's time budget of ${timeoutMs} ms`;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return 'the check thread ran out of memory';
  const exit = /exited with code: (-?\d+)/.exec(message ?? '');
  if (exit) return `the check thread stopped (exit code ${exit[1]})`;
  return `the check failed (${message ?? String(error)})`;
}
