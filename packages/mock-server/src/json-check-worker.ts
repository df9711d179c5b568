import type { ResourceLimits } from 'node:worker_threads';
import type { OperationMatch, RecordedRequest, Violation } from '@svc-contracts/contract-checker';
import { describeFailure, type FailureWords, ThreadOfOne } from '@svc-contracts/worker-pool';
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

/** The check of large JSON request bodies on a thread of its own holding its own copy of the contracts,
 * one body at a time, so that parsing and validating them never holds the serving thread. */
export class JsonCheckWorker {
  private readonly thread: ThreadOfOne<unknown, RequestCheck | CheckFailure>;
  private readonly timeoutMs: number;
  private closed = false;

  constructor({ configPath, specs }: CheckThreadData, options: JsonCheckWorkerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.thread = new ThreadOfOne({
      url: options.threadUrl ?? new URL('./json-check-thread.mjs', import.meta.url),
      workerData: { ...(configPath && { configPath }), ...(specs && { specs }) },
      niceIncrement: checkThreadNice,
      maxWaiting: options.maxWaiting ?? 16,
      ...(options.resourceLimits && { resourceLimits: options.resourceLimits }),
    });
  }

  /** Whether a thread is running now. */
  get hasThread(): boolean {
    return this.thread.hasThread;
  }

  /** What `ContractSet.checkRequest` finds for the request (its body given), or why not; never rejects. */
  async check(request: RecordedRequest, service: string): Promise<RequestCheck | CheckFailure> {
    if (this.closed) return failure('the mocks are stopping');
    // A new thread loads the contracts before the budget starts.
    const outcome = await this.thread.run({ request, service }, { timeoutMs: this.timeoutMs, warmUp: {} });
    return outcome.ok ? outcome.value : failure(describeFailure(outcome.failure, words));
  }

  /** Stops the thread; the body it holds fails. */
  close(): Promise<void> {
    this.closed = true;
    return this.thread.close();
  }
}

export function isCheckFailure(outcome: RequestCheck | CheckFailure): outcome is CheckFailure {
  return 'kind' in outcome && outcome.kind === 'check-failure';
}

const failure = (reason: string): CheckFailure => ({ kind: 'check-failure', reason });

const words: FailureWords = {
  timeout: ({ timeoutMs }) => `checking it took longer than the mock's time budget of ${timeoutMs} ms`,
  'out-of-memory': () => 'the check thread ran out of memory',
  exit: ({ code }) => `the check thread stopped (exit code ${code})`,
  crash: ({ message }) => `the check failed (${message})`,
  closed: () => 'the mocks are stopping',
  busy: ({ maxWaiting }) =>
    `${maxWaiting} large bodies were already waiting to be checked (the mock's limit)`,
};
