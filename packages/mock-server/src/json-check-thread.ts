// The thread that checks large JSON request bodies for the mocks (see `JsonCheckWorker`): it loads the
// same contracts as the serving thread (from the set-up cache, so in about a second) and answers each
// request with what `ContractSet.checkRequest` finds, so that parsing and validating a large body never
// holds the thread that serves every mock. Bodies arrive as their chunks while they are received: each
// is decoded and held to the JSON limits at once, and a body past one is reported before its end.
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { type ContractSet, loadContracts } from '@svc-contracts/contract-checker';
import { JsonBodyReader } from './json-budget.js';
import {
  type CheckJob,
  type CheckThreadData,
  type CheckThreadMessage,
  checkThreadNice,
  type ToCheckThread,
} from './json-check-worker.js';

const port = parentPort;
if (port === null) throw new Error('json-check-thread runs as a worker thread only.');
const { configPath, specs } = workerData as CheckThreadData;

const send = (message: CheckThreadMessage): void => port.postMessage(message);

// The serving thread first: when the cores are few, parsing and validating a large body waits for the
// requests the mocks serve rather than the other way round (Linux: the nice value of this thread
// alone, through /proc/thread-self; elsewhere the thread keeps the process's priority).
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  setPriority(thread, Math.min(19, getPriority(thread) + checkThreadNice));
} catch {
  // Not Linux, or not allowed: the same priority as the serving thread.
}

/** Bodies being received, by id. */
const bodies = new Map<number, JsonBodyReader>();

// Chunks are read while the contracts load; checks are sent only once the thread is ready.
let contracts: ContractSet | undefined;
port.on('message', (message: ToCheckThread) => {
  if (message.type === 'open') bodies.set(message.body, new JsonBodyReader(message.limits));
  else if (message.type === 'drop') bodies.delete(message.body);
  else if (message.type === 'chunks') receive(message.body, message.chunks);
  else check(message);
});

try {
  contracts = await loadContracts({ ...(configPath && { configPath }), ...(specs && { specs }) });
} catch (error) {
  send({ type: 'broken', reason: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

function receive(id: number, chunks: Uint8Array[]): void {
  const reader = bodies.get(id);
  if (reader === undefined || reader.exceeded !== undefined) return;
  let bytes = 0;
  for (const chunk of chunks) {
    const exceeded = reader.write(chunk);
    if (exceeded !== undefined) {
      send({ type: 'exceeded', body: id, reason: exceeded });
      return;
    }
    bytes += chunk.byteLength;
  }
  // The serving thread reads on once the thread keeps up.
  send({ type: 'scanned', body: id, bytes });
}

function check(job: CheckJob): void {
  // Decoded and held to the limits as it arrived, as the serving thread does with a small body.
  const reader = job.body === undefined ? undefined : bodies.get(job.body);
  if (job.body !== undefined) bodies.delete(job.body);
  if (job.body !== undefined && reader === undefined) {
    send({ type: 'failed', job: job.job, reason: 'the body did not reach the check thread' });
    return;
  }
  const read = reader?.end();
  if (read !== undefined && 'exceeded' in read) {
    send({ type: 'limit', job: job.job, reason: read.exceeded });
    return;
  }
  const text = read?.text;
  const request = text === undefined ? job.request : { ...job.request, body: text };
  // Through a promise: an exception thrown at once (a stack overflow) fails the job, not the thread.
  Promise.resolve()
    .then(() => (contracts as ContractSet).checkRequest(request, { service: job.service }))
    .then(
      (result) => {
        // The text goes back only when the answer may read it: a refused body's stays here.
        const answered =
          text !== undefined && (!result.match || !result.violations.some((v) => v.side === 'request'));
        send({ type: 'checked', job: job.job, result: answered ? { ...result, body: text } : result });
      },
      (error: unknown) =>
        send({
          type: 'failed',
          job: job.job,
          reason: error instanceof Error ? error.message : String(error),
        }),
    );
}

send({ type: 'ready' });
