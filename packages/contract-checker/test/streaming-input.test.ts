import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHar, readHar } from '../src/index.js';
import { type RecordingItem, readRecording, recordingDecoder } from '../src/input/recording-reader.js';

const entry = (id: number): object => ({
  request: { method: 'GET', url: `http://h/api/v1/workflow/fetch/${id}`, headers: [] },
  response: { status: 200, headers: [], content: { mimeType: 'application/json', text: `{"id":${id}}` } },
});

/**
 * `text` as UTF-8 in pieces of `size` bytes, each copied into one buffer used again, as the file reader
 * reads: what a push hands out is taken before the next piece overwrites the buffer, and a scanner that
 * kept a view of a chunk past its push would read the bytes written over it.
 */
function* piecesOf(text: string, size: number): Generator<Buffer> {
  const bytes = Buffer.from(text);
  const reused = Buffer.alloc(size);
  for (let at = 0; at < bytes.length; at += size) {
    const length = bytes.copy(reused, 0, at, at + size);
    yield reused.subarray(0, length);
    reused.fill(0x3f);
  }
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-check-stream-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('recordings read as streams', () => {
  it('locates a malformed entry in the file and goes on with the next one', () => {
    const text =
      '{"log":{"entries":[\n{"request":{"method":"GET","url":"http://h/a"},"response":{"status":200}},\n{"request": nope},\n{"request":{"method":"GET","url":"http://h/b"},"response":{"status":200}}\n]}}';
    const har = parseHar(text, 'mixed.har');
    expect(har.exchanges.map((exchange) => exchange.index)).toEqual([0, 2]);
    expect(har.entryErrors).toEqual([
      { index: 1, reason: 'malformed JSON: invalid symbol at line 3, column 13' },
    ]);
  });

  it('reads NDJSON: one HAR entry per line, blank lines skipped, the index is the line number from 0', async () => {
    const lines = [JSON.stringify(entry(1)), '', '{"broken":', JSON.stringify(entry(2))];
    await writeFile(join(scratch, 'traffic.ndjson'), `${lines.join('\n')}\n`);
    const har = await readHar(join(scratch, 'traffic.ndjson'));
    expect(har.exchanges.map((exchange) => [exchange.index, exchange.request.url])).toEqual([
      [0, 'http://h/api/v1/workflow/fetch/1'],
      [3, 'http://h/api/v1/workflow/fetch/2'],
    ]);
    expect(har.entryErrors).toEqual([
      { index: 2, reason: 'malformed JSON: value expected at line 3, column 11' },
    ]);
    // A last line without its newline is still read.
    const decoder = recordingDecoder('ndjson');
    expect([...decoder.push(JSON.stringify(entry(3))), ...decoder.end()]).toHaveLength(1);
  });

  it('never decodes an entry the selector skips: another thread reports its problems', () => {
    let position = 0;
    const everyOther = (): number | undefined => (position++ % 2 === 0 ? position - 1 : undefined);
    const good = JSON.stringify(entry(1));
    for (const format of ['ndjson', 'har'] as const) {
      position = 0;
      const decoder = recordingDecoder(format, everyOther);
      const text =
        format === 'ndjson'
          ? `${good}\n{"request": nope}\n${good}\n`
          : `{"log":{"entries":[${good},{"request": nope},${good}]}}`;
      const items = [...decoder.push(Buffer.from(text)), ...decoder.end()];
      expect(items.map((item) => [item.index, item.position, 'exchange' in item])).toEqual([
        [0, 0, true],
        [2, 2, true],
      ]);
    }
  });

  it('NDJSON: lines of whitespace only (a no-break space too) are skipped; a line longer than a chunk is whole', async () => {
    const long = { ...entry(4), comment: 'y'.repeat(3 << 20) } as object;
    const lines = [JSON.stringify(entry(1)), ' \t\r', '\u00a0', JSON.stringify(long), '\u00a0{}'];
    await writeFile(join(scratch, 'blank.ndjson'), lines.join('\n'));
    const har = await readHar(join(scratch, 'blank.ndjson'));
    expect(har.exchanges.map((exchange) => exchange.index)).toEqual([0, 3]);
    expect(har.entryErrors.map((error) => error.index)).toEqual([4]);
  });

  it('a document broken after some entries keeps those entries and reports the break', async () => {
    const text = `{"log":{"entries":[${JSON.stringify(entry(1))},${JSON.stringify(entry(2))}`;
    await writeFile(join(scratch, 'cut.har'), text);
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of readRecording(join(scratch, 'cut.har'))) seen.push(item.index);
      })(),
    ).rejects.toThrow('malformed JSON: unexpected end of the document');
    expect(seen).toEqual([0]);
  });

  it('entries decoded from one buffer read into again and again, for HAR and NDJSON alike', () => {
    const entries = [entry(1), { ...entry(2), comment: 'é'.repeat(300) }, entry(3)];
    const texts = {
      har: JSON.stringify({ log: { entries } }),
      ndjson: entries.map((value) => JSON.stringify(value)).join('\n'),
    };
    for (const format of ['har', 'ndjson'] as const) {
      for (const size of [1, 5, 64, 1000]) {
        const decoder = recordingDecoder(format);
        const items: RecordingItem[] = [];
        for (const piece of piecesOf(texts[format], size)) items.push(...decoder.push(piece));
        items.push(...decoder.end());
        const urls = items.map((item) =>
          'exchange' in item ? item.exchange.request.url : JSON.stringify(item),
        );
        expect(urls, `${format} in pieces of ${size}`).toEqual(
          [1, 2, 3].map((id) => `http://h/api/v1/workflow/fetch/${id}`),
        );
      }
    }
  });

  it('multi-byte characters split across chunks arrive whole', async () => {
    const name = 'Agent ☎ ünïcødé';
    const big = { ...entry(1), comment: 'x'.repeat((1 << 20) - 3), name } as object;
    await writeFile(join(scratch, 'utf8.har'), JSON.stringify({ log: { entries: [big] } }));
    const har = await readHar(join(scratch, 'utf8.har'));
    expect(har.entryErrors).toEqual([]);
    expect(har.exchanges).toHaveLength(1);
  });
});
