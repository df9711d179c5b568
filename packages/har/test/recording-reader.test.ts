import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectRecordingFiles,
  describeJsonSyntaxError,
  elementText,
  formatOf,
  HarFormatError,
  lineAndColumn,
  parseEntryJson,
  printable,
  type RecordingFormat,
  RecordingSplitter,
  readRecordingChunks,
} from '../src/index.js';
import { entry, piecesOf } from './pieces.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'har-read-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The entries' indexes and texts (or sizes, when only the size is kept), the text fed in pieces of `size`. */
function split(format: RecordingFormat, text: string, size = 1 << 16, maxEntryBytes?: number) {
  const splitter = new RecordingSplitter(format, maxEntryBytes);
  const found: Array<[number, string | number]> = [];
  const each = (element: Parameters<typeof elementText>[0], index: number) =>
    found.push([
      index,
      element.buffer.length === 0 ? element.end - element.start : elementText(element).trim(),
    ]);
  for (const piece of piecesOf(text, size)) splitter.push(piece, each);
  splitter.end(each);
  return found;
}

describe('RecordingSplitter', () => {
  const one = JSON.stringify(entry(1));
  const two = JSON.stringify(entry(2));

  it('HAR: the elements of log.entries, numbered from 0, a byte order mark skipped, whatever the pieces', () => {
    // The mark is looked for in the first piece pushed (a file is read 256 KiB at a time).
    for (const size of [3, 7, 1000]) {
      expect(split('har', `\uFEFF{"log":{"entries":[${one},${two}]}}`, size), `pieces of ${size}`).toEqual([
        [0, one],
        [1, two],
      ]);
    }
  });

  it('NDJSON: one entry per line, numbered by line from 0, blank lines skipped, the last line without its newline', () => {
    for (const size of [1, 7, 1000]) {
      expect(split('ndjson', `${one}\n \t\r\n\u00a0\n${two}`, size), `pieces of ${size}`).toEqual([
        [0, one],
        [3, two],
      ]);
    }
  });

  it('an entry past maxEntryBytes is handed out with its size only, in HAR and NDJSON alike', () => {
    const long = JSON.stringify({ ...entry(2), comment: 'x'.repeat(5000) });
    expect(split('ndjson', `${one}\n${long}\n${one}\n`, 1000, 2000)).toEqual([
      [0, one],
      [1, long.length],
      [2, one],
    ]);
    expect(split('har', `{"log":{"entries":[${one},${long},${one}]}}`, 1000, 2000)).toEqual([
      [0, one],
      [1, long.length],
      [2, one],
    ]);
  });

  it('a document that is not HAR is a HarFormatError naming what is wrong and where', () => {
    const refused = (text: string) => {
      try {
        split('har', text);
      } catch (error) {
        expect(error).toBeInstanceOf(HarFormatError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refused('{"log":{"entries":[{}')).toBe(
      'malformed JSON: unexpected end of the document at line 1, column 22',
    );
    expect(refused('{"log":{"creator":e76,"entries":[]}}')).toBe(
      'malformed JSON: invalid value at line 1, column 19',
    );
    expect(refused('{"entries":[]}')).toBe('not a HAR file: no "log" object');
    expect(refused('{"log":{"entries":{}}}')).toBe('not a HAR file: "log.entries" is not an array');
    // The passing case beside them: an empty recording is HAR.
    expect(refused('{"log":{"entries":[]}}')).toBe('accepted');
  });

  it('formatOf: .ndjson and .jsonl are NDJSON, anything else HAR', () => {
    expect(['a.ndjson', 'b.JSONL', 'c.har', 'd.json', 'e'].map(formatOf)).toEqual([
      'ndjson',
      'ndjson',
      'har',
      'har',
      'har',
    ]);
  });
});

describe('parseEntryJson', () => {
  const element = (text: string | Buffer, line = 1, column = 1) => {
    const buffer = Buffer.isBuffer(text) ? text : Buffer.from(text);
    return { buffer, start: 0, end: buffer.length, line, column };
  };

  it('parses an entry', () => {
    expect(parseEntryJson(element('{"a":[1]}'))).toEqual({ value: { a: [1] } });
  });

  it('names the line and column in the file of a JSON error (the entry starting at 5:3)', () => {
    expect(parseEntryJson(element('{"a": nope}', 5, 3))).toEqual({
      error: 'malformed JSON: invalid symbol at line 5, column 9',
    });
    expect(parseEntryJson(element('{\n"a":}', 5, 3))).toEqual({
      error: 'malformed JSON: value expected at line 6, column 5',
    });
  });

  it('refuses a byte that is not UTF-8, with its place, rather than decode it to U+FFFD', () => {
    const found = parseEntryJson(
      element(Buffer.concat([Buffer.from('{"a":"é'), Buffer.of(0xff), Buffer.from('"}')])),
    );
    expect(found).toEqual({
      error: expect.stringMatching(/^not valid UTF-8 at line 1, column 8 \(byte 0xff\)/),
    });
  });
});

describe('readRecordingChunks', () => {
  it('reads a file in chunks', async () => {
    const file = join(scratch, 'one.har');
    await writeFile(file, 'x'.repeat((1 << 18) + 10));
    const sizes: number[] = [];
    for await (const chunk of readRecordingChunks(file)) sizes.push(chunk.length);
    expect(sizes).toEqual([1 << 18, 10]);
  });

  it('refuses a missing path and a folder, saying why', async () => {
    const read = async (path: string) => {
      for await (const _ of readRecordingChunks(path));
    };
    await expect(read(join(scratch, 'nope.har'))).rejects.toThrow(new HarFormatError('no such file'));
    await expect(read(scratch)).rejects.toThrow(
      new HarFormatError('not a regular file (a folder); give a HAR file or a folder'),
    );
  });
});

describe('collectRecordingFiles', () => {
  it('a folder gives its recordings below it, sorted; a file is taken as given; a missing path or an empty folder is a problem', async () => {
    const folder = join(scratch, 'folder');
    await mkdir(join(folder, 'sub'), { recursive: true });
    await mkdir(join(scratch, 'empty'), { recursive: true });
    for (const name of ['b.har', 'a.ndjson', 'notes.txt', 'sub/c.jsonl'])
      await writeFile(join(folder, name), '');
    const { files, errors } = await collectRecordingFiles([
      folder,
      join(folder, 'notes.txt'),
      join(scratch, 'missing'),
      join(scratch, 'empty'),
    ]);
    expect(files).toEqual([
      join(folder, 'a.ndjson'),
      join(folder, 'b.har'),
      join(folder, 'sub', 'c.jsonl'),
      join(folder, 'notes.txt'),
    ]);
    expect(errors).toEqual([
      { file: join(scratch, 'missing'), reason: 'no such file or folder' },
      {
        file: join(scratch, 'empty'),
        reason: 'no recording (*.har, *.ndjson, *.jsonl, *.zip) in this folder',
      },
    ]);
  });
});

describe('text from a recording', () => {
  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 });
  });

  it('escapes control characters and cuts long text', () => {
    expect(printable('a\u0000b\u001b[2Jc')).toBe('a\\u0000b\\u001b[2Jc');
    expect(printable('x'.repeat(250), 200)).toBe(`${'x'.repeat(200)}… (50 more characters)`);
  });

  it('falls back to the engine message, made printable, when the scanner finds nothing', () => {
    expect(describeJsonSyntaxError(new SyntaxError('Bad \u0007 thing in JSON at position 3'), '{}')).toBe(
      'Bad \\u0007 thing at line 1, column 4',
    );
  });
});
