import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { mergeCoverage } from './coverage.js';
import type { ReportWriter } from './format.js';
import { printable } from './input-text.js';
import type { CheckHarOptions, RunSummary, Shard } from './report.js';
import type { WorkerInput, WorkerMessage, WorkerOutcome } from './worker-protocol.js';

export const defaultWorkers = availableParallelism();

/** Results per batch message: large enough that messaging is noise next to checking. */
const batchSize = 256;

interface WorkerState {
  worker: Worker;
  queue: WorkerOutcome[];
  /** Batches received but not yet acknowledged (they are acknowledged once mostly written out). */
  pending: number;
  done: boolean;
  summary?: RunSummary;
}

const positionOf = (outcome: WorkerOutcome): number => outcome.position;

/**
 * Worker `k` of `n` on shard `i` of `m` takes the entries of shard `(i - 1) * n + k` of `m * n`: every
 * entry is checked by exactly one worker of one machine, and the merge of the machines' reports is the
 * whole input.
 */
function workerShard(machine: Shard | undefined, workers: number, k: number): Shard {
  const index = machine?.index ?? 1;
  const count = machine?.count ?? 1;
  return { index: (index - 1) * workers + k, count: count * workers };
}

/**
 * The built worker, or, when the checker runs from its TypeScript source (tests, tsx), a small bootstrap
 * that registers tsx in the thread first: loader flags given to a worker do not reach it on Node 20.
 */
function startWorker(workerData: WorkerInput): Worker {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./check-worker.js', import.meta.url), { workerData });
  const source = new URL('./check-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/**
 * {@link checkRecordings} on `workers` threads, each with its own compiled contracts and its share of
 * the entries. Results reach the sink in input order (a merge of the workers' ordered streams), so the
 * output is the same as with one thread. A worker that dies is an input error; the others finish.
 */
export async function checkRecordingsInWorkers(
  paths: string[],
  opts: Omit<CheckHarOptions, 'contracts' | 'mutation'> & { configPath: string; workers: number },
  sink: ReportWriter,
): Promise<RunSummary> {
  const states: WorkerState[] = Array.from({ length: opts.workers }, (_, at) => {
    const input: WorkerInput = {
      paths,
      configPath: opts.configPath,
      options: {
        ...(opts.service === undefined ? {} : { service: opts.service }),
        ...(opts.coverage === undefined ? {} : { coverage: opts.coverage }),
        ...(opts.concurrency === undefined ? {} : { concurrency: opts.concurrency }),
        shard: workerShard(opts.shard, opts.workers, at + 1),
      },
      batchSize,
      format: sink.format,
    };
    return { worker: startWorker(input), queue: [], pending: 0, done: false };
  });
  const failures: Array<{ worker: number; reason: string }> = [];
  let emitted = Promise.resolve();

  /** Writes every outcome that no worker can still precede, smallest position first. */
  const release = async (): Promise<void> => {
    for (;;) {
      let next: WorkerState | undefined;
      for (const state of states) {
        const head = state.queue[0];
        if (!head) {
          if (!state.done) return;
          continue;
        }
        if (!next || positionOf(head) < positionOf(next.queue[0] as WorkerOutcome)) next = state;
      }
      if (!next) return;
      const outcome = next.queue.shift() as WorkerOutcome;
      if (outcome.kind === 'entry') sink.renderedEntry(outcome.text);
      else await sink.inputError(outcome.error, outcome.position);
      if (next.pending > 0 && next.queue.length <= batchSize) {
        next.pending--;
        next.worker.postMessage('ack');
      }
    }
  };
  const schedule = (): void => {
    emitted = emitted.then(release);
  };

  await Promise.all(
    states.map(
      (state, at) =>
        new Promise<void>((finished) => {
          const stop = (failure?: string): void => {
            if (state.done) return;
            if (failure) {
              const reason = `checking worker ${at + 1} of ${opts.workers} stopped: ${printable(failure)}`;
              failures.push({ worker: at, reason });
            }
            state.done = true;
            schedule();
            finished();
          };
          state.worker.on('message', (message: WorkerMessage) => {
            if (message.type === 'batch') {
              state.queue.push(...message.outcomes);
              state.pending++;
              schedule();
            } else if (message.type === 'done') {
              state.summary = message.summary;
              stop();
            } else {
              stop(message.message);
            }
          });
          state.worker.on('error', (error) => stop(error.message));
          state.worker.on('exit', (code) => stop(code === 0 ? undefined : `exit code ${code}`));
        }),
    ),
  );
  await emitted;
  await release();

  const summaries = states.flatMap((state) => (state.summary ? [state.summary] : []));
  // Sorted by worker, so the report does not depend on which thread failed first.
  failures.sort((a, b) => a.worker - b.worker);
  for (const { reason } of failures) {
    await sink.inputError({ file: '(contract-check)', reason }, Number.MAX_SAFE_INTEGER);
  }
  const first = summaries[0];
  const passed = summaries.reduce((sum, summary) => sum + summary.passed, 0);
  const failed = summaries.reduce((sum, summary) => sum + summary.failed, 0);
  const inputErrorCount =
    summaries.reduce((sum, summary) => sum + summary.inputErrorCount, 0) + failures.length;
  const specProblems = first?.specProblems ?? [];
  const coverages = summaries.map((summary) => summary.coverage);
  return {
    services: first?.services ?? [],
    specProblems,
    passed,
    failed,
    inputErrorCount,
    exitCode: inputErrorCount > 0 || specProblems.length > 0 ? 2 : failed > 0 ? 1 : 0,
    ...(opts.shard ? { shard: opts.shard } : {}),
    ...(opts.coverage && coverages.length > 0 && coverages.every((coverage) => coverage)
      ? { coverage: mergeCoverage(coverages as NonNullable<RunSummary['coverage']>[]) }
      : {}),
  };
}
