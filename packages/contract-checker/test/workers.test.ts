import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonReportWriter, type ReportFormat, type ReportWriter, textReportWriter } from '../src/format.js';
import { loadContracts } from '../src/index.js';
import { checkRecordingsInWorkers } from '../src/parallel.js';
import { checkRecordings, type Shard } from '../src/report.js';
import { fixtureConfig, fixtures } from './helpers.js';

let scratch: string;
let inputs: string[];
/** The entries of the fixture recordings, as NDJSON lines. */
let lines: string[];

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-check-workers-'));
  const har = JSON.parse(await readFile(join(fixtures, 'har', 'fleet.har'), 'utf8')) as {
    log: { entries: unknown[] };
  };
  lines = har.log.entries.map((entry) => JSON.stringify(entry));
  // Blank lines, a malformed entry and an entry that is not HAR among good ones, in two files.
  await writeFile(
    join(scratch, 'a.ndjson'),
    [...lines, '', '{"request": nope}', ...lines, '  ', '{"request":{}}', ...lines].join('\n'),
  );
  await writeFile(join(scratch, 'b.ndjson'), `${[...lines, ...lines].join('\n')}\n`);
  inputs = [
    join(scratch, 'a.ndjson'),
    join(fixtures, 'har', 'numbers.har'),
    join(scratch, 'missing.har'),
    join(fixtures, 'har', 'malformed.har'),
    join(scratch, 'b.ndjson'),
  ];
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

function capture(format: ReportFormat): { writer: ReportWriter; output: () => string } {
  let text = '';
  const write = (piece: string): void => {
    text += piece;
  };
  return {
    writer: format === 'json' ? jsonReportWriter(write) : textReportWriter(write),
    output: () => text,
  };
}

async function oneThread(format: ReportFormat, shard?: Shard): Promise<string> {
  const contracts = await loadContracts({ configPath: fixtureConfig });
  try {
    const { writer, output } = capture(format);
    const summary = await checkRecordings(
      inputs,
      { contracts, coverage: true, ...(shard ? { shard } : {}) },
      writer,
    );
    writer.finish(summary);
    return output();
  } finally {
    await contracts.close();
  }
}

async function threads(
  format: ReportFormat,
  workers: number,
  blockSize: number,
  shard?: Shard,
): Promise<string> {
  const { writer, output } = capture(format);
  const summary = await checkRecordingsInWorkers(
    inputs,
    { configPath: fixtureConfig, coverage: true, workers, blockSize, ...(shard ? { shard } : {}) },
    writer,
  );
  writer.finish(summary);
  return output();
}

describe('worker threads deal out blocks of entries', () => {
  it('write byte for byte the report of one thread: text and JSON, input errors, several files', async () => {
    for (const format of ['text', 'json'] as const) {
      const expected = await oneThread(format);
      expect(expected).toContain('malformed JSON: invalid symbol at line 9, column 13');
      expect(expected.match(format === 'json' ? /"position":/g : /^(PASS|FAIL) /gm)?.length).toBeGreaterThan(
        20,
      );
      // Blocks of 2 and 3 entries over 3 threads: every thread's blocks interleave with the others'.
      expect(await threads(format, 3, 2), format).toBe(expected);
      if (format === 'text') expect(await threads(format, 2, 3), format).toBe(expected);
    }
  });

  it('split a shard the same way: the shard of one thread, byte for byte', async () => {
    const shard = { index: 2, count: 3 };
    const expected = await oneThread('json', shard);
    expect(await threads('json', 2, 2, shard)).toBe(expected);
    // Not the whole run: the shard's own entries only.
    expect(expected).not.toBe(await oneThread('json'));
  });

  it('a thread that crashes fails the entries it held, named, and a new thread checks the rest', async () => {
    // Entries 8 to 11 are too large for a thread's heap (limited below) together: the thread that reads
    // them runs out of memory. Blocks of 4 over 2 threads: they are block 2, the first thread's, which
    // also holds block 0 (read, still in flight). No single string is above 16 MB: an allocation far
    // above the limit ends the process, not the thread.
    const good = JSON.parse(lines[0] as string) as { response: { content: { text?: string } } };
    const huge = JSON.stringify({
      ...good,
      response: {
        ...good.response,
        content: { ...good.response.content, text: JSON.stringify({ padding: 'x'.repeat(12 << 20) }) },
      },
    });
    const file = join(scratch, 'crash.ndjson');
    const entries = [...Array(8).fill(lines[0]), huge, huge, huge, huge, ...Array(8).fill(lines[0])];
    await writeFile(file, `${entries.join('\n')}\n`);
    const errors: Array<{ reason: string; position: number }> = [];
    const { writer, output } = capture('json');
    const summary = await checkRecordingsInWorkers(
      [file],
      { configPath: fixtureConfig, workers: 2, blockSize: 4, resourceLimits: { maxOldGenerationSizeMb: 56 } },
      { ...writer, inputError: (error, position) => void errors.push({ reason: error.reason, position }) },
    );
    writer.finish(summary);
    const report = JSON.parse(output()) as { entries: Array<{ position: number }> };
    expect(report.entries.map((entry) => entry.position)).toEqual([
      4, 5, 6, 7, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.reason).toMatch(
      /^checking worker 1 of 2 stopped: .*memory.* \(the entries of its share up to input position 11 were not checked; a new thread checked the rest of its share\)$/,
    );
    expect(summary.exitCode).toBe(2);
    expect(summary.passed + summary.failed).toBe(12);
  });
});
