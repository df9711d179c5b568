import { Worker } from 'node:worker_threads';
import { XmlEngineError } from './errors.js';
import type { VirtualFile } from './schema-files.js';

export interface XmllintRun {
  args: string[];
  files: VirtualFile[];
}

export interface XmllintOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface WorkerResult extends XmllintOutcome {
  svcXmllintResult: true;
  id: number;
}

/** 16 MiB to start, as xmllint-wasm does; it grows on demand up to the maximum. */
const INITIAL_MEMORY_PAGES = 256;
/** 256 MiB: room for a batch of hundreds of documents or one large document. */
const MAX_MEMORY_PAGES = 4096;
/** An idle worker with no open validator is stopped after this long, to give its memory back. */
const IDLE_SHUTDOWN_MS = 2_000;

/**
 * One long-lived worker thread running xmllint-wasm, shared by every validator in the process. Runs are
 * executed one at a time in submission order (the worker is single-threaded anyway).
 *
 * The worker never keeps the process alive while idle (it is unref'd), so a caller that forgets `close()`
 * does not hang its test run or CLI.
 */
export class XmllintEngine {
  private worker: Worker | undefined;
  private nextRunId = 1;
  private readonly inFlight = new Map<
    number,
    { resolve: (outcome: XmllintOutcome) => void; reject: (error: Error) => void }
  >();
  private queueTail: Promise<unknown> = Promise.resolve();
  private users = 0;
  /** Tasks submitted to `exclusive` and not finished: the worker is not idle while there are any. */
  private pendingTasks = 0;
  private idleTimer: NodeJS.Timeout | undefined;

  /** Registers a user (an open validator); the worker stays up while there is one. */
  acquire(): void {
    this.users++;
    this.cancelIdleShutdown();
  }

  release(): void {
    this.users = Math.max(0, this.users - 1);
    this.scheduleIdleShutdownIfUnused();
  }

  /**
   * Runs `task` after every task submitted before it has finished. `task` gets exclusive use of the engine
   * and may call `execute` several times (a batch, then single retries).
   */
  exclusive<T>(task: (execute: (run: XmllintRun) => Promise<XmllintOutcome>) => Promise<T>): Promise<T> {
    this.cancelIdleShutdown();
    this.pendingTasks++;
    const result = this.queueTail.then(() => task((run) => this.execute(run)));
    const done = () => {
      this.pendingTasks--;
      this.scheduleIdleShutdownIfUnused();
    };
    this.queueTail = result.then(done, done);
    return result;
  }

  /** Stops the worker now; runs still in flight fail with `XmlEngineError`. The next run starts a new one. */
  async shutdown(): Promise<void> {
    this.cancelIdleShutdown();
    const worker = this.worker;
    this.worker = undefined;
    if (worker === undefined) return;
    // Deliberate stop: its exit event must not fail runs already sent to a successor worker.
    worker.removeAllListeners('exit');
    worker.removeAllListeners('error');
    this.rejectInFlight(new XmlEngineError('The XSD engine was shut down.'));
    await worker.terminate();
  }

  private execute(run: XmllintRun): Promise<XmllintOutcome> {
    const worker = this.startedWorker();
    const id = this.nextRunId++;
    return new Promise<XmllintOutcome>((resolve, reject) => {
      this.inFlight.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({
        svcXmllintJob: true,
        id,
        args: run.args,
        files: run.files,
        initialMemoryPages: INITIAL_MEMORY_PAGES,
        maxMemoryPages: MAX_MEMORY_PAGES,
      });
    });
  }

  private startedWorker(): Worker {
    if (this.worker !== undefined) return this.worker;
    // No inherited execArgv: the worker is plain CommonJS, and loaders the parent runs under (tsx, test
    // runners) would only slow its start.
    const worker = new Worker(new URL('./xmllint-worker.cjs', import.meta.url), { execArgv: [] });
    worker.on('message', (message: WorkerResult) => this.settle(message));
    worker.on('error', (error) => this.failWorker(worker, error));
    worker.on('exit', (code) =>
      this.failWorker(worker, new XmlEngineError(`The XSD engine worker exited (code ${code}).`)),
    );
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private settle(message: WorkerResult): void {
    if (message?.svcXmllintResult !== true) return;
    const pending = this.inFlight.get(message.id);
    this.inFlight.delete(message.id);
    if (this.inFlight.size === 0) this.worker?.unref();
    pending?.resolve({ exitCode: message.exitCode, stdout: message.stdout, stderr: message.stderr });
  }

  /** A dead worker fails its runs; the next run starts a new one. */
  private failWorker(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.rejectInFlight(
      error instanceof XmlEngineError
        ? error
        : new XmlEngineError(`The XSD engine worker failed: ${error.message}`),
    );
  }

  private rejectInFlight(error: XmlEngineError): void {
    for (const pending of this.inFlight.values()) pending.reject(error);
    this.inFlight.clear();
  }

  private isIdleAndUnused(): boolean {
    return this.users === 0 && this.pendingTasks === 0 && this.inFlight.size === 0;
  }

  private scheduleIdleShutdownIfUnused(): void {
    if (this.worker === undefined || !this.isIdleAndUnused()) return;
    this.cancelIdleShutdown();
    this.idleTimer = setTimeout(() => {
      // Checked again: work may have arrived since the timer was set.
      if (this.isIdleAndUnused()) void this.shutdown();
    }, IDLE_SHUTDOWN_MS);
    this.idleTimer.unref();
  }

  private cancelIdleShutdown(): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

let sharedEngine: XmllintEngine | undefined;

/** The process-wide engine; validators share it so the process holds one worker, not one per XSD. */
export function getSharedXmllintEngine(): XmllintEngine {
  sharedEngine ??= new XmllintEngine();
  return sharedEngine;
}
