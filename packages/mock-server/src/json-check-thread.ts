// The thread that checks large JSON request bodies for the mocks (see `JsonCheckWorker`): it loads the
// same contracts as the serving thread (from the set-up cache, so in about a second) and answers each
// request with what `ContractSet.checkRequest` finds, so that parsing and validating a large body never
// holds the thread that serves every mock.
import { parentPort, workerData } from 'node:worker_threads';
import { type ContractSet, loadContracts } from '@svc-contracts/contract-checker';
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

const decoder = new TextDecoder();

port.on('message', (job: CheckJob) => {
  const request = job.bytes ? { ...job.request, body: decoder.decode(job.bytes) } : job.request;
  // Through a promise: an exception thrown at once (a stack overflow) fails the job, not the thread.
  Promise.resolve()
    .then(() => contracts.checkRequest(request, { service: job.service }))
    .then(
      (result) => send({ type: 'checked', job: job.job, result }),
      (error: unknown) =>
        send({
          type: 'failed',
          job: job.job,
          reason: error instanceof Error ? error.message : String(error),
        }),
    );
});
send({ type: 'ready' });
