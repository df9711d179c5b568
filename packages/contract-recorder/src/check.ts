import { writeFile } from 'node:fs/promises';
import {
  entryPipeline,
  formatReport,
  loadContracts,
  parseHostMappings,
  type Report,
  reportWriter,
} from '@svc-contracts/contract-checker';
import { runCli as contractCheck } from '@svc-contracts/contract-checker/cli';
import { bundleSpecs, configHosts, findConfigPath, listServices } from '@svc-contracts/contract-model';
import { operationOf, refusalAnswer } from '@svc-contracts/error-answers';
import { type ExchangeRequest, type HarEntry, printable, readEntry } from '@svc-contracts/har';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import type { ProxyAnswer } from './forward.js';

export interface LiveCheckOptions {
  /** The HAR file the recorder writes: the file `contract-check` judges at the stop. */
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
}

export interface LiveCheck {
  /** With `errors`: the service's documented refusal of a request its contract refuses, from the code the
   * mocks answer with (`@svc-contracts/error-answers`); undefined to forward it. */
  answer?: (request: ExchangeRequest) => Promise<ProxyAnswer | undefined>;
  /** Judges one recorded (masked) entry; its lines are written in the file's order. */
  judge(entry: HarEntry, index: number): void;
  /** Waits for every judgement, then runs `contract-check` on the HAR: its report is written, the reports
   * asked for are saved, and its exit code is returned (0, 1 for a violation, 2 when it could not judge). */
  finish(): Promise<number>;
}

/** Judges every exchange as it is recorded with the checker's own pipeline; at the stop `contract-check`
 * judges the HAR, so the summary, exit code and reports are exactly what it gives for the file. */
export async function startLiveCheck(options: LiveCheckOptions): Promise<LiveCheck> {
  const configPath = options.configPath ?? findConfigPath();
  const hosts = options.hosts ?? [];
  // A bad contract-check.json is contract-check's to report at the stop.
  const scope = { hosts: parseHostMappings(hosts, await configHosts(configPath).catch(() => ({}))) };
  const contracts = await loadContracts({
    ...(configPath ? { configPath } : {}),
    // As contract-check: a document past a limit is not judged (exit 2), not a violation.
    xmlLimits: { maxDocumentBytes: 256 * 1024 * 1024, timeoutMs: 120_000, pastLimit: 'not-judged' },
  });
  const lines = reportWriter('text', options.write, { verbose: true });
  const pipeline = entryPipeline(
    contracts,
    { scope },
    {
      entry: (entry) => {
        if (!options.quiet || entry.verdict === 'violation' || entry.verdict === 'not-judged')
          return lines.entry(entry);
      },
      inputError: (error) => options.write(`input error: ${options.out} #${error.entry}: ${error.reason}\n`),
    },
  );
  const answer = options.errors ? await refusals(contracts, configPath, scope.hosts) : undefined;
  let queue: Promise<void> = Promise.resolve();
  const failed = (error: unknown): void => options.write(`contract-record: the check failed: ${error}\n`);
  return {
    ...(answer ? { answer } : {}),
    judge(entry, index) {
      let item: Parameters<typeof pipeline.take>[1];
      try {
        item = { index, position: index, exchange: readEntry(entry, index) };
      } catch (error) {
        item = { index, position: index, error: printable((error as Error).message) };
      }
      queue = queue.then(() => pipeline.take(options.out, item)).catch(failed);
    },
    async finish() {
      await queue;
      await pipeline.end();
      await contracts.close();
      let json = '';
      const argv = [options.out, '--json', ...(options.junit ? ['--coverage'] : [])];
      if (configPath) argv.push('--config', configPath);
      for (const host of hosts) argv.push('--host', host);
      const code = await contractCheck(argv, { stdout: (text) => (json += text), stderr: options.write });
      let report: Report;
      try {
        report = JSON.parse(json) as Report;
      } catch {
        return Math.max(code, 2);
      }
      options.write(`contract-check ${options.out}:\n${formatReport(report, 'text')}`);
      if (options.json) await writeFile(options.json, json);
      if (options.junit) await writeFile(options.junit, formatReport(report, 'junit'));
      return code;
    },
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
