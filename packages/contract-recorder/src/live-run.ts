import { writeFile } from 'node:fs/promises';
import {
  batchLimits,
  type CheckHarOptions,
  checkRecordings,
  inputDigest,
  loadContracts,
  type OutputFormat,
  reportWriter,
} from '@svc-contracts/contract-checker';
import { type HarEntry, printable, readEntry } from '@svc-contracts/har';

/** What the check thread is started with (plain data: it crosses to the thread). */
export interface LiveRunOptions {
  /** The HAR file the recorder writes: the file whose `contract-check` report the stop gives. */
  out: string;
  configPath: string | undefined;
  /** Host -> service, as `parseHostMappings` gives them. */
  hosts: Record<string, string>;
  json?: string | undefined;
  junit?: string | undefined;
  quiet?: boolean | undefined;
}

/** One recorded (masked) entry and its index in the HAR. */
export interface LiveEntry {
  entry: HarEntry;
  index: number;
}

export interface LiveRun {
  /** Judges the entries in order; resolves with their lines. */
  take(entries: LiveEntry[]): Promise<string>;
  /** Ends the run: `contract-check`'s report of the HAR and its exit code; the `json` and `junit` files are
   * written. */
  finish(): Promise<{ exitCode: number; text: string }>;
}

type RecordingVisitor = Parameters<NonNullable<CheckHarOptions['source']>>[3];
type Item = Parameters<RecordingVisitor['take']>[1];

/** A `contract-check` run of the HAR whose entries come from the proxy, one batch at a time: the summary,
 * exit code and reports at the stop are the ones it gives for the file, not judged again. It runs on the
 * check thread (check-thread.mjs), so that judging never holds the proxy's thread. */
export async function startLiveRun(options: LiveRunOptions): Promise<LiveRun> {
  const { out } = options;
  // As contract-check: a document past a limit is not judged (exit 2), not a violation.
  const contracts = await loadContracts({
    ...(options.configPath ? { configPath: options.configPath } : {}),
    limits: batchLimits,
  });
  let lineText = '';
  const lines = reportWriter(
    'text',
    (text) => {
      lineText += text;
    },
    { verbose: true },
  );
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
  let entries = 0;
  const run = checkRecordings(
    [out],
    {
      contracts,
      scope: { hosts: options.hosts },
      // A JUnit test case is a coverage cell, as with contract-check --format junit.
      coverage: options.junit !== undefined,
      source: async (_paths, _shard, _limits, visitor) => {
        visit(visitor);
        await end;
        return { digest: await inputDigest([out]), entries };
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
        lineText += `input error: ${out} #${error.entry}: ${error.reason}\n`;
      },
    },
  );
  let visitor: RecordingVisitor;
  try {
    // A host mapped to a service the contracts lack stops the start, as it stops contract-check.
    visitor = await Promise.race([visiting, run.then(() => visiting)]);
  } catch (error) {
    await contracts.close();
    throw error;
  }
  return {
    async take(batch) {
      for (const { entry, index } of batch) {
        entries++;
        let item: Item;
        try {
          item = { index, position: index, exchange: readEntry(entry, index) };
        } catch (error) {
          item = { index, position: index, error: printable((error as Error).message) };
        }
        try {
          await visitor.take(out, item);
        } catch (error) {
          lineText += `contract-record: the check failed: ${error}\n`;
        }
      }
      const text = lineText;
      lineText = '';
      return text;
    },
    async finish() {
      ended();
      try {
        const summary = await run;
        for (const writer of writers) writer.finish(summary);
        if (reports.json) await writeFile(options.json as string, reports.json.chunks.join(''));
        if (reports.junit) await writeFile(options.junit as string, reports.junit.chunks.join(''));
        return {
          exitCode: summary.exitCode,
          text: `contract-check ${out}:\n${reports.text.chunks.join('')}`,
        };
      } catch (error) {
        return { exitCode: 2, text: `contract-check: ${printable((error as Error).message)}\n` };
      } finally {
        await contracts.close();
      }
    },
  };
}
