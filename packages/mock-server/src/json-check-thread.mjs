// The JSON check thread of json-check-worker.ts (a ThreadOfOne task): checks one large request body against
// the same contracts as the serving thread. Plain JavaScript, so that it loads by URL from src/ and dist/.
import { workerData } from 'node:worker_threads';
import { loadContracts } from '@svc-contracts/contract-checker';

const contracts = loadContracts(workerData);
contracts.catch(() => undefined);

/** @param {{ request: import('@svc-contracts/contract-checker').RecordedRequest, service: string }} job */
export default async function check({ request, service }) {
  let loaded;
  try {
    loaded = await contracts;
  } catch (error) {
    const reason = `the check thread could not load the contracts (${error?.message ?? error})`;
    return { kind: 'check-failure', reason };
  }
  // Without a request: the contracts only (a new thread warming up).
  return request === undefined ? null : loaded.checkRequest(request, { service });
}
