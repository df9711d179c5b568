// One worker thread of `contract-check --workers N`: loads the contracts once, then checks the blocks of
// entries the reading thread sends, in the order sent, and posts each block's results rendered for the
// report. The reading thread sends at most `maxHeldBlocks` blocks ahead of the report.
import { parentPort, workerData } from 'node:worker_threads';
import { BlockChecker, type EntryBlock } from './entry-blocks.js';
import type { CoordinatorMessage, WorkerInput, WorkerMessage } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread of contract-check');
const input = workerData as WorkerInput;

const post = (message: WorkerMessage): void => port.postMessage(message);

const queue: EntryBlock[] = [];
let ended = false;
let wake: (() => void) | undefined;
port.on('message', (message: CoordinatorMessage) => {
  if (message.type === 'block') queue.push(message.block);
  else ended = true;
  wake?.();
  wake = undefined;
});

try {
  const checker = await BlockChecker.load(input);
  post({ type: 'ready' });
  for (;;) {
    const block = queue.shift();
    if (block) {
      await checker.check(block, (result) => post({ type: 'result', result }));
    } else if (ended) {
      break;
    } else {
      await new Promise<void>((resolve) => (wake = resolve));
    }
  }
  post({ type: 'done', summary: checker.summary() });
  await checker.close();
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
}
port.close();
