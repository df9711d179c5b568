// One worker thread of `contract-check --workers N`: loads the contracts once, reads the whole input but
// decodes and checks only its own blocks of entries, and posts each block to the coordinator as a few
// strings (the entries rendered for the report). It sends at most `maxUnacknowledged` blocks ahead of the
// report, so a slow coordinator slows it down instead of filling memory.
import { parentPort, workerData } from 'node:worker_threads';
import { checkShare } from './block-segments.js';
import { maxUnacknowledged, type WorkerInput, type WorkerMessage } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread of contract-check');
const input = workerData as WorkerInput;

const post = (message: WorkerMessage): void => port.postMessage(message);

// Every batch is acknowledged by the same function, handed over with the first one.
let acknowledge: (() => void) | undefined;
port.on('message', (message: unknown) => {
  if (message === 'ack') acknowledge?.();
});

try {
  const summary = await checkShare(
    input,
    (segments, written) => {
      acknowledge = written;
      post({ type: 'batch', segments });
    },
    maxUnacknowledged,
    (reading) => post({ type: 'reading', block: reading }),
  );
  post({ type: 'done', summary });
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.close();
