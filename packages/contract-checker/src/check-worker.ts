// One worker thread of `contract-check --workers N`: loads the contracts once, checks its share of the
// entries (a shard of the input) and posts the results to the coordinator in batches. It holds at most a
// few unacknowledged batches, so a slow coordinator slows it down instead of filling memory.
import { parentPort, workerData } from 'node:worker_threads';
import { loadContracts } from './contract-set.js';
import { renderEntry } from './format.js';
import { checkRecordings } from './report.js';
import type { WorkerInput, WorkerMessage, WorkerOutcome } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread of contract-check');
const input = workerData as WorkerInput;
const maxUnacknowledged = 4;

let batch: WorkerOutcome[] = [];
let unacknowledged = 0;
let resume: (() => void) | undefined;
port.on('message', (message: unknown) => {
  if (message !== 'ack') return;
  unacknowledged--;
  resume?.();
  resume = undefined;
});

const post = (message: WorkerMessage): void => port.postMessage(message);

async function flush(): Promise<void> {
  if (batch.length === 0) return;
  post({ type: 'batch', outcomes: batch });
  batch = [];
  unacknowledged++;
  while (unacknowledged > maxUnacknowledged) await new Promise<void>((done) => (resume = done));
}

async function add(outcome: WorkerOutcome): Promise<void> {
  batch.push(outcome);
  if (batch.length >= input.batchSize) await flush();
}

try {
  const contracts = await loadContracts({ configPath: input.configPath });
  try {
    const summary = await checkRecordings(
      input.paths,
      { ...input.options, contracts },
      {
        entry: (entry) =>
          add({ kind: 'entry', position: entry.position, text: renderEntry(input.format, entry) }),
        inputError: (error, position) => add({ kind: 'error', error, position }),
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
