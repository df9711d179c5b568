import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createHar, HarFormatError } from '@svc-contracts/har';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectHarFiles, parseHar, type Report, readHar } from '../src/index.js';
import {
  agent,
  bearer,
  checkWithFixtures,
  fixtureConfig,
  fixtures,
  fleet,
  jsonResponse,
  request,
} from './helpers.js';

const har = (name: string): string => join(fixtures, 'har', name);
const secrets = [
  'fixture-token-123',
  'fixture-key-456',
  'fixture-secret-789',
  'fixture-legacy-000',
  'fixture-pass',
  Buffer.from('fixture-user:fixture-pass').toString('base64'),
];

const cli = checkWithFixtures;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-checker-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('HAR reading', () => {
  it('reads entries, form params, base64 content and postData.mimeType', () => {
    const text = JSON.stringify({
      log: {
        version: '1.2',
        entries: [
          {
            request: {
              method: 'post',
              url: 'http://h/api/v1/oauth2/token',
              headers: [],
              postData: {
                mimeType: 'application/x-www-form-urlencoded',
                params: [
                  { name: 'grant_type', value: 'client_credentials' },
                  { name: 'scope', value: 'voice.webrtc' },
                ],
              },
            },
            response: {
              status: 200,
              headers: [],
              content: {
                mimeType: 'application/json',
                encoding: 'base64',
                text: Buffer.from('{"a":1}').toString('base64'),
              },
            },
          },
        ],
      },
    });
    const [exchange] = parseHar(text).exchanges;
    expect(exchange?.request).toEqual({
      method: 'POST',
      url: 'http://h/api/v1/oauth2/token',
      headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
      body: 'grant_type=client_credentials&scope=voice.webrtc',
    });
    expect(exchange?.response).toEqual({
      status: 200,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"a":1}',
    });
  });

  it('lists a bad entry (missing fields) and keeps the others; a request with no answer (status 0) is skipped, not an error', () => {
    const good = createHar([
      { request: request('GET', `${fleet}/workflow/fetch/42`, bearer), response: jsonResponse(200, agent) },
    ]);
    const entries = [
      ...(good.log as { entries: unknown[] }).entries,
      { request: { method: 'GET', url: 'http://h/x' }, response: { status: 0 } },
      { request: {} },
    ];
    const parsed = parseHar(JSON.stringify({ log: { entries } }), 'mixed.har');
    expect(parsed.exchanges).toHaveLength(2);
    expect(parsed.exchanges[1]?.skip).toEqual({
      reason: 'failed-request',
      detail: 'the request got no response (status 0)',
    });
    expect(parsed.entryErrors).toEqual([{ index: 2, reason: 'request.method or request.url is missing' }]);
  });

  it('rejects malformed JSON, a non-HAR document and a missing file', async () => {
    expect(() => parseHar('{"log":')).toThrow(/malformed JSON/);
    expect(() => parseHar('{"entries":[]}')).toThrow(/not a HAR file: no "log" object/);
    expect(() => parseHar('{"log":{"entries":{}}}')).toThrow(/"log.entries" is not an array/);
    await expect(readHar(join(scratch, 'nope.har'))).rejects.toBeInstanceOf(HarFormatError);
  });

  it('collects *.har recursively from folders, files as given, and reports missing paths', async () => {
    await mkdir(join(scratch, 'walk', 'nested'), { recursive: true });
    await writeFile(join(scratch, 'walk', 'b.har'), '{}');
    await writeFile(join(scratch, 'walk', 'nested', 'a.har'), '{}');
    await writeFile(join(scratch, 'walk', 'notes.txt'), 'not a recording');
    const { files, errors } = await collectHarFiles([
      join(scratch, 'walk'),
      join(scratch, 'walk', 'notes.txt'),
      join(scratch, 'missing'),
    ]);
    expect(files).toEqual([
      join(scratch, 'walk', 'b.har'),
      join(scratch, 'walk', 'nested', 'a.har'),
      join(scratch, 'walk', 'notes.txt'),
    ]);
    expect(errors).toEqual([{ file: join(scratch, 'missing'), reason: 'no such file or folder' }]);
  });
});

describe('CLI', () => {
  it('prints a verdict per entry, violations with pointer, rule and spec location, and the summary last', async () => {
    const { code, stdout } = await cli('--verbose', har('fleet.har'));
    const lines = stdout.trimEnd().split('\n');
    expect(code).toBe(1);
    expect(lines.at(-1)).toBe('5 passed, 2 failed');
    expect(lines[0]).toBe(
      `PASS ${har('fleet.har')} #0 GET http://localhost:4010/api/v1/workflow/fetch/42 -> 200 fleet getAgent`,
    );
    expect(lines).toContain(
      `PASS ${har('fleet.har')} #3 GET http://localhost:4010/api/v1/organizations/usage/runs?limit=500 -> 422 fleet listRuns (invalid request refused as documented: parameter-invalid)`,
    );
    expect(stdout).toContain(
      [
        `FAIL ${har('fleet.har')} #4 GET http://localhost:4010/api/v1/organizations/usage/runs?filters=%5B%7B -> 200 fleet listRuns`,
        "  parameter-unparseable (request query:filters): query parameter 'filters' is not valid application/json: Expected property name or '}' in JSON at position 2",
        '    spec: specs/fleet/openapi.yaml#/paths/~1api~1v1~1organizations~1usage~1runs/get/parameters/4/content/application~1json',
      ].join('\n'),
    );
    expect(stdout).toContain(
      '  unsupported-credential (request header:X-API-Key): header X-API-Key is not a supported credential',
    );
  });

  it('exit 2 for an unreadable recording, while the other files are still checked and reported', async () => {
    const { code, stdout } = await cli(
      '--verbose',
      har('fleet.har'),
      har('malformed.har'),
      har('numbers.har'),
    );
    expect(code).toBe(2);
    expect(stdout).toContain(`input error: ${har('malformed.har')}: malformed JSON`);
    expect(stdout).toContain(
      `PASS ${har('numbers.har')} #0 POST http://localhost:4015/api/v2/accounts/9900/orders -> 201 numbers createOrder`,
    );
    expect(stdout).toContain(
      `FAIL ${har('numbers.har')} #2 GET http://localhost:4015/api/v2/accounts/9900/addresses -> 404`,
    );
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('7 passed, 3 failed, 1 input error');
  });

  it('exit 0 when every entry passes; a folder is searched for *.har', async () => {
    await mkdir(join(scratch, 'clean'), { recursive: true });
    const recording = createHar([
      { request: request('GET', `${fleet}/workflow/fetch/42`, bearer), response: jsonResponse(200, agent) },
      {
        request: request('GET', `${fleet}/workflow/fetch?status=active,archived`, bearer),
        response: jsonResponse(200, [agent]),
      },
    ]);
    await writeFile(join(scratch, 'clean', 'agents.har'), JSON.stringify(recording));
    const { code, stdout } = await cli(join(scratch, 'clean'));
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
  });

  it('--json gives the report for machines: the counts, and every entry but the passes', async () => {
    const { code, stdout } = await cli('--json', har('fleet.har'), har('malformed.har'));
    const report = JSON.parse(stdout) as Report;
    expect(code).toBe(2);
    expect(report.exitCode).toBe(2);
    expect([report.passed, report.failed]).toEqual([5, 2]);
    expect(report.inputErrors).toEqual([
      { file: har('malformed.har'), reason: expect.stringMatching(/^malformed JSON/) },
    ]);
    expect(report.entries.map((entry) => [entry.position, entry.verdict])).toEqual([
      [4, 'violation'],
      [6, 'violation'],
    ]);
    expect(report.entries[1]?.violations.map((violation) => violation.rule)).toEqual([
      'security-missing',
      'unsupported-credential',
      'accepted-invalid-request',
    ]);
  });

  it('--service forces one service', async () => {
    const { code, stdout } = await cli('--service', 'telephony', har('fleet.har'));
    expect(code).toBe(1);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 7 failed');
    const unknown = await cli('--service', 'nope', har('fleet.har'));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown service "nope"/);
  });

  it('never prints credentials: Authorization, API-key headers and secret query values are masked', async () => {
    const text = await cli('--verbose', har('fleet.har'), har('numbers.har'));
    const json = await cli('--json', '--coverage', '--mutation', har('fleet.har'), har('numbers.har'));
    for (const output of [text.stdout, json.stdout]) {
      for (const secret of secrets) expect(output).not.toContain(secret);
    }
    expect(text.stdout).toContain('status=active&access_token=REDACTED');
  });

  it('usage errors exit 2; --help exits 0', async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli('--bogus')).code).toBe(2);
    const help = await cli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: contract-check/);
  });

  it('the bin sets the process exit code', async () => {
    const cliPath = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
    const run = promisify(execFile);
    const result = await run(process.execPath, [
      '--import',
      'tsx',
      cliPath,
      '--config',
      fixtureConfig,
      har('malformed.har'),
    ]).catch((error: { code: number; stdout: string }) => error);
    expect('code' in result ? result.code : 0).toBe(2);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 0 failed, 1 input error');
  });
});
