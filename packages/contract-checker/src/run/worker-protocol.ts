import type { BlockCheckerOptions, BlockResult, CheckerSummary, EntryBlock } from './entry-blocks.js';

/**
 * Blocks a worker thread may hold, sent and not yet written to the report. Enough to keep it busy while
 * the reading thread scans on (a block is 256 entries, tens of milliseconds of checking), few enough that
 * memory holds a handful of blocks per thread whatever the input.
 */
export const maxHeldBlocks = 4;

/** What the coordinator hands a worker thread when it starts (structured-cloned: plain data only). */
export type WorkerInput = BlockCheckerOptions;

/** To a worker thread: a block to check, or the end of the input (nothing more will come). */
export type CoordinatorMessage = { type: 'block'; block: EntryBlock } | { type: 'end' };

/**
 * From a worker thread: `ready` once its contracts are loaded (a crash after that is the entries' doing);
 * the results of the block it checks (the blocks in the order sent); its summary when the input ended
 * and every block is checked; or why it could not load.
 */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; result: BlockResult }
  | { type: 'done'; summary: CheckerSummary }
  | { type: 'failed'; message: string };
