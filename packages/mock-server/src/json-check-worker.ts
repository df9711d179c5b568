import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { OperationMatch, RecordedRequest, Violation } from '@svc-contracts/contract-checker';
import { ThreadOfOne } from '@svc-contracts/xml-validator';
import type { JsonLimits } from './json-budget.js';
import type { ServiceSource } from './services.js';

/**
 * JSON bodies of at least this many bytes are checked off the serving thread; smaller ones inline
 * (parsing and validating 64 KiB costs well under a millisecond, less than the trip to a thread).
 */
export const offThreadMinBytes = 64 * 1024;

/**
 * How much lower than the serving thread's the check thread's OS priority is (its nice value, added;
 * Linux): with few cores, the requests the mocks serve go before the check of a large body.
 */
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

/** What the serving thread posts to the check thread. */
export type ToCheckThread =
  /** A large body starts arriving: the thread decodes and scans its chunks as they come. */
  | { type: 'open'; body: number; limits: JsonLimits }
  /** The next chunks of a body, as received (transferred). */
  | { type: 'chunks'; body: number; chunks: Uint8Array[] }
  /** The body will not be checked (past a limit, too large, the client went): forget it. */
  | { type: 'drop'; body: number }
  | CheckJob;

export interface CheckJob {
  type: 'check';
  job: number;
  request: RecordedRequest;
  /** The body streamed to the thread (`open`, `chunks`), when the request is sent without its text. */
  body?: number;
  service: string;
}

export type CheckThreadMessage =
  | { type: 'ready' }
  | { type: 'broken'; reason: string }
  | { type: 'checked'; job: number; result: LargeBodyCheck }
  | { type: 'limit'; job: number; reason: string }
  | { type: 'failed'; job: number; reason: string }
  /** A streamed body went past a limit before its end: the rest need not be read. */
  | { type: 'exceeded'; body: number; reason: string }
  /** The thread has decoded and scanned this many more bytes of a streamed body (within the limits). */
  | { type: 'scanned'; body: number; bytes: number };

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

/** Chunks are posted to the thread in batches of about this many bytes (fewer messages, little held). */
export const chunkBatchBytes = 256 * 1024;

/**
 * Bytes of a body posted to the thread and not yet scanned there beyond which the serving thread stops
 * reading it until the thread catches up: a body past a limit is then found after at most this much more
 * than the limit, and the rest is never read (nor held anywhere).
 */
export const maxUnscannedBytes = 2 * chunkBatchBytes;

/**
 * A large JSON body streamed to the check thread as it arrives (`JsonCheckWorker.open`): each chunk is
 * transferred (not copied) in batches of about {@link chunkBatchBytes}, decoded and held to the JSON
 * limits there while the rest arrives. Past a limit, or when the thread cannot take it, `onStop` is
 * called before the body's end (the rest need not be read); once the whole body is in, `check` asks for
 * the check of the request with it.
 */
export class StreamedJsonBody {
  /** Set once the body is past a limit or cannot be checked (see `onStop`). */
  stopped: BodyLimit | CheckFailure | undefined;
  private batch: Uint8Array[] = [];
  private batchBytes = 0;
  private readonly seen = new Set<ArrayBufferLike>();
  /** Bytes posted and not yet scanned on the thread. */
  private unscanned = 0;
  private drained: (() => void) | undefined;
  /** Sent to the thread for checking (`check`): the job's outcome says what became of it. */
  checking = false;

  constructor(
    readonly id: number,
    private readonly owner: JsonCheckWorker,
    /** The thread it was opened on: a body cannot move to another (its chunks are there). */
    readonly worker: Worker | undefined,
    private readonly onStop: (outcome: BodyLimit | CheckFailure) => void,
  ) {}

  /**
   * The next chunk as received: kept on memory of its own (copied only when it shares it) and sent on.
   * Returns false when the thread is {@link maxUnscannedBytes} behind: read no more until `whenDrained`.
   */
  write(chunk: Buffer): boolean {
    if (this.stopped !== undefined) return true;
    const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
    const kept = own && !this.seen.has(chunk.buffer) ? chunk : new Uint8Array(chunk);
    this.seen.add(kept.buffer);
    this.batch.push(kept);
    this.batchBytes += kept.byteLength;
    if (this.batchBytes >= chunkBatchBytes) this.flush();
    return this.unscanned < maxUnscannedBytes;
  }

  /** Calls `callback` once the thread has caught up (or the body stopped). */
  whenDrained(callback: () => void): void {
    if (this.stopped !== undefined || this.unscanned < maxUnscannedBytes) callback();
    else this.drained = callback;
  }

  /** @internal The thread scanned `bytes` more. */
  scanned(bytes: number): void {
    this.unscanned -= bytes;
    if (this.unscanned < maxUnscannedBytes) this.drain();
  }

  private drain(): void {
    const drained = this.drained;
    this.drained = undefined;
    drained?.();
  }

  /** The whole body is in: what `ContractSet.checkRequest` finds of `request` with it, or why not. */
  check(request: RecordedRequest, service: string): Promise<Outcome> {
    return this.owner.check(request, service, this);
  }

  /** The body will not be checked (too large, the client went): the thread forgets it. */
  drop(): void {
    this.owner.dropBody(this);
  }

  /** @internal Posts the chunks not yet sent. */
  flush(): void {
    if (this.batch.length === 0) return;
    const chunks = this.batch;
    this.unscanned += this.batchBytes;
    this.batch = [];
    this.batchBytes = 0;
    this.seen.clear();
    if (this.stopped === undefined && this.worker !== undefined)
      post(this.worker, { type: 'chunks', body: this.id, chunks }, chunks);
  }

  /** @internal The thread found the body past a limit, or lost it: tells the reader once. */
  stop(outcome: BodyLimit | CheckFailure): void {
    if (this.stopped !== undefined) return;
    this.stopped = outcome;
    this.batch = [];
    if (!this.checking) this.onStop(outcome);
    this.drain();
  }
}

const post = (worker: Worker, message: ToCheckThread, chunks: Uint8Array[] = []): void =>
  worker.postMessage(
    message,
    chunks.map((chunk) => chunk.buffer as ArrayBuffer),
  );

/**
 * The check of large JSON request bodies, off the thread that serves every mock: one worker thread
 * (a `ThreadOfOne`), started on the first such body, holding its own copy of the contracts. Bodies are
 * streamed to it as they arrive (`open`), decoded and held to the JSON limits there, and checked one at
 * a time with `ContractSet.checkRequest`, so that it answers exactly what the serving thread would. A
 * body past a limit is reported before its end (`StreamedJsonBody`). A body that overruns its time
 * budget, or on which the thread dies, fails (a `CheckFailure`): the thread is stopped, the bodies it was
 * receiving fail with the reason too (their chunks were there), and the next body starts another thread.
 * The thread never keeps the process alive while idle.
 */
export class JsonCheckWorker {
  private readonly thread: ThreadOfOne;
  private nextBody = 1;
  /** Bodies opened and not yet checked or dropped, by id. */
  private readonly bodies = new Map<number, StreamedJsonBody>();
  private closed = false;
  private readonly timeoutMs: number;
  private readonly maxWaiting: number;

  constructor(data: CheckThreadData, options: JsonCheckWorkerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxWaiting = options.maxWaiting ?? 16;
    this.thread = new ThreadOfOne({
      start: () => startThread(data, options),
      onMessage: (message) => this.onMessage(message as CheckThreadMessage),
      // The bodies arriving there fail: their chunks were on it.
      onGone: (reason, cause) =>
        this.loseBodies(
          cause === 'timedOut'
            ? `the check thread was restarted while the body arrived (another body: ${reason})`
            : reason,
        ),
      busy: () => this.bodies.size > 0,
      reasons: {
        timedOut: (ms) => `checking it took longer than the mock's time budget of ${ms} ms`,
        crashed: (message) => `the check thread failed (${message})`,
        exited: (code) => `the check thread stopped (exit code ${code})`,
        stopped: 'the mocks are stopping',
      },
    });
  }

  /** Whether a thread exists now (started, or starting). */
  get hasThread(): boolean {
    return this.thread.worker !== undefined;
  }

  /**
   * Starts streaming a large JSON body to the thread, to be held to `limits` there as it arrives.
   * `onStop` is called (at most once, and never after `check`) when the body is found past a limit or
   * cannot be checked: more than `maxWaiting` bodies besides the one being checked, the mocks stopping,
   * the thread lost.
   */
  open(limits: JsonLimits, onStop: (outcome: BodyLimit | CheckFailure) => void): StreamedJsonBody {
    const refused = this.closed
      ? 'the mocks are stopping'
      : this.bodies.size > this.maxWaiting
        ? `${this.maxWaiting} large bodies were already waiting to be checked (the mock's limit)`
        : undefined;
    const worker = refused === undefined ? this.thread.started() : undefined;
    const body = new StreamedJsonBody(this.nextBody++, this, worker, onStop);
    if (worker === undefined) {
      queueMicrotask(() => body.stop(failure(refused ?? 'the check thread could not start')));
      return body;
    }
    this.bodies.set(body.id, body);
    // Held while bodies arrive: a request being answered must not see the process exit under it.
    this.thread.refresh();
    post(worker, { type: 'open', body: body.id, limits });
    return body;
  }

  /**
   * What `ContractSet.checkRequest` finds, or why it could not be had; never rejects. With `body`, the
   * request is checked with the body streamed to the thread (see `open`), held to the limits there
   * (`BodyLimit` past one).
   */
  check(request: RecordedRequest, service: string, body?: StreamedJsonBody): Promise<Outcome> {
    if (body !== undefined) {
      body.flush();
      body.checking = true;
      if (body.stopped !== undefined) {
        this.dropBody(body);
        return Promise.resolve(body.stopped);
      }
    }
    const refused = this.closed
      ? 'the mocks are stopping'
      : this.thread.waiting >= this.maxWaiting
        ? `${this.maxWaiting} large bodies were already waiting to be checked (the mock's limit)`
        : undefined;
    if (refused !== undefined) {
      if (body !== undefined) this.dropBody(body);
      return Promise.resolve(failure(refused));
    }
    return this.thread.run<Outcome>({
      timeoutMs: this.timeoutMs,
      // Its chunks were on a thread that is gone, or it was found past a limit meanwhile.
      before: (worker) => {
        if (body === undefined || (body.worker === worker && body.stopped === undefined)) return undefined;
        this.dropBody(body);
        return body.stopped ?? failure('the check thread stopped while the body arrived');
      },
      post: (worker, job) =>
        post(worker, { type: 'check', job, request, service, ...(body && { body: body.id }) }),
      answer: (message) => {
        const answer = message as CheckThreadMessage;
        // The thread forgets a body once it has answered its check.
        if (body !== undefined) this.dropBody(body, false);
        if (answer.type === 'checked') return { outcome: answer.result };
        if (answer.type === 'limit') return { outcome: { kind: 'body-limit', reason: answer.reason } };
        return { outcome: failure(`the check failed (${'reason' in answer ? answer.reason : 'no answer'})`) };
      },
      fail: (reason) => {
        if (body !== undefined) this.dropBody(body, false);
        return failure(reason);
      },
    });
  }

  /** @internal The body will not be checked: the thread forgets it (`tell`), or has already. */
  dropBody(body: StreamedJsonBody, tell = true): void {
    if (this.bodies.get(body.id) !== body) return;
    this.bodies.delete(body.id);
    const worker = this.thread.worker;
    if (tell && body.worker === worker && worker !== undefined) post(worker, { type: 'drop', body: body.id });
    this.thread.refresh();
  }

  /** Stops the thread; bodies waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    this.loseBodies('the mocks are stopping');
    await this.thread.close();
  }

  private onMessage(message: CheckThreadMessage): void {
    if (message.type === 'broken') {
      // The contracts did not load there: every body waiting fails with the reason, none is retried.
      const reason = `the check thread could not load the contracts (${message.reason})`;
      this.loseBodies(reason);
      this.thread.failWaiting(reason);
      void this.thread.stop(reason);
    } else if (message.type === 'scanned') this.bodies.get(message.body)?.scanned(message.bytes);
    else if (message.type === 'exceeded')
      this.bodies.get(message.body)?.stop({ kind: 'body-limit', reason: message.reason });
  }

  /** The bodies still arriving on a thread that is gone fail: their chunks were there. */
  private loseBodies(reason: string): void {
    for (const [id, body] of this.bodies) {
      if (body.checking) continue;
      this.bodies.delete(id);
      body.stop(failure(reason));
    }
    this.thread.refresh();
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
