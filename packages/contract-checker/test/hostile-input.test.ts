import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHar, readHar } from '../src/index.js';
import { checkWithFixtures, fixtureConfig } from './helpers.js';

// Recordings written by hand (not with a HAR writer): these are the malformed shapes a writer never makes.
const agentEntry = (overrides: { request?: object; response?: object } = {}): object => ({
  request: {
    method: 'GET',
    url: 'http://localhost:4010/api/v1/workflow/fetch/42',
    headers: [{ name: 'Authorization', value: 'Bearer fixture-token-123' }],
    ...overrides.request,
  },
  response: {
    status: 200,
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    content: { mimeType: 'application/json', text: JSON.stringify({ id: 42, name: 'Agent' }) },
    ...overrides.response,
  },
});
const harText = (...entries: object[]): string => JSON.stringify({ log: { version: '1.2', entries } });

const cli = checkWithFixtures;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-check-hostile-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('one bad entry fails alone, named by file and index', () => {
  it('a header value nested 200,000 arrays deep is an input error of its entry; the file beside it is reported', async () => {
    const depth = 200_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const hostile = harText(agentEntry()).replace(
      '"value":"Bearer fixture-token-123"',
      `"value":"Bearer fixture-token-123"},{"name":"X-Deep","value":${deep}`,
    );
    await writeFile(join(scratch, 'deep.har'), hostile);
    await writeFile(join(scratch, 'good.har'), harText(agentEntry()));
    const { code, stdout } = await cli(join(scratch, 'deep.har'), join(scratch, 'good.har'));
    expect(code).toBe(2);
    expect(stdout).toContain(`${join(scratch, 'deep.har')} #0`);
    expect(stdout).toContain('request.headers[1].value is not a string (header X-Deep)');
    expect(stdout).toContain(`${join(scratch, 'good.har')} #0 GET`);
    expect(stdout).not.toContain('Maximum call stack');
  });

  it('an entry the checker itself cannot check is not judged (checker-failure), that entry only', async () => {
    await writeFile(join(scratch, 'two.har'), harText(agentEntry(), agentEntry()));
    const { loadContracts } = await import('../src/index.js');
    const contracts = await loadContracts({ configPath: fixtureConfig });
    const original = contracts.checkExchange.bind(contracts);
    let calls = 0;
    contracts.checkExchange = (...args: Parameters<typeof original>) => {
      calls++;
      if (calls === 1) throw new RangeError('engine fault\u001b[31m');
      return original(...args);
    };
    try {
      const { checkHarFiles } = await import('../src/index.js');
      const report = await checkHarFiles([join(scratch, 'two.har')], { contracts });
      expect(report.entries.map((entry) => entry.index)).toEqual([0, 1]);
      expect(report.entries[0]?.verdict).toBe('not-judged');
      expect(report.entries[0]?.notJudged).toEqual([
        { reason: 'checker-failure', part: 'entry', detail: 'engine fault\\u001b[31m' },
      ]);
      expect(report.inputErrors).toEqual([]);
      expect(report.exitCode).toBe(2);
    } finally {
      await contracts.close();
    }
  });

  it.each([
    ['a negative status', { response: { status: -5 } }, 'response.status -5 is not an HTTP status'],
    [
      'a status of 1e308',
      { response: { status: 1e308 } },
      'is not an HTTP status (an integer from 100 to 599)',
    ],
    ['a fractional status', { response: { status: 200.5 } }, 'response.status 200.5 is not an HTTP status'],
    [
      'content.text as a number',
      { response: { status: 200, content: { mimeType: 'application/json', text: 42 } } },
      'response.content.text is not a string',
    ],
    [
      'invalid base64',
      {
        response: {
          status: 200,
          content: { mimeType: 'application/json', text: '@@not base64@@', encoding: 'base64' },
        },
      },
      'response.content.text is not valid base64',
    ],
    [
      'an unknown content encoding',
      { response: { status: 200, content: { text: 'x', encoding: 'rot13' } } },
      'response.content.encoding rot13 is not supported',
    ],
    [
      'a header value that is a number',
      { request: { headers: [{ name: 'X-Count', value: 3 }] } },
      'request.headers[0].value is not a string (header X-Count)',
    ],
  ])('%s is an input error naming the field', (_name, overrides, reason) => {
    const parsed = parseHar(harText(agentEntry(overrides), agentEntry()), 'bad.har');
    expect(parsed.exchanges.map((exchange) => exchange.index)).toEqual([1]);
    expect(parsed.entryErrors).toHaveLength(1);
    expect(parsed.entryErrors[0]?.index).toBe(0);
    expect(parsed.entryErrors[0]?.reason).toContain(reason);
  });

  it.each([
    [
      'postData.text as an object',
      { mimeType: 'application/json', text: { a: 1 } },
      'request.postData.text is not a string',
    ],
    [
      'a form param value that is a number',
      { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'n', value: 3 }] },
      'request.postData.params[0].value is not a string (3)',
    ],
  ])('%s costs the request body alone: not judged, the entry read', (_name, postData, reason) => {
    const parsed = parseHar(
      harText(agentEntry({ request: { method: 'POST', postData } }), agentEntry()),
      'bad.har',
    );
    expect(parsed.entryErrors).toEqual([]);
    expect(parsed.exchanges[0]?.request.bodyNotRecorded).toBe(true);
    expect(parsed.exchanges[0]?.notJudged).toEqual([
      { reason: 'body-not-captured', part: 'request body', detail: reason },
    ]);
  });

  it('valid base64 (with line breaks, as some tools wrap it) is still decoded', () => {
    const text = Buffer.from(JSON.stringify({ id: 42 })).toString('base64');
    const wrapped = `${text.slice(0, 8)}\n${text.slice(8)}`;
    const parsed = parseHar(
      harText(agentEntry({ response: { status: 200, content: { text: wrapped, encoding: 'base64' } } })),
    );
    expect(parsed.entryErrors).toEqual([]);
    expect(parsed.exchanges[0]?.response.body).toBe('{"id":42}');
  });
});

describe('inputs that are not recordings', () => {
  it('a folder without any *.har is exit 2 with a message, not "0 passed, 0 failed"', async () => {
    await mkdir(join(scratch, 'empty'), { recursive: true });
    await writeFile(join(scratch, 'empty', 'notes.txt'), 'no recordings here');
    const { code, stdout } = await cli(join(scratch, 'empty'));
    expect(code).toBe(2);
    expect(stdout).toContain(
      `${join(scratch, 'empty')}: no recording (*.har, *.ndjson, *.jsonl, *.zip) in this folder`,
    );
  });

  it('a FIFO is refused at once instead of blocking the run', async () => {
    const fifo = join(scratch, 'pipe.har');
    execFileSync('mkfifo', [fifo]);
    await expect(readHar(fifo)).rejects.toThrow('not a regular file (a FIFO)');
    await writeFile(join(scratch, 'ok.har'), harText(agentEntry()));
    const { code, stdout } = await cli(fifo, join(scratch, 'ok.har'));
    expect(code).toBe(2);
    expect(stdout).toContain(`${fifo}: not a regular file (a FIFO)`);
    expect(stdout).toContain(`${join(scratch, 'ok.har')} #0 GET`);
  });

  it('malformed JSON is located by line and column', () => {
    expect(() => parseHar('{\n  "log": {\n    "entries": [,]\n  }\n}')).toThrow(
      'malformed JSON: value expected at line 3, column 17',
    );
    expect(() => parseHar('{"log":')).toThrow(
      'malformed JSON: unexpected end of the document at line 1, column 8',
    );
  });

  it('binary garbage is never echoed raw to the terminal', async () => {
    const garbage = Buffer.from([0x00, 0x1b, 0x5b, 0x32, 0x4a, 0x07, 0xff, 0x9b]).toString('latin1');
    await writeFile(join(scratch, 'garbage.har'), garbage, 'latin1');
    const { code, stdout } = await cli(join(scratch, 'garbage.har'));
    expect(code).toBe(2);
    expect(stdout).toContain(`${join(scratch, 'garbage.har')}: malformed JSON`);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the assertion is about control characters.
    expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });
});
