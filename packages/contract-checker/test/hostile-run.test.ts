import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HarEntryScanner } from '@svc-contracts/har';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchLimits, JsonScanner, jsonCost, jsonOverLimit } from '../src/core/limits.js';
import type { Report } from '../src/index.js';
import { type RecordingItem, recordingDecoder } from '../src/input/recording-reader.js';
import { headerLines, headerValue } from '../src/parameters/request-parts.js';
import { agent, checkWithFixtures, fixtures, runCliCapturing } from './helpers.js';

// Issue 41, the checker's items: no silent success, no crash, no stall, nothing raw on the terminal.

const entry = (overrides: { url?: string; method?: string; body?: string } = {}): object => ({
  request: {
    method: overrides.method ?? 'GET',
    url: overrides.url ?? 'http://localhost:4010/api/v1/workflow/fetch/42',
    headers: [{ name: 'Authorization', value: 'Bearer fixture-token-123' }],
  },
  response: {
    status: 200,
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    content: { mimeType: 'application/json', text: overrides.body ?? JSON.stringify(agent) },
  },
});
const ndjson = (...entries: object[]): string => `${entries.map((one) => JSON.stringify(one)).join('\n')}\n`;
const harText = (...entries: object[]): string => JSON.stringify({ log: { version: '1.2', entries } });
const cli = checkWithFixtures;
const esc = '\u001b';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-check-hostile-run-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('an entry past a limit is not judged, named with the limit, and the run goes on (exit 2)', () => {
  it('an entry over --max-entry-bytes between two good ones', async () => {
    const file = join(scratch, 'large.ndjson');
    const large = entry({ body: JSON.stringify({ ...agent, padding: 'x'.repeat(5000) }) });
    await writeFile(file, ndjson(entry(), large, entry()));
    const { code, stdout } = await cli('--verbose', '--max-entry-bytes', '2000', file);
    expect(code).toBe(2);
    expect(stdout).toContain(`PASS ${file} #0 GET`);
    expect(stdout).toContain(`NOT JUDGED ${file} #1`);
    expect(stdout).toMatch(/over the limit of 2000 \(raise it with --max-entry-bytes\)/);
    // The entry after the one too large is checked and reported.
    expect(stdout).toContain(`PASS ${file} #2 GET`);
    expect(stdout).toContain('2 passed, 0 failed, 1 not judged (resource limit 1)');
  });

  it('a JSON body of more values than --max-json-nodes is not parsed; the next entry is checked', async () => {
    const file = join(scratch, 'nodes.ndjson');
    const wide = entry({
      body: JSON.stringify({ ...agent, tags: Array.from({ length: 50 }, (_, at) => at) }),
    });
    await writeFile(file, ndjson(wide, entry()));
    const { code, stdout } = await cli('--verbose', '--max-json-nodes', '20', file);
    expect(code).toBe(2);
    expect(stdout).toContain(`NOT JUDGED ${file} #0 GET`);
    expect(stdout).toContain('not judged (response body): resource limit: JSON of more than 20 values');
    expect(stdout).toContain('--max-json-nodes');
    expect(stdout).toContain(`PASS ${file} #1 GET`);
    // The default takes it.
    expect((await cli(file)).code).toBe(0);
  });

  it('an entry of more JSON values than --max-json-nodes is not decoded (80 million `{}` took gigabytes)', async () => {
    const file = join(scratch, 'entry-nodes.ndjson');
    const crowded = { ...entry(), _extra: Array.from({ length: 100 }, () => ({})) };
    await writeFile(file, ndjson(entry(), crowded, entry()));
    const { code, stdout } = await cli('--verbose', '--max-json-nodes', '60', file);
    expect(code).toBe(2);
    expect(stdout).toContain(`NOT JUDGED ${file} #1 - (not read) -> 0`);
    expect(stdout).toContain('not judged (entry): resource limit: the entry holds more than 60 JSON values');
    expect(stdout).toContain(`PASS ${file} #2 GET`);
  });

  it('a JSON body nested deeper than --max-json-depth is not parsed', async () => {
    const file = join(scratch, 'depth.ndjson');
    const deep = entry({ body: JSON.stringify({ ...agent, extra: [[[[[[1]]]]]] }) });
    await writeFile(file, ndjson(deep));
    const { code, stdout } = await cli('--max-json-depth', '4', file);
    expect(code).toBe(2);
    expect(stdout).toContain('JSON nested deeper than 4 levels (raise it with --max-json-depth)');
  });

  it('--mutation on a body nested 100,000 deep: not judged, no stack overflow', async () => {
    const file = join(scratch, 'deep-mutation.ndjson');
    const depth = 100_000;
    const body = `{"id":42,"name":"a","status":"active","created_at":"2025-03-01T10:00:00Z","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    await writeFile(file, ndjson(entry({ body }), entry()));
    const { code, stdout, stderr } = await cli('--mutation', file);
    expect(stderr).not.toContain('Maximum call stack');
    expect(code).toBe(2);
    expect(stdout).toContain(`NOT JUDGED ${file} #0`);
    expect(stdout).toContain(`JSON nested deeper than ${batchLimits.maxJsonDepth} levels`);
    expect(stdout).toContain('mutation score');

    // With the limit raised past what the stack holds, the entry is named and the run is not a pass.
    const raised = await cli('--mutation', '--max-json-depth', '200000', file);
    expect(raised.code).toBe(2);
    expect(raised.stdout).toContain(`not mutated: ${file} #0 the checker failed on it:`);
    expect(raised.stdout).toContain('mutation score');
  });

  it.each(['ndjson', 'har'] as const)(
    'a %s entry over the limit across many chunks is counted, not kept, and the next entry is read',
    (format) => {
      const entries = [entry(), entry({ body: 'y'.repeat(10_000) }), entry()];
      const text = format === 'ndjson' ? ndjson(...entries) : harText(...entries);
      const decoder = recordingDecoder(format, undefined, {
        ...batchLimits,
        maxEntryBytes: 1000,
      });
      const items: RecordingItem[] = [];
      for (let at = 0; at < text.length; at += 300) items.push(...decoder.push(text.slice(at, at + 300)));
      items.push(...decoder.end());
      expect(items.map((item) => Object.keys(item).at(-1))).toEqual(['exchange', 'unread', 'exchange']);
      const unread = items[1] as { index: number; unread: { detail: string } };
      expect(unread.index).toBe(1);
      expect(unread.unread.detail).toMatch(/^the entry is 1\d{4} bytes, over the limit of 1000/);
    },
  );

  it('JSON in a URL (x-filters, a content parameter) past --max-json-nodes is not parsed: not judged', async () => {
    const file = join(scratch, 'query-json.ndjson');
    const filters = encodeURIComponent(`[${'0,'.repeat(3000)}0]`);
    const url = `http://localhost:4010/api/v1/organizations/usage/runs?filters=${filters}`;
    await writeFile(file, ndjson(entry({ url }), entry()));
    const { code, stdout } = await cli('--verbose', '--max-json-nodes', '100', file);
    expect(code).toBe(2);
    expect(stdout).toContain(`NOT JUDGED ${file} #0 GET`);
    expect(stdout).toContain(
      'JSON of more than 100 values (raise it with --max-json-nodes); the value is not parsed',
    );
    expect(stdout).toContain(`PASS ${file} #1 GET`);
  });

  it('jsonCost counts values and depth without parsing, and jumps strings', () => {
    const limits = { maxJsonNodes: 100, maxJsonDepth: 10 };
    expect(jsonCost('[1,2,3]', limits)).toEqual({ nodes: 4, depth: 1 });
    expect(jsonCost('{"a":"[[[,,,]]]","b\\"[":{}}', limits)).toEqual({ nodes: 4, depth: 2 });
    expect(jsonCost('[[[[[[[[[[[]]]]]]]]]]]', limits)).toMatchObject({ limit: 'maxJsonDepth' });
    expect(jsonCost(`[${'0,'.repeat(200)}0]`, limits)).toMatchObject({ limit: 'maxJsonNodes' });
  });

  it('jsonOverLimit skips only a text that cannot pass a limit, and agrees with jsonCost at every length', () => {
    // Skipped: shorter than the limits, or with no more `[` and `{` than the levels allowed.
    const texts = (size: number) => [
      `${'['.repeat(size)}${']'.repeat(size)}`,
      `${'{"a":'.repeat(size)}1${'}'.repeat(size)}`,
      `[${'0,'.repeat(size)}0]`,
      `"${'a'.repeat(size)}"`,
      `"${'[{'.repeat(size)}"`,
      `[${'"[",'.repeat(size)}[[1]]]`,
      `{"${'b'.repeat(size)}":[${'{},'.repeat(size)}{}]}`,
    ];
    for (const limits of [
      { maxJsonNodes: 12, maxJsonDepth: 5 },
      { maxJsonNodes: 6, maxJsonDepth: 40 },
      { maxJsonNodes: 100, maxJsonDepth: 30, maxJsonStringLength: 4 },
    ]) {
      for (let size = 0; size < 30; size++) {
        for (const text of texts(size)) {
          const cost = jsonCost(text, limits);
          expect(jsonOverLimit(text, limits)).toBe('limit' in cost ? cost.message : undefined);
        }
      }
    }
  });

  it('JsonScanner bounds a string only where a caller sets maxJsonStringLength, the same in any pieces', () => {
    const text = '["ab\\\\\\"cd", "x"]';
    const scan = (pieces: number, max?: number) => {
      const scanner = new JsonScanner({ maxJsonNodes: 100, maxJsonDepth: 10, maxJsonStringLength: max });
      for (let at = 0; at < text.length; at += pieces) scanner.write(text.slice(at, at + pieces));
      return scanner.end();
    };
    for (let size = 1; size <= text.length; size++) {
      expect(scan(size)).toEqual({ nodes: 3, depth: 1 });
      // The first string is 8 units as written (ab, an escaped backslash, an escaped quote, cd).
      expect(scan(size, 8)).toEqual({ nodes: 3, depth: 1 });
      expect(scan(size, 7)).toMatchObject({ limit: 'maxJsonStringLength' });
    }
  });
});

describe('one very large entry in a HAR is read in linear time', () => {
  it('the scanner searches the bytes of a long entry for newlines once, not again at every chunk', () => {
    const text = harText(entry({ body: 'x'.repeat(4 << 20) }));
    const bytes = Buffer.from(text);
    const scanner = new HarEntryScanner();
    let searched = 0;
    const indexOf = Buffer.prototype.indexOf;
    Buffer.prototype.indexOf = function (this: Buffer, value: unknown, from?: unknown, ...rest: unknown[]) {
      if (value === 10) searched += this.length - Math.max(0, Number(from ?? 0));
      return (indexOf as (...args: unknown[]) => number).call(this, value, from, ...rest);
    } as typeof indexOf;
    let elements = 0;
    try {
      for (let at = 0; at < bytes.length; at += 16 << 10)
        elements += scanner.push(bytes.subarray(at, at + (16 << 10))).length;
      scanner.end();
    } finally {
      Buffer.prototype.indexOf = indexOf;
    }
    expect(elements).toBe(1);
    // 256 chunks: searched again from the entry's start at each, it was about 128 times the file.
    expect(searched).toBeLessThan(3 * bytes.length);
  });
});

describe('invalid UTF-8 is said, not replaced silently', () => {
  it('an entry with a byte that is not UTF-8 is an input error naming the entry and the place', async () => {
    const file = join(scratch, 'latin1.har');
    const text = harText(entry(), entry({ url: 'http://localhost:4010/api/v1/workflow/fetch/42?q=XY' }));
    const bytes = Buffer.from(text, 'utf8');
    const at = bytes.indexOf('XY');
    bytes[at] = 0xe9; // "é" in Latin-1
    await writeFile(file, bytes);
    const { code, stdout } = await cli('--verbose', file);
    expect(code).toBe(2);
    expect(stdout).toContain(`PASS ${file} #0 GET`);
    expect(stdout).toMatch(
      /input error: .*latin1.har #1: not valid UTF-8 at line 1, column \d+ \(byte 0xe9\)/,
    );
  });
});

describe('repeated header fields: one rule for request and response (RFC 9110 §5.3)', () => {
  it('joins the lines of a field with ", " and keeps Set-Cookie lines apart', () => {
    const headers = new Map([
      ['accept', ['a/b', 'c/d']],
      ['set-cookie', ['a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT', 'b=2']],
    ]);
    expect(headerValue(headers, 'accept')).toBe('a/b, c/d');
    expect(headerLines(headers, 'accept')).toEqual(['a/b, c/d']);
    expect(headerLines(headers, 'set-cookie')).toEqual(['a=1; Expires=Wed, 21 Oct 2026 07:28:00 GMT', 'b=2']);
  });
});

describe('terminal escapes and very long values never reach the terminal raw', () => {
  it('ESC and BEL in a URL or method are shown as \\uXXXX; a 2 MB URL is cut (text report and merge)', async () => {
    const file = join(scratch, 'escapes.har');
    const url = `http://localhost:4010/api/v1/workflow/fetch/42?q=${esc}]0;pwned\u0007${esc}[2J`;
    const long = `http://localhost:4010/api/v1/nowhere?${'a'.repeat(2_000_000)}`;
    await writeFile(file, harText(entry({ url }), entry({ url: long, method: `GET${esc}[31m` })));
    const run = await cli(file);
    expect(run.stdout).not.toContain(esc);
    expect(run.stdout).not.toContain('\u0007');
    expect(run.stdout).toContain('\\u001b');
    expect(run.stdout.length).toBeLessThan(20_000);
    expect(run.stdout).toMatch(/more characters\)/);

    const json = await cli('--json', file);
    const report = join(scratch, 'escapes.json');
    await writeFile(report, json.stdout);
    const merged = await runCliCapturing(['merge', report]);
    expect(merged.stdout).not.toContain(esc);
    expect(merged.stdout).toContain('\\u001b');
    expect(merged.stdout.length).toBeLessThan(20_000);
  });
});

describe('merge refuses reports that are not the shards of one run (exit 2, the file named)', () => {
  let first: string;
  let shardOne: Report;
  const recordings = [join(fixtures, 'har', 'fleet.har')];
  beforeAll(async () => {
    const { stdout } = await cli('--json', '--shard', '1/2', ...recordings);
    shardOne = JSON.parse(stdout) as Report;
    first = join(scratch, 'shard-1.json');
    await writeFile(first, stdout);
  });
  const write = async (name: string, report: unknown): Promise<string> => {
    const file = join(scratch, name);
    await writeFile(file, typeof report === 'string' ? report : JSON.stringify(report));
    return file;
  };

  it('a shard-1 report relabelled 2/2', async () => {
    const relabelled = await write('relabelled.json', { ...shardOne, shard: { index: 2, count: 2 } });
    const { code, stderr } = await runCliCapturing(['merge', first, relabelled]);
    expect(code).toBe(2);
    const position = shardOne.entries[0]?.position;
    expect(stderr).toContain(`${relabelled}: entries[0] has position ${position}, which is not shard 2/2's`);
  });

  it('a report of another input', async () => {
    const other = await write('other-input.json', {
      ...shardOne,
      shard: { index: 2, count: 2 },
      entries: [],
      input: { digest: '0000000000000000', entries: shardOne.input?.entries },
    });
    const { code, stderr } = await runCliCapturing(['merge', first, other]);
    expect(code).toBe(2);
    expect(stderr).toContain('are not shards of one run');
  });

  it('count 0, count 1e9, a malformed report', async () => {
    const zero = await write('zero.json', { ...shardOne, shard: { index: 1, count: 0 } });
    const zeroRun = await runCliCapturing(['merge', zero]);
    expect(zeroRun.code).toBe(2);
    expect(zeroRun.stderr).toContain(`${zero}: "shard.count" is 0`);

    const huge = await write('huge.json', { ...shardOne, shard: { index: 1, count: 1e9 } });
    const hugeRun = await runCliCapturing(['merge', huge]);
    expect(hugeRun.code).toBe(2);
    expect(hugeRun.stderr).toContain('shard 2/1000000000, 3/1000000000');
    expect(hugeRun.stderr).toContain('more missing');

    const text = await readFile(first, 'utf8');
    const broken = await write('broken.json', text.replace(/"url": ?"[^"]*"/, '"url": 7'));
    const brokenRun = await runCliCapturing(['merge', broken]);
    expect(brokenRun.code).toBe(2);
    expect(brokenRun.stderr).toContain(`${broken}: entries[0].url is not a string`);
    expect(brokenRun.stderr).not.toContain('TypeError');
  });
});
