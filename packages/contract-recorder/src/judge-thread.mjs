// The judging thread of big-exchanges.ts (a ThreadOfOne task): judges one large exchange, or request, against
// its own copy of the contracts. Plain JavaScript, so that it loads by URL from src/ and dist/.
import { workerData } from 'node:worker_threads';
import { batchLimits, loadContracts } from '@svc-contracts/contract-checker';

const contracts = loadContracts({ ...workerData, limits: batchLimits });
contracts.catch(() => undefined);

/** @param {{ request?: import('@svc-contracts/contract-checker').RecordedRequest, response?: import('@svc-contracts/contract-checker').RecordedResponse, opts?: object }} job */
export default async function judge({ request, response, opts }) {
  let loaded;
  try {
    loaded = await contracts;
  } catch (error) {
    return { failure: `the judging thread could not load the contracts (${error?.message ?? error})` };
  }
  // Without a request: the contracts only (a new thread warming up); without a response: the request alone.
  if (request === undefined) return null;
  return response === undefined
    ? loaded.checkRequest(request, opts)
    : loaded.checkExchange(request, response, opts);
}
