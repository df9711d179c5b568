import type { ScannedElement } from '@svc-contracts/har';
import { batchXmlLimits, type XmlLimits } from '../contract/xsd-cache.js';
import { type ContractSet, loadContracts } from '../contract-set.js';
import type { InputError } from '../input/har.js';
import { decodeEntry, type EntryLimits, type RecordingItem } from '../input/recording-reader.js';
import type { CoverageTally } from '../report/coverage.js';
import type { EntryReport } from '../report/entry-report.js';
import { joinRendered, type ReportFormat, renderEntry } from '../report/format.js';
import type { ReportSink, RunSummary } from '../report/report.js';
import {
  coverageTally,
  type EntryPipeline,
  entryPipeline,
  type HeldEntries,
  type RunScope,
  requireService,
} from './entry-pipeline.js';
import type { CheckLimits } from './limits.js';
import { countEntry, emptyCounts, type RunCounts } from './run-counts.js';

/** Numbers kept per entry of a block: start and end of its bytes, index in its file, input position, line, column. */
const entryFields = 6;

/**
 * Consecutive entries of one recording, as the thread that reads the input hands them to the thread that
 * checks them: their bytes (not decoded), where each one is, and where it stands in the run.
 */
export interface EntryBlock {
  /** The block's place in the run: results are written in this order. */
  seq: number;
  file: string;
  /**
   * The entries' bytes, one after the other. Shared, not copied, with the thread that checks them, so
   * that the reading thread still has them if that thread crashes (and another must check them).
   */
  bytes: SharedArrayBuffer;
  /** {@link entryFields} numbers per entry. */
  entries: Float64Array;
  /** Entries before this one are already reported (a block taken up again after a crash). */
  from: number;
  /**
   * Check and report one entry at a time: a block taken up again after the thread checking it crashed,
   * so that a second crash names the one entry that causes it.
   */
  careful: boolean;
}

export function entryCount(block: EntryBlock): number {
  return block.entries.length / entryFields;
}

/** Where entry `at` of the block stands in the run (its input position) and in its file (its index). */
export function entryAt(block: EntryBlock, at: number): { index: number; position: number } {
  const base = at * entryFields;
  return { index: block.entries[base + 2] as number, position: block.entries[base + 3] as number };
}

/** The entries of the block from `block.from` on, decoded one by one as they are iterated. */
export function* blockItems(
  block: EntryBlock,
  upTo = entryCount(block),
  limits?: EntryLimits,
): Generator<RecordingItem> {
  const buffer = Buffer.from(block.bytes);
  const table = block.entries;
  for (let at = block.from; at < upTo; at++) {
    const base = at * entryFields;
    const element: ScannedElement = {
      buffer,
      start: table[base] as number,
      end: table[base + 1] as number,
      line: table[base + 4] as number,
      column: table[base + 5] as number,
    };
    yield decodeEntry(element, table[base + 2] as number, table[base + 3] as number, limits);
  }
}

/**
 * Byte buffers for blocks, used again once a block is checked: a new shared buffer is zero-filled memory
 * that a run of gigabytes would otherwise allocate again and again.
 */
export class BlockBufferPool {
  private readonly free: SharedArrayBuffer[] = [];

  constructor(readonly size: number) {}

  /** A buffer of at least `bytes`: from the pool when one of the usual size does. */
  acquire(bytes: number): SharedArrayBuffer {
    if (bytes > this.size) return new SharedArrayBuffer(bytes);
    return this.free.pop() ?? new SharedArrayBuffer(this.size);
  }

  /** The block is checked: nothing reads its bytes any more. */
  release(buffer: SharedArrayBuffer): void {
    if (buffer.byteLength === this.size) this.free.push(buffer);
  }
}

/**
 * Gathers the entries the reading thread passes on into blocks of at most `maxEntries` entries and the
 * pool's buffer size in bytes (an entry larger than that makes a block of its own): a copy of each
 * entry's bytes, taken before the reader reads over them.
 */
export class BlockBuilder {
  private bytes: SharedArrayBuffer | undefined;
  private view: Buffer = Buffer.alloc(0);
  private used = 0;
  private table: number[] = [];

  constructor(
    private readonly pool: BlockBufferPool,
    private readonly maxEntries: number,
  ) {}

  get count(): number {
    return this.table.length / entryFields;
  }

  /** Whether an entry of `length` bytes may join the block (an empty block takes any entry). */
  fits(length: number): boolean {
    return this.count === 0 || (this.count < this.maxEntries && this.used + length <= this.view.length);
  }

  get full(): boolean {
    return this.count >= this.maxEntries;
  }

  add(element: ScannedElement, index: number, position: number): void {
    const length = element.end - element.start;
    if (!this.bytes) {
      this.bytes = this.pool.acquire(length);
      this.view = Buffer.from(this.bytes);
    }
    element.buffer.copy(this.view, this.used, element.start, element.end);
    this.table.push(this.used, this.used + length, index, position, element.line, element.column);
    this.used += length;
  }

  /** The block built so far (at least one entry), and an empty one to build next. */
  seal(seq: number, file: string): EntryBlock {
    const block: EntryBlock = {
      seq,
      file,
      bytes: this.bytes as SharedArrayBuffer,
      entries: Float64Array.from(this.table),
      from: 0,
      careful: false,
    };
    this.bytes = undefined;
    this.view = Buffer.alloc(0);
    this.used = 0;
    this.table = [];
    return block;
  }
}

/**
 * A piece of a block's results, in input order: a run of consecutive entries rendered for the report and
 * joined with `joinRendered`, with how many passed and failed; or an input error met at `position`.
 */
export type BlockSegment =
  | { kind: 'entries'; text: string; counts: RunCounts }
  | { kind: 'error'; error: InputError; position: number };

/** Results of a block so far: `checked` is the entry the next result starts at. */
export interface BlockResult {
  seq: number;
  segments: BlockSegment[];
  checked: number;
  complete: boolean;
}

/** A sink that keeps a block's results as segments: entries rendered in the report's format, in runs. */
class SegmentCollector implements ReportSink {
  private segments: BlockSegment[] = [];
  private run: string[] = [];
  private counts = emptyCounts();

  constructor(private readonly format: ReportFormat) {}

  entry(entry: EntryReport): void {
    countEntry(this.counts, entry);
    const text = renderEntry(this.format, entry);
    if (text !== '') this.run.push(text);
  }

  inputError(error: InputError, position: number): void {
    this.closeRun();
    this.segments.push({ kind: 'error', error, position });
  }

  /** The segments collected since the last call. */
  take(): BlockSegment[] {
    this.closeRun();
    const segments = this.segments;
    this.segments = [];
    return segments;
  }

  private closeRun(): void {
    const counted = this.counts.passed + this.counts.failed + this.counts.notJudged + this.counts.skipped;
    if (this.run.length === 0 && counted === 0) return;
    const text = joinRendered(this.format, this.run);
    this.segments.push({ kind: 'entries', text, counts: this.counts });
    this.run = [];
    this.counts = emptyCounts();
  }
}

export interface BlockCheckerOptions {
  configPath: string;
  /** `false`: load without the set-up cache (`--no-cache`). */
  cache?: false;
  service?: string;
  coverage?: boolean;
  /** Entries checked at once (default 64). */
  concurrency?: number;
  format: ReportFormat;
  scope?: RunScope;
  maxHeld?: number;
  /** XML limits (default {@link batchXmlLimits}). */
  xmlLimits?: XmlLimits;
  /** The resource policy (default `batchLimits`, with `xmlLimits` when given). */
  limits?: CheckLimits;
}

/** A checking thread's summary, sent when the input ended (plain data). */
export type CheckerSummary = Pick<RunSummary, 'services' | 'specProblems' | 'coverage' | 'credentials'> &
  HeldEntries;

/**
 * Checks blocks of entries against contracts loaded once: what each thread of `--workers` runs, the
 * reading thread included, so every block is checked and rendered the same way wherever it goes.
 */
export class BlockChecker {
  private readonly collector: SegmentCollector;
  private readonly pipeline: EntryPipeline;
  private readonly coverage: CoverageTally | undefined;

  private constructor(
    private readonly contracts: ContractSet,
    opts: BlockCheckerOptions,
  ) {
    requireService(contracts, opts.service);
    this.collector = new SegmentCollector(opts.format);
    this.coverage = opts.coverage ? coverageTally(contracts, opts.service) : undefined;
    this.pipeline = entryPipeline(
      contracts,
      {
        ...(opts.service === undefined ? {} : { service: opts.service }),
        ...(opts.scope ? { scope: opts.scope } : {}),
        ...(opts.maxHeld === undefined ? {} : { maxHeld: opts.maxHeld }),
        concurrency: opts.concurrency ?? 64,
        ...(this.coverage ? { coverage: this.coverage } : {}),
      },
      this.collector,
    );
  }

  /** Loads the contracts (from the set-up cache, normally); throws what loading them throws. */
  static async load(opts: BlockCheckerOptions): Promise<BlockChecker> {
    const contracts = await loadContracts({
      configPath: opts.configPath,
      xmlLimits: opts.xmlLimits ?? opts.limits?.xml ?? batchXmlLimits,
      ...(opts.limits ? { limits: opts.limits } : {}),
      ...(opts.cache === false ? { cache: false as const } : {}),
    });
    try {
      return new BlockChecker(contracts, opts);
    } catch (error) {
      await contracts.close();
      throw error;
    }
  }

  /**
   * Checks the block's entries from `block.from` on and hands their results to `report`: once, when
   * the last is known, or after every entry of a careful block.
   */
  async check(block: EntryBlock, report: (result: BlockResult) => void): Promise<void> {
    const count = entryCount(block);
    const { seq, file } = block;
    if (!block.careful) {
      for (const item of blockItems(block, undefined, this.contracts.limits)) {
        const taken = this.pipeline.take(file, item);
        if (taken) await taken;
      }
      await this.pipeline.drain();
      report({ seq, segments: this.collector.take(), checked: count, complete: true });
      return;
    }
    for (let at = block.from; at < count; at++) {
      for (const item of blockItems({ ...block, from: at }, at + 1, this.contracts.limits))
        await this.pipeline.take(file, item);
      await this.pipeline.drain();
      report({ seq, segments: this.collector.take(), checked: at + 1, complete: at + 1 === count });
    }
  }

  /**
   * What the run learnt besides the entries (their counts are in the segments): the entries held for
   * the end of the run (see `EntryPipeline.settle`), the hosts routed, the credential tally per file.
   */
  summary(): CheckerSummary {
    return {
      services: this.contracts.services,
      specProblems: this.contracts.problems,
      ...(this.coverage ? { coverage: this.coverage.report() } : {}),
      ...this.pipeline.takeHeld(),
      credentials: this.pipeline.counts.credentials,
    };
  }

  close(): Promise<void> {
    return this.contracts.close();
  }
}
