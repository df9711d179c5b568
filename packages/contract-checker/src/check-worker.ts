// One worker thread of `contract-check --workers N`: loads the contracts once, reads the whole input but
// decodes and checks only its own blocks of entries, and posts each block to the coordinator as a few
// strings (the entries rendered for the report). It sends at most `maxUnacknowledged` blocks ahead of the
// report, so a slow coordinator slows it down instead of filling memory.
import { parentPort, workerData } from 'node:worker_threads';
import { BlockSegments } from './block-segments.js';
import { checkRecordings } from './report.js';
import { maxUnacknowledged, type WorkerInput, type WorkerMessage } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread of contract-check');
const input = workerData as WorkerInput;

const post = (message: WorkerMessage): void => port.postMessage(message);

const blocks = new BlockSegments(
  input.format,
  input.options.shard,
  input.part.blockSize,
  (segments) => post({ type: 'batch', segments }),
  maxUnacknowledged,
);
port.on('message', (message: unknown) => {
  if (message === 'ack') blocks.acknowledge();
});

try {
  // checkRecordings loads the contracts (from the set-up cache, normally) and closes them when done.
  const summary = await checkRecordings(
    input.paths,
    {
      ...input.options,
      configPath: input.configPath,
      ...(input.cache === false ? { cache: false as const } : {}),
      part: { ...input.part, onBlock: (reading) => post({ type: 'reading', block: reading }) },
    },
    blocks,
  );
  await blocks.flush();
  post({ type: 'done', summary });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.close();
