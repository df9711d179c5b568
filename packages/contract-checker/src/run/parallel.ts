import { type ResourceLimits, Worker } from 'node:worker_threads';
import { printable } from '@svc-contracts/har';
import type { XmlLimits } from '../contract/xsd-cache.js';
import { walkRecordings } from '../input/recording-walk.js';
import { mergeCoverage } from '../report/coverage.js';
import { type ReportWriter, renderEntry } from '../report/format.js';
import { OrderedReport } from '../report/ordered-report.js';
import type { RunSummary } from '../report/report.js';
import type { CheckHarOptions } from './check-recordings.js';
import {
  BlockBufferPool,
  BlockBuilder,
  BlockChecker,
  type BlockCheckerOptions,
  type BlockResult,
  type EntryBlock,
  entryAt,
  entryCount,
} from './entry-blocks.js';
import { earlyDecisionProblems, settleHeld, unreadEntry } from './entry-pipeline.js';
import { batchLimits, type CheckLimits, entryTooLarge } from './limits.js';
import { addCounts, countEntry, emptyCounts, exitCodeOf, orderedCounts } from './run-counts.js';
import { type CoordinatorMessage, maxHeldBlocks, type WorkerMessage } from './worker-protocol.js';

/**
 * Entries per block dealt to one thread: large enough that a block travels as one message and comes
 * back as a few strings, small enough that the threads stay close together.
 */
export const workerBlockSize = 256;

/** Bytes of a block's buffer: a block ends at {@link workerBlockSize} entries or when its bytes would not fit. */
export const workerBlockBytes = 1 << 20;

/**
 * Blocks this thread may have checked before the report can take them (they wait behind a block another
 * thread still checks). Memory stays flat: a block's results are tens of KB of report text.
 */
const mainThreadLead = 16;

/** How many times a worker thread that stops before it is ready (its contracts loaded) is started again. */
const maxRestarts = 2;

/**
 * The built worker, or, when the checker runs from its TypeScript source (tests, tsx), a small bootstrap
 * that registers tsx in the thread first: loader flags given to a worker do not reach it on Node 20.
 */
function startWorker(workerData: BlockCheckerOptions, resourceLimits: ResourceLimits | undefined): Worker {
  const options = { workerData, ...(resourceLimits ? { resourceLimits } : {}) };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./check-worker.js', import.meta.url), options);
  const source = new URL('./check-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, ...options });
}

/** One worker thread's place: the thread (started again after a crash) and the blocks it holds. */
interface Slot {
  at: number;
  name: string;
  worker: Worker | undefined;
  /** Its contracts are loaded: a crash from now on is caused by the entries it checks. */
  ready: boolean;
  /** Blocks sent and not yet completely reported, in the order the thread checks them. */
  held: EntryBlock[];
  /** Blocks sent whose results are not yet written: what the slot may hold is bounded by this. */
  unwritten: number;
  startFailures: number;
  /** Why the thread stopped last (from its `error` event), told when it exits. */
  lastError: string | undefined;
  /** No thread will run here again: given up, or the input ended and it sent its summary. */
  finished: boolean;
  summary?: (WorkerMessage & { type: 'done' })['summary'];
  /** A thread crashed here after its contracts loaded: its tally of the coverage is lost. */
  lostCoverage: boolean;
}

/**
 * {@link checkRecordings} on `workers` threads: this thread reads the input and `workers - 1` worker
 * threads check, each with its own compiled contracts. This thread scans the recordings as bytes (it
 * decodes nothing), gathers the entries into blocks of {@link workerBlockSize} and hands each block to the
 * worker thread that holds the fewest (up to {@link maxHeldBlocks}); when every worker thread is busy,
 * it checks the block itself. So the input is scanned once, whatever the number of threads, and the
 * threads share the work as fast as each goes. Every block is rendered for the report where it is checked,
 * and this thread writes the blocks in input order: the output is byte for byte that of one thread.
 *
 * A worker thread that crashes (out of memory on a huge entry, say) costs only the entry that caused it:
 * the block it was on is checked again, one entry at a time, on a new thread, and an entry that crashes
 * that thread too fails alone (an input error naming it); the blocks it held go on. A worker thread that
 * stops before its contracts load is started again twice, then given up (an input error), and the others
 * take its blocks. The blocks this thread checks are protected as `--workers 1` is: an entry that exhausts
 * its heap ends the process.
 */
export async function checkRecordingsInWorkers(
  paths: string[],
  opts: Omit<CheckHarOptions, 'contracts' | 'mutation'> & {
    configPath: string;
    workers: number;
    /** `false`: every thread loads the contracts without the set-up cache. */
    cache?: false;
    /** Entries per block (default {@link workerBlockSize}). */
    blockSize?: number;
    /** Bytes of a block's buffer (default {@link workerBlockBytes}): an entry larger than that is a block alone. */
    blockBytes?: number;
    /** Limits of each worker thread: one that exceeds them crashes, and fails only the entry it was on. */
    resourceLimits?: ResourceLimits;
    /** XML limits of every thread (default `batchXmlLimits`). */
    xmlLimits?: XmlLimits;
    /** The resource policy of every thread (default `batchLimits`; `xmlLimits` wins for XML). */
    limits?: CheckLimits;
  },
  sink: ReportWriter,
): Promise<RunSummary> {
  const { shard } = opts;
  const checkerOptions: BlockCheckerOptions = {
    configPath: opts.configPath,
    ...(opts.cache === false ? { cache: false as const } : {}),
    ...(opts.service === undefined ? {} : { service: opts.service }),
    ...(opts.coverage === undefined ? {} : { coverage: opts.coverage }),
    ...(opts.concurrency === undefined ? {} : { concurrency: opts.concurrency }),
    ...(opts.scope ? { scope: opts.scope } : {}),
    ...(opts.maxHeld === undefined ? {} : { maxHeld: opts.maxHeld }),
    ...(opts.xmlLimits ? { xmlLimits: opts.xmlLimits } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
    format: sink.format,
  };

  const limits = opts.limits ?? batchLimits;
  let ownUnwritten = 0;
  const ownQueue: EntryBlock[] = [];
  const failures: Array<{ slot: number; reason: string }> = [];
  let inputEnded = false;
  const pool = new BlockBufferPool(opts.blockBytes ?? workerBlockBytes);

  // Whatever changes (a unit written, a thread given up or done) wakes this thread where it waits.
  let wake: (() => void) | undefined;
  const changed = (): void => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const nextChange = (): Promise<void> => new Promise<void>((resolve) => (wake = resolve));

  /** Units are owned by a slot, or by this thread (`undefined`): what each may still hold is counted. */
  const report = new OrderedReport<Slot | undefined>(sink, (owner) => {
    if (owner) owner.unwritten--;
    else ownUnwritten--;
    changed();
  });
  const addResult = (result: BlockResult): void => report.add(result);
  let bytes = 0;
  opts.progress?.(() => {
    const { passed, failed, notJudged, skipped } = report.counts;
    return { entries: passed + failed + notJudged + skipped, bytes };
  });

  const post = (slot: Slot, message: CoordinatorMessage): void => slot.worker?.postMessage(message);
  /** To the worker thread holding the fewest blocks, if one may hold another; else to this thread. */
  const assign = (block: EntryBlock): void => {
    let best: Slot | undefined;
    for (const slot of slots) {
      if (slot.finished || slot.unwritten >= maxHeldBlocks) continue;
      if (!best || slot.unwritten < best.unwritten) best = slot;
    }
    report.setOwner(block.seq, best);
    if (!best) {
      ownUnwritten++;
      ownQueue.push(block);
      return;
    }
    best.unwritten++;
    best.held.push(block);
    post(best, { type: 'block', block });
  };
  /** The blocks a slot held, to other threads: the slot is given up. */
  const reassign = (slot: Slot): void => {
    const held = slot.held;
    slot.held = [];
    slot.unwritten -= held.length;
    for (const block of held) assign(block);
  };

  const slots: Slot[] = Array.from({ length: Math.max(0, opts.workers - 1) }, (_, index) => ({
    at: index + 1,
    name: `checking worker ${index + 2} of ${opts.workers}`,
    worker: undefined,
    ready: false,
    held: [],
    unwritten: 0,
    startFailures: 0,
    lastError: undefined,
    finished: false,
    lostCoverage: false,
  }));

  const giveUp = (slot: Slot, reason: string): void => {
    slot.finished = true;
    slot.worker = undefined;
    failures.push({ slot: slot.at, reason: `${slot.name} stopped: ${printable(reason)}` });
    reassign(slot);
    changed();
  };

  /**
   * The thread of `slot` exited before its summary. After its contracts loaded, the entry it was on is
   * to blame: the block is taken up again one entry at a time, and if it was already so (or had one
   * entry left), that entry fails alone. Before, it is started again, at most {@link maxRestarts} times.
   */
  const crashed = (slot: Slot, reason: string): void => {
    slot.worker = undefined;
    if (!slot.ready) {
      slot.startFailures++;
      if (slot.startFailures > maxRestarts) {
        giveUp(slot, `${reason} (before it was ready, ${slot.startFailures} times)`);
        return;
      }
    } else if (slot.held.length > 0) {
      slot.lostCoverage = true;
      const block = slot.held[0] as EntryBlock;
      // Careful, or with one entry left: the entry it was on is known.
      if (block.careful || entryCount(block) - block.from === 1) {
        const { index, position } = entryAt(block, block.from);
        // Not judged, named with why: the tool could not judge it (the run exits 2).
        const entry = unreadEntry(block.file, index, position, {
          reason: 'checker-failure',
          part: 'entry',
          detail: `${slot.name} stopped on it: ${printable(reason)}`,
        });
        const counts = emptyCounts();
        countEntry(counts, entry);
        addResult({
          seq: block.seq,
          segments: [{ kind: 'entries', text: renderEntry(sink.format, entry), counts }],
          checked: block.from + 1,
          complete: block.from + 1 === entryCount(block),
        });
        block.from++;
        if (block.from === entryCount(block)) {
          slot.held.shift();
          pool.release(block.bytes);
        }
      } else {
        block.careful = true;
      }
    } else {
      // Nothing held: it had sent every result, and only its summary (its coverage tally) is lost.
      slot.lostCoverage = true;
    }
    launch(slot);
    changed();
  };

  const launch = (slot: Slot): void => {
    const worker = startWorker(checkerOptions, opts.resourceLimits);
    slot.worker = worker;
    slot.ready = false;
    slot.lastError = undefined;
    worker.on('message', (message: WorkerMessage) => {
      if (worker !== slot.worker) return;
      if (message.type === 'ready') {
        slot.ready = true;
      } else if (message.type === 'result') {
        const block = slot.held[0] as EntryBlock;
        addResult(message.result);
        block.from = message.result.checked;
        if (message.result.complete) {
          slot.held.shift();
          pool.release(block.bytes);
        }
      } else if (message.type === 'done') {
        slot.summary = message.summary;
        slot.finished = true;
        slot.worker = undefined;
        changed();
      } else {
        // The contracts do not load on that thread: no use starting it again.
        giveUp(slot, message.message);
        void worker.terminate();
      }
    });
    worker.on('error', (error) => {
      if (worker === slot.worker) slot.lastError = error.message;
    });
    // Every message the thread sent is delivered before `exit`: the results it posted are in.
    worker.on('exit', (code) => {
      if (worker !== slot.worker) return;
      crashed(slot, slot.lastError ?? (code === 0 ? 'ended before its last result' : `exit code ${code}`));
    });
    for (const block of slot.held) post(slot, { type: 'block', block });
    if (inputEnded) post(slot, { type: 'end' });
  };

  // The worker threads start first, so that they load while this thread loads its own contracts.
  for (const slot of slots) launch(slot);
  let here: BlockChecker;
  try {
    here = await BlockChecker.load(checkerOptions);
  } catch (error) {
    for (const slot of slots) {
      slot.finished = true;
      const worker = slot.worker;
      slot.worker = undefined;
      await worker?.terminate();
    }
    throw error;
  }

  try {
    /** Checks the blocks left to this thread; they are written in their turn. */
    const checkOwn = async (): Promise<void> => {
      for (;;) {
        const block = ownQueue.shift();
        if (block) {
          await here.check(block, addResult);
          pool.release(block.bytes);
        } else if (ownUnwritten > mainThreadLead) {
          await nextChange();
        } else {
          return;
        }
      }
    };

    const builder = new BlockBuilder(pool, opts.blockSize ?? workerBlockSize);
    const seal = (file: string): void => {
      if (builder.count === 0) return;
      assign(builder.seal(report.open(undefined), file));
    };
    const input = await walkRecordings(
      paths,
      shard,
      {
        // Every entry goes into a block: the batches are empty, and between them this thread checks its own.
        divert(file, element, index, at) {
          bytes += element.end - element.start;
          if (element.end - element.start > limits.maxEntryBytes) {
            // Refused on its size alone, here: its bytes are never copied into a block (nor, from NDJSON, kept).
            seal(file);
            const entry = unreadEntry(file, index, at, {
              reason: 'resource-limit',
              part: 'entry',
              detail: entryTooLarge(element.end - element.start, limits) ?? '',
            });
            const counts = emptyCounts();
            countEntry(counts, entry);
            ownUnwritten++;
            report.open(
              undefined,
              [{ kind: 'entries', text: renderEntry(sink.format, entry), counts }],
              true,
            );
            return true;
          }
          if (!builder.fits(element.end - element.start)) seal(file);
          builder.add(element, index, at);
          if (builder.full) seal(file);
          return true;
        },
        batch: () => checkOwn(),
        fileEnd: (file) => seal(file),
        problem(error, position) {
          ownUnwritten++;
          report.open(undefined, [{ kind: 'error', error, position }], true);
        },
      },
      limits,
    );
    inputEnded = true;
    for (const slot of slots) if (!slot.finished) post(slot, { type: 'end' });
    for (;;) {
      await checkOwn();
      if (report.done && ownQueue.length === 0 && slots.every((slot) => slot.finished)) break;
      await nextChange();
    }
    await report.flush();

    const own = here.summary();
    // Coverage needs the tally of every thread that checked entries: one that crashed took its own along.
    const tallies = slots.map((slot) =>
      slot.lostCoverage ? undefined : slot.summary ? slot.summary.coverage : null,
    );
    const coverages = [own.coverage, ...tallies.filter((tally) => tally !== null)];
    const coverageWhole = coverages.every((coverage) => coverage !== undefined);
    if (opts.coverage && !coverageWhole) {
      // Said, not left out silently: a table short of a thread's entries would understate the coverage.
      failures.push({
        slot: Number.MAX_SAFE_INTEGER,
        reason: 'coverage is not reported: a checking worker stopped, and its tally of the coverage with it',
      });
    }
    // Sorted by slot, so the report does not depend on which thread failed first.
    failures.sort((a, b) => a.slot - b.slot);
    for (const { reason } of failures) {
      await sink.inputError({ file: '(contract-check)', reason }, Number.MAX_SAFE_INTEGER);
    }
    // Entries held by every thread (no operation on a host none had routed yet), decided with the hosts
    // all of them routed, in input order, after the others.
    const counts = report.counts;
    const summaries = [own, ...slots.map((slot) => slot.summary)].filter((summary) => summary !== undefined);
    const routed = new Set(summaries.flatMap((summary) => summary.routedHosts));
    const held = summaries.flatMap((summary) => summary.held).sort((a, b) => a.position - b.position);
    for (const entry of held) {
      const settled = settleHeld(entry, routed);
      countEntry(counts, settled);
      sink.entry(settled);
    }
    const decidedEarly: Record<string, number> = {};
    for (const summary of summaries) {
      for (const [host, count] of Object.entries(summary.decidedEarly))
        decidedEarly[host] = (decidedEarly[host] ?? 0) + count;
    }
    const maxHeld = Math.max(...summaries.map((summary) => summary.maxHeld));
    for (const error of earlyDecisionProblems(decidedEarly, routed, maxHeld)) {
      failures.push({ slot: Number.MAX_SAFE_INTEGER, reason: error.reason });
      await sink.inputError(error, Number.MAX_SAFE_INTEGER);
    }
    for (const summary of summaries) {
      addCounts(counts, { ...emptyCounts(), credentials: summary.credentials });
    }
    const inputErrorCount = report.inputErrors + failures.length;
    const specProblems = own.specProblems;
    return {
      services: own.services,
      specProblems,
      ...orderedCounts(counts),
      inputErrorCount,
      exitCode: exitCodeOf(counts, inputErrorCount, specProblems.length, opts.failOn),
      ...(opts.failOn ? { failOn: opts.failOn } : {}),
      ...(opts.scope?.sanitized ? { sanitized: true } : {}),
      ...(shard ? { shard } : {}),
      input,
      ...(opts.coverage && coverageWhole
        ? { coverage: mergeCoverage(coverages as NonNullable<RunSummary['coverage']>[]) }
        : {}),
    };
  } finally {
    for (const slot of slots) {
      const worker = slot.worker;
      slot.worker = undefined;
      await worker?.terminate();
    }
    await here.close();
  }
}
