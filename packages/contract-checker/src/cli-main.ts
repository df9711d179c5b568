import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { coalescedOutput } from './coalesced-output.js';
import { loadContracts } from './contract-set.js';
import { defaultWorkers } from './default-workers.js';
import { requireService } from './entry-pipeline.js';
import { formatJson, formatText, jsonReportWriter, textReportWriter } from './format.js';
import { printable } from './input-text.js';
import { MergeError, mergeReports, parseReport } from './merge.js';
import { checkRecordingsInWorkers } from './parallel.js';
import { checkRecordings, parseShard, type Shard } from './report.js';
import { findConfigPath } from './spec-loader.js';

const usage = `Usage: contract-check [options] <recording | folder>...
       contract-check merge [--json] <report.json>...

Checks recorded HTTP traffic against the OpenAPI contracts listed in redocly.yaml. A recording is HAR 1.2
(*.har) or NDJSON with one HAR entry per line (*.ndjson, *.jsonl); folders are searched recursively for
them. Recordings are read as streams: memory stays flat whatever their size.

Options:
  --service NAME   match every entry against this service only
  --config PATH    redocly.yaml listing the services (default: nearest from the working directory)
  --json           machine-readable report on stdout
  --coverage       report operation x status x content type covered by the entries
  --mutation       mutate every passing entry and report how many mutants the contract rejects
                   (keeps the passing entries in memory: for test suites, not production traffic)
  --shard I/N      check only part I of N of the entries (every N-th entry of the whole input), so N
                   runners of a CI matrix share one day of traffic; merge their --json reports after
  --no-cache       neither read nor write the set-up cache of bundled specs and compiled schemas
                   (node_modules/.cache/svc-contracts-contract-checker/ next to the config, or
                   $SVC_CONTRACTS_CACHE_DIR); a changed spec or XSD is never read from it anyway
  --workers N      check on N threads, each with its own compiled contracts (default: one per core when
                   the recordings add up to 256 MB or more, else 1: below that, starting threads costs
                   more than it saves); output is the same, in the same order
  -h, --help       this text

merge: combines the --json reports of every shard of one run into one report (text, or --json) with
one coverage table; a missing or doubled shard is an error.

Exit codes: 0 every entry passed; 1 some entry violates the contract; 2 some input could not be read
(unreadable or malformed recording, missing path, no recording in a folder, broken spec) - 2 wins over
1, because the check is incomplete.
`;

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

/** Runs the CLI in-process and resolves to its exit code (the bin calls this; tests call it directly). */
export async function runCli(argv: string[], output: CliOutput = processOutput): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  const options = {
    service: { type: 'string' },
    config: { type: 'string' },
    json: { type: 'boolean', default: false },
    coverage: { type: 'boolean', default: false },
    mutation: { type: 'boolean', default: false },
    shard: { type: 'string' },
    workers: { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  } as const;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true });
  } catch (error) {
    output.stderr(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals[0] === 'merge' && !values.help) return runMerge(positionals.slice(1), values.json, output);
  if (values.help) {
    output.stdout(usage);
    return 0;
  }
  if (positionals.length === 0) {
    output.stderr(`No recordings given.\n\n${usage}`);
    return 2;
  }
  let shard: Shard | undefined;
  try {
    if (values.shard !== undefined) shard = parseShard(values.shard);
    if (shard && values.mutation) throw new Error('--mutation cannot be combined with --shard');
  } catch (error) {
    output.stderr(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  let workers: number;
  try {
    workers = values.workers === undefined ? await defaultWorkers(positionals) : parseWorkers(values.workers);
  } catch (error) {
    output.stderr(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const checkOptions = {
    ...(values.service === undefined ? {} : { service: values.service }),
    ...(shard ? { shard } : {}),
    coverage: values.coverage,
  };
  const report = coalescedOutput(output.stdout);
  const writer = values.json ? jsonReportWriter(report.write) : textReportWriter(report.write);
  try {
    // Without a config the single-thread path reports the missing config; mutation needs every entry in one place.
    const configPath = values.config ?? findConfigPath();
    if (workers > 1 && !values.mutation && configPath) {
      const summary = await checkRecordingsInWorkers(
        positionals,
        { ...checkOptions, configPath, workers, ...(values['no-cache'] ? { cache: false as const } : {}) },
        writer,
      );
      writer.finish(summary);
      return summary.exitCode;
    }
    const contracts = await loadContracts({
      ...(values.config === undefined ? {} : { configPath: values.config }),
      ...(values['no-cache'] ? { cache: false as const } : {}),
    });
    try {
      requireService(contracts, values.service);
      const summary = await checkRecordings(
        positionals,
        { ...checkOptions, contracts, mutation: values.mutation },
        writer,
      );
      writer.finish(summary);
      return summary.exitCode;
    } finally {
      await contracts.close();
    }
  } catch (error) {
    report.flush();
    output.stderr(`contract-check: ${printable((error as Error).message)}\n`);
    return 2;
  } finally {
    report.flush();
  }
}

/** `contract-check merge a.json b.json`: one report from the shards' reports. */
async function runMerge(files: string[], json: boolean, output: CliOutput): Promise<number> {
  if (files.length === 0) {
    output.stderr(`merge: no reports given.\n\n${usage}`);
    return 2;
  }
  try {
    const parts = await Promise.all(
      files.map(async (file) => {
        let text: string;
        try {
          text = await readFile(file, 'utf8');
        } catch (error) {
          throw new MergeError(
            `${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
          );
        }
        return { file, report: parseReport(text, file) };
      }),
    );
    const report = mergeReports(parts);
    output.stdout(json ? formatJson(report) : formatText(report));
    return report.exitCode;
  } catch (error) {
    output.stderr(`contract-check merge: ${printable((error as Error).message)}\n`);
    return 2;
  }
}

function parseWorkers(text: string): number {
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1 || count > 256) {
    throw new Error(`--workers takes a whole number from 1 to 256, not "${text}"`);
  }
  return count;
}
