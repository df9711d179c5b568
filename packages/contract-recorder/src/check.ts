import { getHeapStatistics } from 'node:v8';
import { batchLimits, loadContracts, parseHostMappings } from '@svc-contracts/contract-checker';
import { bundleSpecs, configHosts, findConfigPath, listServices } from '@svc-contracts/contract-model';
import { operationOf, refusalAnswer } from '@svc-contracts/error-answers';
import type { ExchangeRequest, HarEntry } from '@svc-contracts/har';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { describeFailure, type FailureWords, ThreadOfOne } from '@svc-contracts/worker-pool';
import type { ProxyAnswer } from './forward.js';
import type { LiveEntry, LiveRunOptions } from './live-run.js';

export interface LiveCheckOptions {
  /** The HAR file the recorder writes: the file whose `contract-check` report the stop gives. */
  out: string;
  /** `redocly.yaml` (default: the nearest one from the working directory). */
  configPath?: string;
  /** `SERVICE=HOST` mappings, as `contract-check --host` takes them (added to `contract-check.json`'s). */
  hosts?: string[];
  /** Where `contract-check --json`'s document and the JUnit XML go at the stop. */
  json?: string;
  junit?: string;
  /** `--errors`: {@link LiveCheck.answer} refuses what the contract refuses. */
  errors?: boolean;
  /** Only the exchanges that fail or are not judged get a line. */
  quiet?: boolean;
  /** Lines for people (stderr). */
  write(text: string): void;
  /** The check thread's module (tests). */
  threadUrl?: URL;
}

export interface LiveCheck {
  /** With `errors`: the service's documented refusal of a request its contract refuses, from the code the
   * mocks answer with (`@svc-contracts/error-answers`); undefined to forward it. */
  answer?: (request: ExchangeRequest) => Promise<ProxyAnswer | undefined>;
  /** Hands one recorded (masked) entry to the check thread; its lines are written in the file's order. A
   * promise means the thread is far behind: the proxy waits for it before it answers again. */
  judge(entry: HarEntry, index: number): undefined | Promise<void>;
  /** Waits for every judgement, then writes `contract-check`'s report of the HAR and the reports asked for,
   * and returns its exit code (0, 1 for a violation, 2 when it could not judge). */
  finish(): Promise<number>;
  /** Stops the check without a report (the proxy could not start). */
  close(): Promise<void>;
}

/** Entries (or body characters) waiting for the check thread before the proxy waits for it. */
const maxWaitingEntries = 1000;
const maxWaitingChars = 64 * 1024 * 1024;
/** How long an entry may wait to be handed over with the ones after it. */
const batchDelayMs = 20;
/** Added to the thread's nice value (Linux): on few cores the traffic goes first, the judging when it can. */
const checkThreadNice = 10;
/** A task the thread has not finished in this long is given up: generous, as a busy machine is slow. */
const threadBudgetMs = 600_000;

type Answer = { error?: string; lost?: string; text?: string; exitCode?: number };

/** Judges every exchange as it is recorded, on a thread of its own (`live-run.ts`): the proxy's thread only
 * hands the entries over, a batch at a time, so judging adds nothing to an exchange's latency. */
export async function startLiveCheck(options: LiveCheckOptions): Promise<LiveCheck> {
  const configPath = options.configPath ?? findConfigPath();
  const hosts = parseHostMappings(options.hosts ?? [], await configHosts(configPath));
  const thread = new ThreadOfOne<object, Answer>({
    url: options.threadUrl ?? new URL('./check-thread.mjs', import.meta.url),
    niceIncrement: checkThreadNice,
    // As much heap as contract-check's own process has: a body it can judge, the thread can.
    resourceLimits: { maxOldGenerationSizeMb: Math.ceil(getHeapStatistics().heap_size_limit / 2 ** 20) },
  });
  const budget = { timeoutMs: threadBudgetMs };
  const { out, json, junit, quiet } = options;
  const start: LiveRunOptions = { out, configPath, hosts, json, junit, quiet };
  const started = await thread.run({ start }, budget);
  const startError = started.ok ? started.value.error : describeFailure(started.failure, words);
  let refused: Awaited<ReturnType<typeof refusals>> | undefined;
  try {
    if (startError !== undefined) throw new Error(startError);
    refused = options.errors ? await refusals(configPath, hosts) : undefined;
  } catch (error) {
    await thread.close();
    throw error;
  }

  let waiting: LiveEntry[] = [];
  let waitingChars = 0;
  let running: Promise<void> | undefined;
  /** Why the thread's run is gone, from which entry on, and how many entries it never judged. */
  let lost: { reason: string; from: number; entries: number } | undefined;
  const pump = (): void => {
    if (running || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    waitingChars = 0;
    running = thread.run({ entries: batch }, budget).then((outcome) => {
      running = undefined;
      const answer = outcome.ok ? outcome.value : { lost: describeFailure(outcome.failure, words) };
      if (answer.text) options.write(answer.text);
      if (answer.lost === undefined) return pump();
      lost = { reason: answer.lost, from: batch[0]?.index ?? 0, entries: batch.length + waiting.length };
      waiting = [];
    });
  };
  // Entries wait a moment to go over in batches: one hand-over per entry would cost the proxy's thread more.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = (): void => {
    timer ??= setTimeout(() => {
      timer = undefined;
      pump();
    }, batchDelayMs);
  };
  const drained = async (): Promise<void> => {
    clearTimeout(timer);
    pump();
    while (running) await running;
  };
  const close = async (): Promise<void> => {
    clearTimeout(timer);
    await Promise.all([thread.close(), refused?.close()]);
  };
  return {
    ...(refused ? { answer: refused.answer } : {}),
    judge(entry, index) {
      if (lost) {
        lost.entries++;
        return undefined;
      }
      waiting.push({ entry, index });
      waitingChars +=
        (entry.request.postData?.text?.length ?? 0) + (entry.response.content.text?.length ?? 0);
      const far = waiting.length >= maxWaitingEntries || waitingChars >= maxWaitingChars;
      const behind = running;
      if (far) pump();
      else if (!running) soon();
      return far ? behind : undefined;
    },
    async finish() {
      try {
        await drained();
        const outcome = lost ? undefined : await thread.run({ finish: true }, budget);
        const stop =
          outcome && (outcome.ok ? outcome.value : { lost: describeFailure(outcome.failure, words) });
        if (stop?.text !== undefined && stop.lost === undefined) {
          options.write(stop.text);
          return stop.exitCode ?? 2;
        }
        const check = `check the HAR with contract-check ${options.out}`;
        options.write(
          lost
            ? `contract-record: the live check stopped at #${lost.from} (${lost.reason}): ${lost.entries} exchange(s) from there on were not judged and there is no report; ${check}\n`
            : `contract-record: the live check could not give its report (${stop?.lost}); ${check}\n`,
        );
        return 2;
      } finally {
        await close();
      }
    },
    close,
  };
}

const words: FailureWords = {
  timeout: ({ timeoutMs }) => `the check thread timed out after ${timeoutMs / 1000} s`,
  'out-of-memory': () => 'the check thread ran out of memory',
  exit: ({ code }) => `the check thread stopped (exit code ${code})`,
  crash: ({ message }) => `the check failed (${message})`,
  closed: () => 'the recorder is stopping',
  busy: () => 'the check thread is busy',
};

/** The refusal of a request that matches an operation and breaks its contract: the request violations the
 * mocks refuse, answered as they answer them. A request of no operation is forwarded (it may not be ours).
 * It runs on the proxy's thread, as the request waits for it. */
async function refusals(configPath: string | undefined, hosts: Record<string, string>) {
  const contracts = await loadContracts({ ...(configPath ? { configPath } : {}), limits: batchLimits });
  const bundled = configPath ? await bundleSpecs(listServices(configPath), { configPath }) : { specs: [] };
  const specs = new Map<string, OpenApiDocument>(bundled.specs.map((spec) => [spec.name, spec.document]));
  const answer = async (request: ExchangeRequest): Promise<ProxyAnswer | undefined> => {
    const url = new URL(request.url);
    const service = hosts[url.host] ?? hosts[url.hostname];
    try {
      const { match, violations } = await contracts.checkRequest(request, service ? { service } : {});
      const spec = match && specs.get(match.service);
      const refused = violations.filter((violation) => violation.side === 'request');
      if (!match || !spec || refused.length === 0) return undefined;
      return refusalAnswer(spec, match.service, operationOf(spec, match), refused);
    } catch {
      return undefined; // not judged (a resource limit): forwarded, and the entry says why
    }
  };
  return { answer, close: () => contracts.close() };
}
