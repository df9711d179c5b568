import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { OperationMatch, RecordedRequest, Violation } from '@svc-contracts/contract-checker';
import type { ReceivedJson } from './json-budget.js';
import type { ServiceSource } from './services.js';

/**
 * JSON bodies of at least this many bytes are checked off the serving thread; smaller ones inline
 * (parsing and validating 64 KiB costs well under a millisecond, less than the trip to a thread).
 */
export const offThreadMinBytes = 64 * 1024;

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

/**
 * What the thread found of a body it was given as bytes: the check, and the body's text when the answer
 * may need it (the request matched no operation, or broke nothing: Prism and `x-echoes` read it).
 */
export interface LargeBodyCheck extends RequestCheck {
  body?: string;
}

/** The body was past the mock's JSON limits (`JsonBudget`'s reason): not parsed, not checked. */
export interface BodyLimit {
  kind: 'body-limit';
  reason: string;
}

/** The thread could not check the body: it timed out, died, or could not load the contracts. */
export interface CheckFailure {
  kind: 'check-failure';
  reason: string;
}

export interface CheckJob {
  job: number;
  request: RecordedRequest;
  /** The body as received (UTF-8 chunks) and its limits, when the request is sent without its text. */
  received?: ReceivedJson;
  service: string;
}

export type CheckThreadMessage =
  | { type: 'ready' }
  | { type: 'broken'; reason: string }
  | { type: 'checked'; job: number; result: LargeBodyCheck }
  | { type: 'limit'; job: number; reason: string }
  | { type: 'failed'; job: number; reason: string };

export interface JsonCheckWorkerOptions {
  /** Time a body may take on the thread, from when the thread gets it (default 5000 ms). */
  timeoutMs?: number;
  /** Bodies waiting for the thread beyond the one it checks; more are refused unchecked (default 16). */
  maxWaiting?: number;
  /** The thread's heap (default 512 MB of old generation). */
  resourceLimits?: ResourceLimits;
  /** The thread's module (tests). */
  threadUrl?: URL;
}

type Outcome = LargeBodyCheck | BodyLimit | CheckFailure;

interface Queued extends CheckJob {
  resolve: (outcome: Outcome) => void;
}

/**
 * The check of large JSON request bodies, off the thread that serves every mock: one worker thread,
 * started on the first such body, holding its own copy of the contracts and checking one body at a time
 * with `ContractSet.checkRequest`, so that it answers exactly what the serving thread would. A body that
 * overruns its time budget, or on which the thread dies, fails alone (a `CheckFailure`): the thread is
 * stopped and the next body starts another. The thread never keeps the process alive while idle.
 */
export class JsonCheckWorker {
  private worker: Worker | undefined;
  private ready = false;
  private readonly queue: Queued[] = [];
  private running: Queued | undefined;
  private timer: NodeJS.Timeout | undefined;
  private nextJob = 1;
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxWaiting: number;

  constructor(
    private readonly data: CheckThreadData,
    private readonly options: JsonCheckWorkerOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxWaiting = options.maxWaiting ?? 16;
  }

  /** Whether a thread exists now (started, or starting). */
  get hasThread(): boolean {
    return this.worker !== undefined;
  }

  /**
   * What `ContractSet.checkRequest` finds, or why it could not be had; never rejects. With `received`,
   * the body's chunks are transferred to the thread (and detached here), decoded there and held to the
   * limits (`BodyLimit` past one) before they are checked as the body.
   */
  check(request: RecordedRequest, service: string, received?: ReceivedJson): Promise<Outcome> {
    if (this.closed) return Promise.resolve(failure('the mocks are stopping'));
    if (this.queue.length >= this.maxWaiting) {
      return Promise.resolve(
        failure(`${this.maxWaiting} large bodies were already waiting to be checked (the mock's limit)`),
      );
    }
    return new Promise((resolve) => {
      this.queue.push({ job: this.nextJob++, request, service, resolve, ...(received && { received }) });
      this.pump();
    });
  }

  /** Stops the thread; bodies waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...(this.running ? [this.running] : []), ...this.queue.splice(0)];
    this.running = undefined;
    clearTimeout(this.timer);
    for (const job of pending) job.resolve(failure('the mocks are stopping'));
    await this.stop();
  }

  private pump(): void {
    if (this.running !== undefined || this.queue.length === 0) return;
    const worker = this.started();
    // Held while bodies wait: a request being answered must not see the process exit under it.
    worker.ref();
    if (!this.ready) return; // 'ready' pumps again
    const next = this.queue.shift() as Queued;
    this.running = next;
    // The budget starts when the thread gets the body: waiting behind another is not charged.
    this.timer = setTimeout(() => {
      if (this.running !== next) return;
      void this.stop();
      this.finish(failure(`checking it took longer than the mock's time budget of ${this.timeoutMs} ms`));
    }, this.timeoutMs);
    const { job, request, service, received } = next;
    const message: CheckJob = { job, request, service, ...(received && { received }) };
    worker.postMessage(message, received ? received.chunks.map((chunk) => chunk.buffer as ArrayBuffer) : []);
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = startThread(this.data, this.options);
    this.ready = false;
    worker.on('message', (message: CheckThreadMessage) => this.onMessage(worker, message));
    worker.on('error', (error) => this.onDeath(worker, `the check thread failed (${error.message})`));
    worker.on('exit', (code) => this.onDeath(worker, `the check thread stopped (exit code ${code})`));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, message: CheckThreadMessage): void {
    if (worker !== this.worker) return;
    if (message.type === 'ready') {
      this.ready = true;
      this.pump();
      return;
    }
    if (message.type === 'broken') {
      // The contracts did not load there: every body waiting fails with the reason, none is retried.
      void this.stop();
      const reason = `the check thread could not load the contracts (${message.reason})`;
      for (const job of this.queue.splice(0)) job.resolve(failure(reason));
      return;
    }
    if (this.running?.job !== message.job) return;
    if (message.type === 'checked') this.finish(message.result);
    else if (message.type === 'limit') this.finish({ kind: 'body-limit', reason: message.reason });
    else this.finish(failure(`the check failed (${message.reason})`));
  }

  private finish(outcome: Outcome): void {
    const running = this.running;
    clearTimeout(this.timer);
    this.running = undefined;
    if (this.queue.length === 0) this.worker?.unref();
    running?.resolve(outcome);
    this.pump();
  }

  /** A dead thread fails the body it was checking; the next body starts another thread. */
  private onDeath(worker: Worker, reason: string): void {
    if (worker !== this.worker) return;
    this.worker = undefined;
    this.ready = false;
    if (this.running !== undefined) this.finish(failure(reason));
    else if (!this.closed) this.pump();
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    if (worker === undefined) return;
    worker.removeAllListeners('message');
    worker.removeAllListeners('exit');
    worker.removeAllListeners('error');
    // terminate() must not leave an 'error' event unhandled.
    worker.on('error', () => undefined);
    await worker.terminate();
  }
}

export function isCheckFailure(outcome: Outcome): outcome is CheckFailure {
  return 'kind' in outcome && outcome.kind === 'check-failure';
}

export function isBodyLimit(outcome: Outcome): outcome is BodyLimit {
  return 'kind' in outcome && outcome.kind === 'body-limit';
}

const failure = (reason: string): CheckFailure => ({ kind: 'check-failure', reason });

/**
 * The built thread, or, when the mocks run from their TypeScript source (tests, tsx), a small bootstrap
 * that registers tsx in the thread first (loader flags given to a worker do not reach it on Node 20), as
 * the contract checker's workers do.
 */
function startThread(data: CheckThreadData, options: JsonCheckWorkerOptions): Worker {
  const settings = {
    workerData: data,
    resourceLimits: options.resourceLimits ?? { maxOldGenerationSizeMb: 512 },
  };
  if (options.threadUrl) return new Worker(options.threadUrl, { ...settings, execArgv: [] });
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./json-check-thread.js', import.meta.url), { ...settings, execArgv: [] });
  const source = new URL('./json-check-thread.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, ...settings });
}
