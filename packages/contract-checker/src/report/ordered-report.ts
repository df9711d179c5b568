import type { BlockResult, BlockSegment } from '../run/entry-blocks.js';
import { addCounts, emptyCounts } from '../run/run-counts.js';
import type { ReportWriter } from './format.js';

/** The results of one unit of the run (a block, or a problem of a file), written when its turn comes. */
interface Unit<Owner> {
  segments: BlockSegment[];
  complete: boolean;
  owner: Owner;
}

/**
 * Writes the results of a run checked in units (blocks of entries, problems of files) by several threads
 * in the order the units were opened, whatever order their results come in: a unit's results are written
 * as soon as every unit before it is written, and the next one's turn comes once it is complete. So the
 * report of `--workers N` is byte for byte that of one thread.
 */
export class OrderedReport<Owner> {
  private readonly units = new Map<number, Unit<Owner>>();
  private next = 0;
  private opened = 0;
  private writing: Promise<void> = Promise.resolve();
  readonly counts = emptyCounts();
  inputErrors = 0;

  constructor(
    private readonly sink: ReportWriter,
    /** Called once a unit is written whole, with the owner it had then. */
    private readonly written: (owner: Owner) => void,
  ) {}

  /** A new unit, last in the order: its number (the `seq` its results name). */
  open(owner: Owner, segments: BlockSegment[] = [], complete = false): number {
    this.units.set(this.opened, { segments, complete, owner });
    if (complete) this.schedule();
    return this.opened++;
  }

  /** Who checks unit `seq` now (it moves when a thread is given up). */
  setOwner(seq: number, owner: Owner): void {
    (this.units.get(seq) as Unit<Owner>).owner = owner;
  }

  /** More results of a unit; the last ones say it is complete. */
  add(result: BlockResult): void {
    const unit = this.units.get(result.seq) as Unit<Owner>;
    unit.segments.push(...result.segments);
    unit.complete = result.complete;
    this.schedule();
  }

  /** Every unit opened is written. */
  get done(): boolean {
    return this.next === this.opened;
  }

  /** Waits for the writes scheduled so far. */
  async flush(): Promise<void> {
    await this.writing;
    await this.writeReady();
  }

  private schedule(): void {
    this.writing = this.writing.then(() => this.writeReady());
  }

  private async writeReady(): Promise<void> {
    for (;;) {
      const unit = this.units.get(this.next);
      if (!unit) return;
      for (const segment of unit.segments.splice(0)) await this.write(segment);
      if (!unit.complete) return;
      this.units.delete(this.next++);
      this.written(unit.owner);
    }
  }

  private async write(segment: BlockSegment): Promise<void> {
    if (segment.kind === 'entries') {
      addCounts(this.counts, segment.counts);
      if (segment.text !== '') this.sink.renderedRun(segment.text);
    } else {
      this.inputErrors++;
      await this.sink.inputError(segment.error, segment.position);
    }
  }
}
