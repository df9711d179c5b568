import { getHeapStatistics } from 'node:v8';
import type {
  ContractSet,
  EntryVerdict,
  RecordedRequest,
  RecordedResponse,
} from '@svc-contracts/contract-checker';
import { describeFailure, type FailureWords, ThreadOfOne } from '@svc-contracts/worker-pool';

/** Exchanges whose bodies hold at least this many characters are judged off the proxy's thread. */
export const offThreadMinChars = 64 * 1024;
/** Added to the thread's nice value (Linux): on few cores the traffic goes first. */
const judgeThreadNice = 10;
/** Generous: only a hang reaches it on a busy machine. */
const judgeBudgetMs = 600_000;

type Outcome = EntryVerdict | Awaited<ReturnType<ContractSet['checkRequest']>> | { failure: string } | null;
type CheckOptions = Parameters<ContractSet['checkExchange']>[2];

/** The contracts with large exchanges (and large requests asked about for `--errors`) judged on a thread of
 * its own, with its own copy of them: a big body never holds up the traffic the proxy carries, and a thread
 * that fails costs only its own exchange (not judged, with the reason); the next one gets a new thread.
 * Small exchanges are judged inline, where handing them over would cost more than judging them. */
export function withBigExchangesOffThread(
  contracts: ContractSet,
  configPath: string | undefined,
  threadUrl = new URL('./judge-thread.mjs', import.meta.url),
): ContractSet {
  const thread = new ThreadOfOne<object, Outcome>({
    url: threadUrl,
    workerData: configPath ? { configPath } : {},
    niceIncrement: judgeThreadNice,
    // As much heap as the process: a body contract-check can judge, the thread can.
    resourceLimits: { maxOldGenerationSizeMb: Math.ceil(getHeapStatistics().heap_size_limit / 2 ** 20) },
  });
  const size = (message: { body?: string | undefined }) => message.body?.length ?? 0;
  /** The thread's answer to `job`; thrown, a failure makes the entry not judged (checker-failure) with it. */
  const offThread = async <T>(job: object): Promise<T> => {
    const outcome = await thread.run(job, { timeoutMs: judgeBudgetMs, warmUp: {} });
    const answer = outcome.ok ? outcome.value : { failure: describeFailure(outcome.failure, words) };
    if (answer === null || 'failure' in answer) throw new Error(answer?.failure ?? 'no verdict');
    return answer as T;
  };
  return {
    ...contracts,
    checkExchange(request: RecordedRequest, response: RecordedResponse, opts?: CheckOptions) {
      if (size(request) + size(response) < offThreadMinChars)
        return contracts.checkExchange(request, response, opts);
      return offThread({ request, response, ...(opts ? { opts } : {}) });
    },
    // `--errors` asks before forwarding: a large request body would hold every exchange in flight.
    checkRequest(request: RecordedRequest, opts?: CheckOptions) {
      if (size(request) < offThreadMinChars) return contracts.checkRequest(request, opts);
      return offThread({ request, ...(opts ? { opts } : {}) });
    },
    close: async () => {
      await Promise.all([thread.close(), contracts.close()]);
    },
  };
}

const words: FailureWords = {
  timeout: ({ timeoutMs }) => `the judging thread timed out after ${timeoutMs / 1000} s`,
  'out-of-memory': () => 'the judging thread ran out of memory',
  exit: ({ code }) => `the judging thread stopped (exit code ${code})`,
  crash: ({ message }) => `the judging thread failed (${message})`,
  closed: () => 'the recorder is stopping',
  busy: () => 'the judging thread is busy',
};
