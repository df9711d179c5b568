// The thread that checks large JSON request bodies for the mocks (see `JsonCheckWorker`): it loads the
// same contracts as the serving thread (from the set-up cache, so in about a second) and answers each
// request with what `ContractSet.checkRequest` finds, so that parsing and validating a large body never
// holds the thread that serves every mock.
import { parentPort, workerData } from 'node:worker_threads';
import { type ContractSet, loadContracts } from '@svc-contracts/contract-checker';
import { decodeJsonBody } from './json-budget.js';
import type { CheckJob, CheckThreadData, CheckThreadMessage } from './json-check-worker.js';

const port = parentPort;
if (port === null) throw new Error('json-check-thread runs as a worker thread only.');
const { configPath, specs } = workerData as CheckThreadData;

const send = (message: CheckThreadMessage): void => port.postMessage(message);

let contracts: ContractSet;
try {
  contracts = await loadContracts({ ...(configPath && { configPath }), ...(specs && { specs }) });
} catch (error) {
  send({ type: 'broken', reason: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

port.on('message', (job: CheckJob) => {
  // Decoded and held to the limits here, as the serving thread does with a small body as it arrives.
  const read = job.received ? decodeJsonBody(job.received) : undefined;
  if (read !== undefined && 'exceeded' in read) {
    send({ type: 'limit', job: job.job, reason: read.exceeded });
    return;
  }
  const text = read?.text;
  const request = text === undefined ? job.request : { ...job.request, body: text };
  // Through a promise: an exception thrown at once (a stack overflow) fails the job, not the thread.
  Promise.resolve()
    .then(() => contracts.checkRequest(request, { service: job.service }))
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
});
send({ type: 'ready' });
