import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockSegments } from '../src/block-segments.js';
import { jsonReportWriter, type ReportFormat, type ReportWriter, textReportWriter } from '../src/format.js';
import { loadContracts } from '../src/index.js';
import { checkRecordingsInWorkers } from '../src/parallel.js';
import { checkRecordings, type EntryReport, type Shard } from '../src/report.js';
import type { WorkerSegment } from '../src/worker-protocol.js';
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

  it('check the first share on this thread: with no worker thread at all, the report of one thread', async () => {
    expect(await threads('text', 1, 2)).toBe(await oneThread('text'));
  });

  it('report a share that cannot be checked on this thread as its worker does, and finish', async () => {
    const errors: string[] = [];
    const summary = await checkRecordingsInWorkers(
      inputs,
      { configPath: fixtureConfig, workers: 2, service: 'no-such-service' },
      { ...textReportWriter(() => undefined), inputError: (error) => void errors.push(error.reason) },
    );
    expect(errors).toEqual([
      expect.stringMatching(/^checking worker 1 of 2 stopped: Unknown service "no-such-service"/),
      expect.stringMatching(/^checking worker 2 of 2 stopped: Unknown service "no-such-service"/),
    ]);
    expect(summary.passed + summary.failed).toBe(0);
    expect(summary.exitCode).toBe(2);
  });

  it('split a shard the same way: the shard of one thread, byte for byte', async () => {
    const shard = { index: 2, count: 3 };
    const expected = await oneThread('json', shard);
    expect(await threads('json', 2, 2, shard)).toBe(expected);
    // Not the whole run: the shard's own entries only.
    expect(expected).not.toBe(await oneThread('json'));
  });

  it('a thread that crashes fails the entries it held, named, and a new thread checks the rest', async () => {
    // Entries 12 to 15 have a body of millions of JSON objects, each too large for a worker thread's heap
    // (limited below) once parsed: the thread that checks the first runs out of memory. Blocks of 4 over
    // 2 threads: this thread checks blocks 0, 2 and 4, the worker thread blocks 1, 3 and 5; the huge
    // entries are block 3. No single string is above 16 MB: an allocation far above the limit ends the
    // process, not the thread.
    // The huge entries sit in the worker's share on purpose: this thread's share is no better protected
    // than `--workers 1`, where an entry that exhausts the heap ends the process.
    const good = JSON.parse(lines[0] as string) as { response: { content: { text?: string } } };
    const huge = JSON.stringify({
      ...good,
      response: {
        ...good.response,
        content: { ...good.response.content, text: `[${'{},'.repeat(3 << 20)}{}]` },
      },
    });
    const file = join(scratch, 'crash.ndjson');
    const entries = [...Array(12).fill(lines[0]), huge, huge, huge, huge, ...Array(8).fill(lines[0])];
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
    // Blocks 0, 2 and 4 from this thread; block 1 from the worker thread, sent before it crashed (a JSON
    // entry leaves as soon as it is checked); block 5 from the thread that replaced the crashed one.
    expect(report.entries.map((entry) => entry.position)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23,
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.reason).toMatch(
      /^checking worker 2 of 2 stopped: .*memory.* \(the entries of its share after input position 7 up to input position 15 were not checked; a new thread checked the rest of its share\)$/,
    );
    expect(summary.exitCode).toBe(2);
    expect(summary.passed + summary.failed).toBe(20);
  });
});

describe('the blocks of a share', () => {
  const entryAt = (position: number, file = 'a.ndjson', verdict: EntryReport['verdict'] = 'conforms') =>
    ({
      file,
      index: position,
      position,
      method: 'GET',
      url: 'http://h/x',
      status: 200,
      verdict,
      violations: [],
      requestViolations: [],
    }) satisfies EntryReport;

  function collect(shard?: Shard): { blocks: BlockSegments; sent: WorkerSegment[][] } {
    const sent: WorkerSegment[][] = [];
    return { blocks: new BlockSegments('json', shard, 2, (segments) => void sent.push(segments)), sent };
  }
  const spans = (sent: WorkerSegment[][]): string[][] =>
    sent.map((batch) =>
      batch.map((segment) =>
        segment.kind === 'entries' ? `${segment.position}-${segment.last}` : `error@${segment.position}`,
      ),
    );

  it('sends each block as soon as its last entry is in, one run per file, with what passed and failed', async () => {
    const { blocks, sent } = collect();
    await blocks.entry(entryAt(0, 'a.ndjson', 'violation'));
    expect(sent).toEqual([]);
    await blocks.entry(entryAt(1, 'b.ndjson'));
    expect(spans(sent)).toEqual([['0-0', '1-1']]);
    await blocks.entry(entryAt(4));
    await blocks.flush();
    expect(spans(sent)).toEqual([['0-0', '1-1'], ['4-4']]);
    const [first] = sent[0] as WorkerSegment[];
    expect(first).toMatchObject({ kind: 'entries', passed: 0, failed: 1 });
    expect(first?.kind === 'entries' && JSON.parse(first.text)).toMatchObject({ position: 0 });
  });

  it("keeps an entry's input error in the entry's block and a file's problem out of every block", async () => {
    const { blocks, sent } = collect();
    await blocks.inputError({ file: 'a.ndjson', reason: 'no such file' }, 0);
    await blocks.entry(entryAt(0));
    await blocks.inputError({ file: 'a.ndjson', entry: 1, reason: 'malformed JSON' }, 1);
    // The file's problem goes before the first block; the entry's error closes its block.
    expect(spans(sent)).toEqual([['error@0'], ['0-0', 'error@1']]);
    await blocks.flush();
    expect(sent).toHaveLength(2);
  });

  it('holds the checking while more batches than allowed wait unwritten, until one is acknowledged', async () => {
    const sent: WorkerSegment[][] = [];
    const blocks = new BlockSegments('json', undefined, 1, (segments) => void sent.push(segments), 1);
    // Within the allowance the entry is taken at once: no promise to wait for.
    expect(blocks.entry(entryAt(0))).toBeUndefined();
    let held = true;
    const waiting = blocks.entry(entryAt(1));
    expect(waiting).toBeInstanceOf(Promise);
    const second = (waiting as Promise<void>).then(() => {
      held = false;
    });
    await new Promise((done) => setTimeout(done, 10));
    // Both blocks went out, but the second waits for the first to be written.
    expect(sent).toHaveLength(2);
    expect(held).toBe(true);
    blocks.acknowledge();
    await second;
    expect(held).toBe(false);
  });

  it('counts blocks within the shard: every n-th entry of the input', async () => {
    const { blocks, sent } = collect({ index: 2, count: 3 });
    // The shard's entries 1, 4 make block 0; 7 starts block 1.
    await blocks.entry(entryAt(1));
    expect(sent).toEqual([]);
    await blocks.entry(entryAt(4));
    expect(spans(sent)).toEqual([['1-4']]);
  });
});
