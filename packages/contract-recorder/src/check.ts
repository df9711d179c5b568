import { writeFile } from 'node:fs/promises';
import {
  batchLimits,
  type CheckHarOptions,
  checkRecordings,
  inputDigest,
  loadContracts,
  type OutputFormat,
  parseHostMappings,
  reportWriter,
} from '@svc-contracts/contract-checker';
import { bundleSpecs, configHosts, findConfigPath, listServices } from '@svc-contracts/contract-model';
import { operationOf, refusalAnswer } from '@svc-contracts/error-answers';
import { type ExchangeRequest, type HarEntry, printable, readEntry } from '@svc-contracts/har';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { withBigExchangesOffThread } from './big-exchanges.js';
import type { ProxyAnswer } from './forward.js';

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
  /** The judging thread's module (tests). */
  threadUrl?: URL;
}

export interface LiveCheck {
  /** With `errors`: the service's documented refusal of a request its contract refuses, from the code the
   * mocks answer with (`@svc-contracts/error-answers`); undefined to forward it. */
  answer?: (request: ExchangeRequest) => Promise<ProxyAnswer | undefined>;
  /** Judges one recorded (masked) entry after those before it; its lines are written in the file's order. A
   * promise means more than 1,000 entries wait (large ones take the judging thread a while): the proxy holds
   * the answer until it settles. */
  judge(entry: HarEntry, index: number): undefined | Promise<void>;
  /** Waits for every judgement, then writes `contract-check`'s report of the HAR and the reports asked for,
   * and returns its exit code (0, 1 for a violation, 2 when it could not judge). */
  finish(): Promise<number>;
  /** Stops the check without a report (the proxy could not start). */
  close(): Promise<void>;
}

/** Entries waiting to be judged before the proxy waits for them. */
const maxWaitingEntries = 1000;

type RecordingVisitor = Parameters<NonNullable<CheckHarOptions['source']>>[3];
type Item = Parameters<RecordingVisitor['take']>[1];

/** Judges every exchange as it is recorded, as a `contract-check` run of the HAR whose entries come from the
 * proxy: the summary, exit code and reports at the stop are the ones it gives for the file, not judged again. */
export async function startLiveCheck(options: LiveCheckOptions): Promise<LiveCheck> {
  const configPath = options.configPath ?? findConfigPath();
  const scope = { hosts: parseHostMappings(options.hosts ?? [], await configHosts(configPath)) };
  // As contract-check: a document past a limit is not judged (exit 2), not a violation.
  const contracts = withBigExchangesOffThread(
    await loadContracts({ configPath, limits: batchLimits }),
    configPath,
    options.threadUrl,
  );
  const lines = reportWriter('text', options.write, { verbose: true });
  // The stop's reports, written as contract-check writes them while it reads.
  const stop = (format: OutputFormat) => {
    const chunks: string[] = [];
    return { chunks, writer: reportWriter(format, (text) => chunks.push(text)) };
  };
  const reports = {
    text: stop('text'),
    ...(options.json ? { json: stop('json') } : {}),
    ...(options.junit ? { junit: stop('junit') } : {}),
  };
  const writers = Object.values(reports).map((report) => report.writer);
  let visit: (visitor: RecordingVisitor) => void = () => undefined;
  const visiting = new Promise<RecordingVisitor>((resolve) => {
    visit = resolve;
  });
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  let queue: Promise<void> = visiting.then(() => undefined);
  let entries = 0;
  /** Entries handed over and not yet judged. */
  let waiting = 0;
  const run = checkRecordings(
    [options.out],
    {
      contracts,
      scope,
      // A JUnit test case is a coverage cell, as with contract-check --format junit.
      coverage: options.junit !== undefined,
      source: async (_paths, _shard, _limits, visitor) => {
        visit(visitor);
        await end;
        await queue;
        return { digest: await inputDigest([options.out]), entries };
      },
    },
    {
      entry: (entry) => {
        for (const writer of writers) void writer.entry(entry);
        if (!options.quiet || entry.verdict === 'violation' || entry.verdict === 'not-judged')
          void lines.entry(entry);
      },
      inputError: (error, position) => {
        for (const writer of writers) void writer.inputError(error, position);
        options.write(`input error: ${options.out} #${error.entry}: ${error.reason}\n`);
      },
    },
  );
  let visitor: RecordingVisitor;
  let answer: LiveCheck['answer'];
  try {
    // A host mapped to a service the contracts lack stops the start, as it stops contract-check.
    visitor = await Promise.race([visiting, run.then(() => visiting)]);
    answer = options.errors ? await refusals(contracts, configPath, scope.hosts) : undefined;
  } catch (error) {
    await contracts.close();
    throw error;
  }
  const failed = (error: unknown): void => options.write(`contract-record: the check failed: ${error}\n`);
  return {
    ...(answer ? { answer } : {}),
    judge(entry, index) {
      entries++;
      waiting++;
      const take = (): void | Promise<void> => {
        let item: Item;
        try {
          item = { index, position: index, exchange: readEntry(entry, index) };
        } catch (error) {
          item = { index, position: index, error: printable((error as Error).message) };
        }
        return visitor.take(options.out, item);
      };
      queue = queue
        .then(take)
        .catch(failed)
        .finally(() => {
          waiting--;
        });
      // Far behind (large exchanges on the judging thread): the proxy holds this answer until it is judged.
      return waiting > maxWaitingEntries ? queue : undefined;
    },
    async finish() {
      ended();
      try {
        const summary = await run;
        for (const writer of writers) writer.finish(summary);
        options.write(`contract-check ${options.out}:\n${reports.text.chunks.join('')}`);
        if (reports.json) await writeFile(options.json as string, reports.json.chunks.join(''));
        if (reports.junit) await writeFile(options.junit as string, reports.junit.chunks.join(''));
        return summary.exitCode;
      } catch (error) {
        options.write(`contract-check: ${printable((error as Error).message)}\n`);
        return 2;
      } finally {
        await contracts.close();
      }
    },
    close: () => contracts.close(),
  };
}

/** The refusal of a request that matches an operation and breaks its contract: the request violations the
 * mocks refuse, answered as they answer them. A request of no operation is forwarded (it may not be ours). */
async function refusals(
  contracts: Awaited<ReturnType<typeof loadContracts>>,
  configPath: string | undefined,
  hosts: Record<string, string>,
): Promise<NonNullable<LiveCheck['answer']>> {
  const bundled = configPath ? await bundleSpecs(listServices(configPath), { configPath }) : { specs: [] };
  const specs = new Map<string, OpenApiDocument>(bundled.specs.map((spec) => [spec.name, spec.document]));
  return async (request) => {
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
}
