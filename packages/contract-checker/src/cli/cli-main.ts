import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { didYouMean, explainArgsError } from '@svc-contracts/cli-output';
import { configHosts, findConfigPath } from '@svc-contracts/contract-model';
import { mergeProposals, Proposer, proposeOptions } from '@svc-contracts/contract-propose';
import { printable } from '@svc-contracts/har';
import { loadContracts, requireService } from '../contract/contract-set.js';
import { batchLimits, type CheckLimits } from '../core/limits.js';
import { parseShard } from '../core/shard.js';
import { type ProgressStream, progressLine, progressWanted } from '../report/progress.js';
import {
  formatReport,
  type OutputFormat,
  outputFormats,
  type ReporterOptions,
  reportWriter,
} from '../report/reporters.js';
import { checkRecordings } from '../run/check-recordings.js';
import { parseHostMappings } from '../run/entry-pipeline.js';
import { MergeError, mergeReports, parseReport } from '../run/merge.js';

const usage = `Usage: contract-check [options] <recording | folder>...
       contract-check merge [--format FORMAT] <report.json>...

Checks recorded HTTP traffic against the OpenAPI contracts listed in redocly.yaml. A recording is HAR 1.2
(*.har) or NDJSON with one HAR entry per line (*.ndjson, *.jsonl); folders are searched recursively for
them. Recordings are read as streams: memory stays flat whatever their size.

Options:
  --service NAME   match every entry against this service only
  --config PATH    redocly.yaml listing the services (default: nearest from the working directory)
  --format FORMAT  text (default: each failed and not judged entry with its rules, places and spec
                   locations, repeated findings grouped, passes and skips counted), json (the whole
                   report for machines), junit (JUnit XML: a test case per operation x status x content
                   type, a failure per violating entry) or github (workflow annotations on the spec line
                   of each rule broken)
  --json           the same as --format json
  --verbose        text: a line for every entry, passes and skips included
  --coverage       report operation x status x content type covered by the entries
  --mutation       mutate every passing entry and report how many mutants the contract rejects
                   (keeps the passing entries in memory: for test suites, not production traffic)
  --shard I/N      check only part I of N of the entries (every N-th entry of the whole input): run N
                   processes (one per core, or the runners of a CI matrix), then merge their --json reports
  --propose FILE   also write what passing traffic shows where the contract is open, as an OpenAPI Overlay
                   to review (summary on stderr; see the README). Thresholds: --propose-min-entries N (20),
                   --propose-max-values N (12, an enum's most values), --propose-min-share F (1)

Scope (see the README, "Recording traffic with the tools you have"):
  --host SERVICE=HOST  entries to HOST (host or host:port) are SERVICE's: matched against it only, and an
                   unknown path there is undocumented-operation. Repeat it; a "hosts" entry of
                   contract-check.json next to redocly.yaml does the same ({"hosts": {"agents": ["api.example.com"]}}).
                   An unmapped host is ours when some entry on it matches an operation; else its entries
                   are skipped as "other host" (fonts, analytics, scripts), counted by host
  --sanitized      the recordings' credentials were stripped (Chrome's default "Export HAR (sanitized)"):
                   the security of a request that carries none is not judged
  --fail-on-not-judged  exit 1 when some entry is not judged (a body or credential not recorded)
  --fail-on-skipped     exit 1 when some entry is skipped (other host, preflight, failed request, ...)
  --strict         both: for CI on complete recordings of our own services
  --max-xml-bytes N    largest XML document validated (default 268435456, 256 MiB); a larger one is not
                   judged and the run exits 2
  --xml-timeout MS time budget per XML document (default 120000)
  --max-entry-bytes N  largest entry read (default 268435456, 256 MiB; Node cannot hold 512 MiB or more)
  --max-json-nodes N   most values in one JSON body (default 10000000), counted before it is parsed
  --max-json-depth N   deepest nesting of one JSON body (default 512)
                   An entry or body past a limit is not judged, named with the limit, and the run exits 2
  -h, --help       this text

merge: combines the --json reports of every shard of one run into one report (any --format; --verbose)
with one coverage table; a missing or doubled shard is an error. --propose FILE --propose-from TALLIES...:
the whole run's proposals from the NAME.tallies.json each shard's --propose NAME.yaml wrote.

On a terminal (stderr), a run shows one status line (entries checked,
bytes read of the total, entries per second, time left), redrawn in place and cleared at the end; never
when piped, with NO_COLOR or CI set, or with a format other than text.

Every entry is passed, failed, not judged (a part the recording did not keep, or a resource limit) or
skipped (not ours: another host, a CORS preflight, a browser-internal redirect, a 304, a failed request).

Exit codes: 0 no entry failed; 1 some entry violates the contract (or, with --fail-on-not-judged,
--fail-on-skipped or --strict, some entry was not judged or skipped); 2 the check is incomplete: some
input could not be read (unreadable or malformed recording, missing path, no recording in a folder,
broken spec) or a resource limit stopped a check - 2 wins over 1.
`;

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Where the progress line may go (the process's stderr); none: no progress line. */
  progress?: ProgressStream;
}

const processOutput: CliOutput = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  progress: process.stderr,
};

const options = {
  service: { type: 'string' },
  config: { type: 'string' },
  json: { type: 'boolean', default: false },
  format: { type: 'string' },
  verbose: { type: 'boolean', default: false },
  coverage: { type: 'boolean', default: false },
  mutation: { type: 'boolean', default: false },
  shard: { type: 'string' },
  host: { type: 'string', multiple: true },
  sanitized: { type: 'boolean', default: false },
  'fail-on-not-judged': { type: 'boolean', default: false },
  'fail-on-skipped': { type: 'boolean', default: false },
  strict: { type: 'boolean', default: false },
  'max-xml-bytes': { type: 'string' },
  'xml-timeout': { type: 'string' },
  'max-entry-bytes': { type: 'string' },
  'max-json-nodes': { type: 'string' },
  'max-json-depth': { type: 'string' },
  ...proposeOptions,
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

/** Runs the CLI in-process and resolves to its exit code (the bin calls this; tests call it directly). */
export async function runCli(argv: string[], output: CliOutput = processOutput): Promise<number> {
  let progress: ReturnType<typeof progressLine> | undefined;
  // Until the arguments are read, an error is answered with the usage.
  let checking = false;
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
    const configPath = values.config ?? findConfigPath();
    const reporter = { verbose: values.verbose, ...(configPath ? { specRoot: dirname(configPath) } : {}) };
    const format = outputFormatOf(values.format, values.json);
    if (positionals[0] === 'merge' && !values.help)
      return await runMerge(positionals.slice(1), format, reporter, output, { ...values, configPath });
    if (values.help) {
      output.stdout(usage);
      return 0;
    }
    if (positionals.length === 0) throw new Error('No recordings given.');
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    if (shard && values.mutation) throw new Error('--mutation cannot be combined with --shard');
    const hosts = parseHostMappings(values.host ?? [], await configHosts(configPath));
    const limits = limitsOf(values);
    checking = true;
    const failOn = {
      ...(values['fail-on-not-judged'] || values.strict ? { notJudged: true } : {}),
      ...(values['fail-on-skipped'] || values.strict ? { skipped: true } : {}),
    };
    // Progress on a terminal only, for people: not in a pipe, a CI log, or a machine format.
    const stream =
      format === 'text' && output.progress && progressWanted(output.progress) ? output.progress : undefined;
    // Other output clears the progress line first; the next tick draws it again below.
    const stdout = (text: string): void => {
      progress?.clear();
      output.stdout(text);
    };
    const writer = reportWriter(format, stdout, reporter);
    const contracts = await loadContracts({ limits, configPath: values.config });
    try {
      requireService(contracts.services, values.service);
      const proposer = values.propose && configPath ? await Proposer.load(configPath, values) : undefined;
      const summary = await checkRecordings(
        positionals,
        {
          service: values.service,
          shard,
          // A JUnit test case is a coverage cell: the run counts them.
          coverage: values.coverage || format === 'junit',
          ...(stream && {
            progress: (probe, totalBytes) => {
              progress = progressLine(stream, probe, totalBytes ? { totalBytes } : {});
            },
          }),
          scope: { hosts, sanitized: values.sanitized },
          ...(Object.keys(failOn).length > 0 ? { failOn } : {}),
          contracts,
          mutation: values.mutation,
          observe: proposer?.observeEntry,
        },
        writer,
      );
      progress?.stop();
      writer.finish(summary);
      if (proposer && values.propose) output.stderr(proposer.write(values.propose, summary).summary);
      return summary.exitCode;
    } finally {
      await contracts.close();
    }
  } catch (error) {
    progress?.stop();
    if (checking) output.stderr(`contract-check: ${printable((error as Error).message)}\n`);
    else output.stderr(`${explainArgsError(error, [...Object.keys(options), 'h'])}\n\n${usage}`);
    return 2;
  }
}

/** `--format`, with `--json` as another way to say `--format json`. */
function outputFormatOf(format: string | undefined, json: boolean): OutputFormat {
  if (format === undefined) return json ? 'json' : 'text';
  if (!(outputFormats as readonly string[]).includes(format))
    throw new Error(
      `--format takes ${outputFormats.join(', ')}, not "${format}"${didYouMean(format, [...outputFormats])}`,
    );
  if (json && format !== 'json')
    throw new Error(`--json is --format json: give one of --json and --format ${format}`);
  return format as OutputFormat;
}

/** The limits the options set, the batch limits otherwise. */
function limitsOf(values: Values): CheckLimits {
  const number = (name: keyof Values, fallback?: number): number => {
    const text = values[name] as string | undefined;
    const value = Number(text ?? fallback);
    if (!Number.isSafeInteger(value) || value < 1)
      throw new Error(`--${name} takes a whole number above 0, not "${text}"`);
    return value;
  };
  return {
    xml: {
      ...batchLimits.xml,
      maxDocumentBytes: number('max-xml-bytes', batchLimits.xml.maxDocumentBytes),
      timeoutMs: number('xml-timeout', batchLimits.xml.timeoutMs),
    },
    maxEntryBytes: number('max-entry-bytes', batchLimits.maxEntryBytes),
    maxJsonNodes: number('max-json-nodes', batchLimits.maxJsonNodes),
    maxJsonDepth: number('max-json-depth', batchLimits.maxJsonDepth),
  };
}

/** `contract-check merge a.json b.json`: one report from the shards' reports. */
async function runMerge(
  files: string[],
  format: OutputFormat,
  options: ReporterOptions,
  output: CliOutput,
  values: Values & { configPath?: string | undefined },
): Promise<number> {
  if (files.length === 0) {
    output.stderr(`merge: no reports given.\n\n${usage}`);
    return 2;
  }
  try {
    const read = async (file: string) => {
      const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        throw new MergeError(`${file}: cannot read (${error.code ?? String(error)})`);
      });
      return { file, report: parseReport(text, file) };
    };
    const report = mergeReports(await Promise.all(files.map(read)));
    output.stdout(formatReport(report, format, options));
    if (values.propose && values.configPath) output.stderr(await mergeProposals(values.configPath, values));
    return report.exitCode;
  } catch (error) {
    output.stderr(`contract-check merge: ${printable((error as Error).message)}\n`);
    return 2;
  }
}
