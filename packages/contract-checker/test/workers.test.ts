import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContracts } from '../src/index.js';
import {
  jsonReportWriter,
  type ReportFormat,
  type ReportWriter,
  textReportWriter,
} from '../src/report/format.js';
import { checkRecordings } from '../src/run/check-recordings.js';
import {
  BlockBufferPool,
  BlockBuilder,
  BlockChecker,
  type BlockResult,
  blockItems,
  type EntryBlock,
} from '../src/run/entry-blocks.js';
import { checkRecordingsInWorkers } from '../src/run/parallel.js';
import type { Shard } from '../src/run/shard.js';
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

async function oneThread(format: ReportFormat, shard?: Shard, paths = inputs): Promise<string> {
  const contracts = await loadContracts({ configPath: fixtureConfig });
  try {
    const { writer, output } = capture(format);
    const summary = await checkRecordings(
      paths,
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
  paths = inputs,
): Promise<string> {
  const { writer, output } = capture(format);
  const summary = await checkRecordingsInWorkers(
    paths,
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

  it('keep every entry whole across reads of a recording larger than one read (NDJSON and HAR)', async () => {
    // Several reads of 256 KiB each: blocks of 5 entries start and end anywhere in them.
    const copies = Math.ceil((900 * 1024) / lines.join('\n').length);
    const many = Array.from({ length: copies }, () => lines).flat();
    const ndjson = join(scratch, 'large.ndjson');
    const har = join(scratch, 'large.har');
    await writeFile(ndjson, `${many.join('\n')}\n`);
    await writeFile(har, `{"log":{"version":"1.2","entries":[\n${many.join(',\n')}\n]}}`);
    for (const path of [ndjson, har]) {
      const expected = await oneThread('text', undefined, [path]);
      expect(expected.match(/^(PASS|FAIL) /gm)?.length, path).toBe(many.length);
      expect(await threads('text', 2, 5, undefined, [path]), path).toBe(expected);
    }
  });

  it('check the first share on this thread: with no worker thread at all, the report of one thread', async () => {
    expect(await threads('text', 1, 2)).toBe(await oneThread('text'));
  });

  it('fail as one thread does when the contracts cannot be checked here, and leave no thread behind', async () => {
    await expect(
      checkRecordingsInWorkers(
        inputs,
        { configPath: fixtureConfig, workers: 2, service: 'no-such-service' },
        textReportWriter(() => undefined),
      ),
    ).rejects.toThrow(/^Unknown service "no-such-service"/);
  });

  it('give up a worker thread that cannot start, after three tries, and check its blocks here', async () => {
    const errors: string[] = [];
    const { writer, output } = capture('text');
    const summary = await checkRecordingsInWorkers(
      inputs,
      // A heap far too small to load the contracts: the thread dies before it is ready, every time.
      {
        configPath: fixtureConfig,
        coverage: true,
        workers: 2,
        blockSize: 2,
        resourceLimits: { maxOldGenerationSizeMb: 2 },
      },
      {
        ...writer,
        inputError: (error, position) => {
          if (error.file === '(contract-check)') errors.push(error.reason);
          return writer.inputError(error, position);
        },
      },
    );
    writer.finish(summary);
    expect(errors).toEqual([
      expect.stringMatching(/^checking worker 2 of 2 stopped: .* \(before it was ready, 3 times\)$/),
    ]);
    // Every entry checked all the same, in order; the report is one thread's and the failure.
    const expected = await oneThread('text');
    const entriesOf = (text: string) => text.split('\n').filter((line) => /^(PASS|FAIL) /.test(line));
    expect(entriesOf(output())).toEqual(entriesOf(expected));
    expect(summary.coverage).toBeDefined();
    expect(summary.exitCode).toBe(2);
  });

  it('split a shard the same way: the shard of one thread, byte for byte', async () => {
    const shard = { index: 2, count: 3 };
    const expected = await oneThread('json', shard);
    expect(await threads('json', 2, 2, shard)).toBe(expected);
    // Not the whole run: the shard's own entries only.
    expect(expected).not.toBe(await oneThread('json'));
  });

  it('a thread that crashes costs only the entry that crashed it, named, and the others are checked', async () => {
    // Entries 12 and 13 have a body of a million JSON objects, too large for a worker thread's heap
    // (limited below to 24 MB: each crash and restart costs less than under a larger one) once parsed.
    // No single string is above 16 MB: an allocation far above the limit ends the process, not the thread. Two worker threads may hold 4 blocks each: the first 8 blocks go
    // to them before any result is back, whatever the timing. The huge entries sit in the worker threads'
    // blocks on purpose: the blocks of the reading thread are no better protected than `--workers 1`,
    // where an entry that exhausts the heap ends the process.
    const good = JSON.parse(lines[0] as string) as { response: { content: { text?: string } } };
    const huge = JSON.stringify({
      ...good,
      response: {
        ...good.response,
        content: { ...good.response.content, text: `[${'{},'.repeat(1 << 20)}{}]` },
      },
    });
    const file = join(scratch, 'crash.ndjson');
    const entries = [...Array(12).fill(lines[0]), huge, huge, ...Array(8).fill(lines[0])];
    await writeFile(file, `${entries.join('\n')}\n`);
    // A huge entry larger than a block's buffer is a block alone; in buffers of 64 MB, entries 12 to 15
    // make one block, which the first crash has taken up again one entry at a time.
    for (const blockBytes of [undefined, 64 << 20]) {
      const errors: Array<{ reason: string; position: number; entry: number | undefined }> = [];
      const { writer, output } = capture('json');
      const summary = await checkRecordingsInWorkers(
        [file],
        {
          configPath: fixtureConfig,
          workers: 3,
          blockSize: 4,
          coverage: true,
          ...(blockBytes ? { blockBytes } : {}),
          resourceLimits: { maxOldGenerationSizeMb: 24 },
        },
        {
          ...writer,
          inputError: (error, position) =>
            void errors.push({ reason: error.reason, position, entry: error.entry }),
        },
      );
      writer.finish(summary);
      const report = JSON.parse(output()) as {
        entries: Array<{
          position: number;
          verdict: string;
          notJudged?: Array<{ reason: string; detail: string }>;
        }>;
      };
      // Every entry is in the report: the two a thread crashed on twice are not judged, with why.
      expect(report.entries.map((entry) => entry.position)).toEqual(
        Array.from({ length: 22 }, (_, at) => at),
      );
      for (const entry of report.entries.slice(12, 14)) {
        expect(entry.verdict).toBe('not-judged');
        expect(entry.notJudged?.[0]?.reason).toBe('checker-failure');
        expect(entry.notJudged?.[0]?.detail).toMatch(/^checking worker [23] of 3 stopped on it: .*memory/);
      }
      expect(errors.map(({ position, entry }) => [position, entry])).toEqual([
        [Number.MAX_SAFE_INTEGER, undefined],
      ]);
      // The crashed threads' tallies are gone: the coverage is not shown short, and the report says why.
      expect(errors[0]?.reason).toMatch(/^coverage is not reported: a checking worker stopped/);
      expect(summary.coverage).toBeUndefined();
      expect(summary.exitCode).toBe(2);
      expect(summary.passed + summary.failed).toBe(20);
      expect(summary.notJudgedReasons).toEqual({ 'checker-failure': 2 });
    }
  });
});

describe('blocks of entries', () => {
  const element = (text: string, line = 1) => {
    const buffer = Buffer.from(`xx${text}yy`);
    return { buffer, start: 2, end: 2 + Buffer.byteLength(text), line, column: 1 };
  };
  const blockOf = (texts: string[], careful = false): EntryBlock => {
    const builder = new BlockBuilder(new BlockBufferPool(1 << 16), texts.length);
    for (const [at, text] of texts.entries()) builder.add(element(text, at + 1), at, 10 + at);
    return { ...builder.seal(7, 'a.ndjson'), careful };
  };

  it('end at their entry count, or when the next entry would not fit the buffer; a larger entry makes its own', () => {
    const builder = new BlockBuilder(new BlockBufferPool(100), 3);
    expect(builder.fits(500)).toBe(true);
    builder.add(element('a'.repeat(40)), 0, 0);
    expect(builder.fits(60)).toBe(true);
    expect(builder.fits(61)).toBe(false);
    builder.add(element('b'.repeat(40)), 1, 1);
    builder.add(element('c'.repeat(10)), 2, 2);
    expect(builder.full).toBe(true);
    expect(builder.fits(1)).toBe(false);
    const block = builder.seal(0, 'f');
    expect(block.bytes.byteLength).toBe(100);
    expect([...blockItems(block)].map((item) => 'error' in item && item.error)).toEqual([
      expect.stringMatching(/^malformed JSON/),
      expect.stringMatching(/^malformed JSON/),
      expect.stringMatching(/^malformed JSON/),
    ]);
    expect(builder.count).toBe(0);
    builder.add(element('d'.repeat(500)), 3, 3);
    expect(builder.seal(1, 'f').bytes.byteLength).toBe(500);
  });

  it('share buffers from a pool: one given back is given again; one of another size is not kept', () => {
    const pool = new BlockBufferPool(64);
    const first = pool.acquire(10);
    pool.release(first);
    expect(pool.acquire(64)).toBe(first);
    const large = pool.acquire(65);
    expect(large.byteLength).toBe(65);
    pool.release(large);
    expect(pool.acquire(1)).not.toBe(large);
  });

  it('are checked as one thread checks: each entry rendered, an entry of the wrong form an error in its place', async () => {
    const checker = await BlockChecker.load({ configPath: fixtureConfig, format: 'json', coverage: true });
    try {
      const results: BlockResult[] = [];
      await checker.check(blockOf([lines[0] as string, '{"request": nope}', lines[1] as string]), (result) =>
        results.push(result),
      );
      expect(results).toHaveLength(1);
      const [result] = results as [BlockResult];
      expect(result).toMatchObject({ seq: 7, checked: 3, complete: true });
      expect(result.segments.map((segment) => segment.kind)).toEqual(['entries', 'error', 'entries']);
      const [first, error] = result.segments;
      expect(first?.kind === 'entries' && JSON.parse(first.text)).toMatchObject({
        file: 'a.ndjson',
        index: 0,
        position: 10,
      });
      expect(error).toMatchObject({ kind: 'error', position: 11, error: { file: 'a.ndjson', entry: 1 } });
      expect(error?.kind === 'error' && error.error.reason).toMatch(/^malformed JSON: .* at line 2, column/);
      expect(checker.summary().coverage).toBeDefined();
    } finally {
      await checker.close();
    }
  });

  it('a careful block reports each entry as it is checked, from where the last try stopped', async () => {
    const checker = await BlockChecker.load({ configPath: fixtureConfig, format: 'text' });
    try {
      const results: BlockResult[] = [];
      const block = {
        ...blockOf([lines[0] as string, lines[1] as string, lines[2] as string], true),
        from: 1,
      };
      await checker.check(block, (result) => results.push(result));
      expect(results.map(({ checked, complete }) => [checked, complete])).toEqual([
        [2, false],
        [3, true],
      ]);
      expect(results.map((result) => result.segments.length)).toEqual([1, 1]);
      expect(results[0]?.segments[0]?.kind === 'entries' && results[0].segments[0].text).toMatch(
        / a\.ndjson #1 /,
      );
    } finally {
      await checker.close();
    }
  });
});
