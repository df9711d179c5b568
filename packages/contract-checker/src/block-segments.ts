import { joinRendered, type ReportFormat, renderEntry } from './format.js';
import type { InputError } from './har.js';
import {
  blockOf,
  checkRecordings,
  type EntryReport,
  type ReportSink,
  type RunSummary,
  type Shard,
} from './report.js';
import type { WorkerInput, WorkerSegment } from './worker-protocol.js';

/** A batch is sent early when a block holds this many segments (many input errors). */
const maxSegments = 256;

/**
 * Turns one share's results (entries and input errors, in input order) into the segments the
 * coordinator writes: runs of rendered entries of one block and one file, and input errors. Each block is
 * sent as soon as its last entry is known, so a thread that crashes later has not held it. Used by every
 * thread that checks a share, the main thread included, so all shares reach the report the same way.
 */
export class BlockSegments implements ReportSink {
  private segments: WorkerSegment[] = [];
  private run: string[] = [];
  private runStart = 0;
  private runLast = 0;
  private runFile = '';
  private runPassed = 0;
  private runFailed = 0;
  private block = -1;

  /** Batches sent and not yet acknowledged by the writing thread. */
  private unacknowledged = 0;
  private resume: (() => void) | undefined;

  constructor(
    private readonly format: ReportFormat,
    private readonly shard: Shard | undefined,
    private readonly blockSize: number,
    /** Hands a batch to the writing thread, which calls {@link acknowledge} once it has written it. */
    private readonly send: (segments: WorkerSegment[]) => void,
    /**
     * Batches that may wait unwritten before the checking waits too (backpressure): a share that checks
     * faster than the report is written holds a few blocks, never the input.
     */
    private readonly maxUnacknowledged = Number.POSITIVE_INFINITY,
  ) {}

  /** The writing thread has written one batch: the checking may go on if it was held. */
  acknowledge(): void {
    this.unacknowledged--;
    this.resume?.();
    this.resume = undefined;
  }

  /** A promise only when the writing thread must catch up first. */
  entry(entry: EntryReport): void | Promise<void> {
    const entered = this.enterBlockOf(entry.position);
    return entered ? entered.then(() => this.add(entry)) : this.add(entry);
  }

  async inputError(error: InputError, position: number): Promise<void> {
    // An entry's error belongs to the entry's block; a file's problem to none.
    if (error.entry !== undefined) await this.enterBlockOf(position);
    this.closeRun();
    this.segments.push({ kind: 'error', error, position });
    if (error.entry !== undefined) await this.leaveBlockAfter(position);
    if (this.segments.length >= maxSegments) await this.flush();
  }

  /** Sends what is left: call once the share is checked. A promise only when the writing thread is behind. */
  flush(): void | Promise<void> {
    this.closeRun();
    if (this.segments.length === 0) return;
    const segments = this.segments;
    this.segments = [];
    this.send(segments);
    this.unacknowledged++;
    if (this.unacknowledged > this.maxUnacknowledged) return this.writerCaughtUp();
  }

  private async writerCaughtUp(): Promise<void> {
    while (this.unacknowledged > this.maxUnacknowledged) {
      await new Promise<void>((done) => (this.resume = done));
    }
  }

  private add(entry: EntryReport): void | Promise<void> {
    if (entry.file !== this.runFile) this.closeRun();
    if (this.run.length === 0) {
      this.runStart = entry.position;
      this.runFile = entry.file;
    }
    this.runLast = entry.position;
    if (entry.verdict === 'violation') this.runFailed++;
    else this.runPassed++;
    this.run.push(renderEntry(this.format, entry));
    return this.leaveBlockAfter(entry.position);
  }

  private closeRun(): void {
    if (this.run.length === 0) return;
    this.segments.push({
      kind: 'entries',
      position: this.runStart,
      last: this.runLast,
      text: joinRendered(this.format, this.run),
      passed: this.runPassed,
      failed: this.runFailed,
    });
    this.run = [];
    this.runPassed = 0;
    this.runFailed = 0;
  }

  /** Sends the block being checked when `position` starts another one. */
  private enterBlockOf(position: number): void | Promise<void> {
    const next = blockOf(position, this.shard, this.blockSize);
    if (next === this.block) return;
    // The block's segments leave at once; only the wait for the writing thread may follow.
    const sent = this.flush();
    this.block = next;
    return sent;
  }

  /** Sends the block as soon as `position` ends it. */
  private leaveBlockAfter(position: number): void | Promise<void> {
    if (blockOf(position + (this.shard?.count ?? 1), this.shard, this.blockSize) !== this.block)
      return this.flush();
  }
}

/**
 * Checks the share of a run that `input` names, its blocks handed to `send` with at most
 * `maxUnacknowledged` unwritten (`acknowledge`, called once a batch is written, lets the checking go on):
 * what a worker thread does, and the main thread with the first share.
 * `checkRecordings` loads the contracts (from the set-up cache, normally) and closes them when done.
 */
export async function checkShare(
  input: WorkerInput,
  send: (segments: WorkerSegment[], acknowledge: () => void) => void,
  maxUnacknowledged: number,
  onBlock?: (block: number) => void,
): Promise<RunSummary> {
  const blocks: BlockSegments = new BlockSegments(
    input.format,
    input.options.shard,
    input.part.blockSize,
    (segments) => send(segments, acknowledge),
    maxUnacknowledged,
  );
  const acknowledge = (): void => blocks.acknowledge();
  const summary = await checkRecordings(
    input.paths,
    {
      ...input.options,
      configPath: input.configPath,
      ...(input.cache === false ? { cache: false as const } : {}),
      part: onBlock === undefined ? input.part : { ...input.part, onBlock },
    },
    blocks,
  );
  await blocks.flush();
  return summary;
}
