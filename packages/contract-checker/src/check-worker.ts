// One worker thread of `contract-check --workers N`: loads the contracts once, reads the whole input but
// decodes and checks only its own blocks of entries, and posts each block to the coordinator as a few
// strings (the entries rendered for the report). It holds at most a few unacknowledged blocks, so a slow
// coordinator slows it down instead of filling memory.
import { parentPort, workerData } from 'node:worker_threads';
import { loadContracts } from './contract-set.js';
import { joinRendered, renderEntry } from './format.js';
import { blockOf, checkRecordings } from './report.js';
import type { WorkerInput, WorkerMessage, WorkerSegment } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread of contract-check');
const input = workerData as WorkerInput;
const maxUnacknowledged = 4;
/** A batch is sent early when a block holds this many segments (many input errors). */
const maxSegments = 256;

let unacknowledged = 0;
let resume: (() => void) | undefined;
port.on('message', (message: unknown) => {
  if (message !== 'ack') return;
  unacknowledged--;
  resume?.();
  resume = undefined;
});

const post = (message: WorkerMessage): void => port.postMessage(message);

/** The segments of the block being checked, and the run of entries being rendered. */
let segments: WorkerSegment[] = [];
let run: string[] = [];
let runStart = 0;
let runLast = 0;
let runFile = '';
let runPassed = 0;
let runFailed = 0;
let block = -1;

function closeRun(): void {
  if (run.length === 0) return;
  segments.push({
    kind: 'entries',
    position: runStart,
    last: runLast,
    text: joinRendered(input.format, run),
    passed: runPassed,
    failed: runFailed,
  });
  run = [];
  runPassed = 0;
  runFailed = 0;
}

async function flush(): Promise<void> {
  closeRun();
  if (segments.length === 0) return;
  post({ type: 'batch', segments });
  segments = [];
  unacknowledged++;
  while (unacknowledged > maxUnacknowledged) await new Promise<void>((done) => (resume = done));
}

/** Sends the block being checked when `position` starts another one. */
async function enterBlockOf(position: number): Promise<void> {
  const next = blockOf(position, input.options.shard, input.part.blockSize);
  if (next === block) return;
  await flush();
  block = next;
}

/** Sends the block as soon as `position` ends it: a thread that crashes later has not held it. */
async function leaveBlockAfter(position: number): Promise<void> {
  if (
    blockOf(position + (input.options.shard?.count ?? 1), input.options.shard, input.part.blockSize) !== block
  )
    await flush();
}

try {
  const contracts = await loadContracts({
    configPath: input.configPath,
    ...(input.cache === false ? { cache: false as const } : {}),
  });
  try {
    const summary = await checkRecordings(
      input.paths,
      {
        ...input.options,
        contracts,
        part: { ...input.part, onBlock: (reading) => post({ type: 'reading', block: reading }) },
      },
      {
        entry: async (entry) => {
          await enterBlockOf(entry.position);
          if (entry.file !== runFile) closeRun();
          if (run.length === 0) {
            runStart = entry.position;
            runFile = entry.file;
          }
          runLast = entry.position;
          if (entry.verdict === 'violation') runFailed++;
          else runPassed++;
          run.push(renderEntry(input.format, entry));
          await leaveBlockAfter(entry.position);
        },
        inputError: async (error, position) => {
          // An entry's error belongs to the entry's block; a file's problem to none.
          if (error.entry !== undefined) await enterBlockOf(position);
          closeRun();
          segments.push({ kind: 'error', error, position });
          if (error.entry !== undefined) await leaveBlockAfter(position);
          if (segments.length >= maxSegments) await flush();
        },
      },
    );
    await flush();
    post({ type: 'done', summary });
  } finally {
    await contracts.close();
  }
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.close();
