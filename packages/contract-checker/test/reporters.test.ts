import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../../scripts/build/package-build.ts';
import { countEntry, emptyCounts, summaryLine } from '../src/core/run-counts.js';
import { maskedMessage } from '../src/report/masked.js';
import { progressLine, progressText, progressWanted } from '../src/report/progress.js';
import { checkWithFixtures, fixtures } from './helpers.js';

// The reporters of contract-check (report/reporters.ts): failures first by default, --verbose, json,
// junit and github, the same from `merge`; the progress line on a terminal only.

type HarEntry = Record<string, unknown> & { response: { content: { text?: string } } };
const har = (name: string): string => join(fixtures, 'har', name);
const secrets = ['fixture-token-123', 'fixture-key-456', 'fixture-secret-789', 'fixture-legacy-000'];

let scratch: string;
let fleetEntries: HarEntry[];
/** A recording of `entries` entries: the passing entries of fleet.har over and over, `failing` at the given places. */
async function recording(name: string, count: number, failing: Record<number, HarEntry>): Promise<string> {
  const passes = [0, 1, 2, 3, 5].map((index) => fleetEntries[index] as HarEntry);
  const entries: HarEntry[] = [];
  for (let at = 0; at < count; at++) entries.push(failing[at] ?? (passes[at % passes.length] as HarEntry));
  const file = join(scratch, name);
  await writeFile(
    file,
    JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries } }),
  );
  return file;
}

/** fleet.har #4 (a filters query that is not JSON), #6 (an unsupported credential), and a body missing `name`. */
let unparseable: HarEntry;
let unsupported: HarEntry;
let badBody: HarEntry;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-check-reporters-'));
  fleetEntries = JSON.parse(await readFile(har('fleet.har'), 'utf8')).log.entries;
  unparseable = fleetEntries[4] as HarEntry;
  unsupported = fleetEntries[6] as HarEntry;
  const getAgent = structuredClone(fleetEntries[0] as HarEntry);
  getAgent.response.content.text = JSON.stringify({
    id: 42,
    status: 'active',
    created_at: '2025-03-01T10:00:00Z',
  });
  badBody = getAgent;
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('failures first (the default text report)', () => {
  it('20,000 entries with three violating ones: a screenful holding all three; --verbose prints every entry', async () => {
    const file = await recording('day.har', 20_000, {
      4000: unparseable,
      11000: unsupported,
      19500: badBody,
    });
    const run = await checkWithFixtures(file);
    expect(run.code).toBe(1);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(40);
    const failed = lines.filter((line) => line.startsWith('FAIL '));
    expect(failed).toEqual([
      `FAIL ${file} #4000 GET http://localhost:4010/api/v1/organizations/usage/runs?filters=%5B%7B -> 200 fleet listRuns`,
      `FAIL ${file} #11000 GET http://localhost:4010/api/v1/workflow/fetch/42 -> 200 fleet getAgent`,
      `FAIL ${file} #19500 GET http://localhost:4010/api/v1/workflow/fetch/42 -> 200 fleet getAgent`,
    ]);
    expect(run.stdout).toContain(
      "  parameter-unparseable (request query:filters): query parameter 'filters'",
    );
    expect(run.stdout).toContain(
      '    spec: specs/fleet/openapi.yaml#/paths/~1api~1v1~1organizations~1usage~1runs/get/parameters/4/content/application~1json',
    );
    expect(run.stdout).toContain(
      "response-body-schema (response /): body must have required property 'name'",
    );
    expect(lines).not.toContainEqual(expect.stringMatching(/^PASS /));
    expect(lines.at(-2)).toBe('(19997 passed not listed one by one: --verbose lists every entry)');
    expect(lines.at(-1)).toBe('19997 passed, 3 failed');

    const verbose = await checkWithFixtures('--verbose', file);
    const entryLines = verbose.stdout.split('\n').filter((line) => /^(PASS|FAIL) /.test(line));
    expect(entryLines).toHaveLength(20_000);
    expect(entryLines.filter((line) => line.startsWith('FAIL '))).toEqual(failed);
    expect(verbose.stdout.trimEnd().split('\n').at(-1)).toBe('19997 passed, 3 failed');
  });

  it('groups repeated findings (same operation, rules and places): three in full, then "and N more like it" with their numbers', async () => {
    const failing = Object.fromEntries([3, 10, 17, 24, 31, 38, 45, 52].map((at) => [at, unparseable]));
    const file = await recording('repeated.har', 60, { ...failing, 57: unsupported });
    const { stdout, code } = await checkWithFixtures(file);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL ')).map((line) => line.split(' ')[2])).toEqual([
      '#3',
      '#10',
      '#17',
      '#57',
    ]);
    const more = lines.indexOf(
      'and 5 more like it: fleet listRuns: parameter-unparseable (request query:filters), accepted-invalid-request (response)',
    );
    expect(more).toBeGreaterThan(0);
    expect(lines[more + 1]).toBe(`  ${file} #24, #31, #38, #45, #52`);
    expect(lines.at(-1)).toBe('51 passed, 9 failed');
  });

  it('prints the entries not judged with their reasons; skipped entries are counted, not listed', async () => {
    const omitted = structuredClone(fleetEntries[0] as HarEntry);
    omitted.response.content = {
      size: -1,
      mimeType: 'application/json',
      comment: 'Response bodies are not included.',
    } as never;
    const file = await recording('omitted.har', 6, { 2: omitted });
    const { stdout } = await checkWithFixtures(file);
    expect(stdout).toMatch(new RegExp(`^NOT JUDGED ${file.replaceAll('/', '\\/')} #2 GET`, 'm'));
    expect(stdout).toContain('  not judged (response body): body omitted');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('5 passed, 0 failed, 1 not judged (body omitted 1)');
  });
});

describe('--format', () => {
  it('json is --json; an unknown format is refused with a suggestion, --json with another format too', async () => {
    const json = await checkWithFixtures('--json', har('fleet.har'));
    expect((await checkWithFixtures('--format', 'json', har('fleet.har'))).stdout).toBe(json.stdout);
    const typo = await checkWithFixtures('--format', 'junt', har('fleet.har'));
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /^--format takes text, json, junit, github, not "junt" \(did you mean junit\?\)/,
    );
    const both = await checkWithFixtures('--json', '--format', 'github', har('fleet.har'));
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^--json is --format json/);
  });

  it('junit: a test case per coverage cell, a failure per violating entry, read back by a JUnit XML parser', async () => {
    const file = await recording('junit.har', 12, { 4: unparseable, 6: unsupported, 9: badBody });
    const { stdout, code } = await checkWithFixtures('--format', 'junit', file);
    expect(code).toBe(1);
    for (const secret of secrets) expect(stdout).not.toContain(secret);
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      isArray: (name) => ['testsuite', 'testcase', 'failure'].includes(name),
    });
    const xml = parser.parse(stdout) as {
      testsuites: {
        tests: string;
        failures: string;
        testsuite: Array<{
          name: string;
          tests: string;
          failures: string;
          testcase: Array<{
            classname: string;
            name: string;
            failure?: Array<{ type: string; message: string; '#text': string }>;
            skipped?: unknown;
          }>;
        }>;
      };
    };
    const suites = xml.testsuites.testsuite;
    const getAgent = suites.find((suite) => suite.name === 'fleet getAgent');
    const cell = getAgent?.testcase.find((testcase) => testcase.name === '200 application/json');
    expect(cell?.classname).toBe('fleet.getAgent');
    expect(cell?.failure?.map((failure) => failure.type)).toEqual([
      'security-missing, unsupported-credential, accepted-invalid-request',
      'response-body-schema',
    ]);
    expect(cell?.failure?.[1]?.message).toBe(
      `${file} #9: response-body-schema (response /): body must have required property 'name'`,
    );
    expect(cell?.failure?.[1]?.['#text']).toContain('  spec: specs/fleet/openapi.yaml#/');
    const listRuns = suites.find((suite) => suite.name === 'fleet listRuns');
    expect(
      listRuns?.testcase.find((testcase) => testcase.name === '200 application/json')?.failure,
    ).toHaveLength(1);
    // A cell no entry reached is a skipped test case; the 422 cell passed.
    const refused = listRuns?.testcase.find((testcase) => testcase.name === '422 application/json');
    expect(refused?.failure).toBeUndefined();
    expect(refused?.skipped).toBeUndefined();
    expect(getAgent?.testcase.some((testcase) => testcase.skipped !== undefined)).toBe(true);
    const cases = suites.flatMap((suite) => suite.testcase);
    expect(Number(xml.testsuites.tests)).toBe(cases.length);
    expect(Number(xml.testsuites.failures)).toBe(cases.filter((testcase) => testcase.failure).length);
    for (const suite of suites)
      expect(Number(suite.failures)).toBe(suite.testcase.filter((testcase) => testcase.failure).length);
  });

  it('junit: a failure carries the offending payload, credentials and personal values masked', async () => {
    const leaky = structuredClone(badBody);
    leaky.response.content.text = JSON.stringify({
      id: 42,
      status: 'active',
      created_at: '2025-03-01T10:00:00Z',
      api_key: 'leaked-key-321',
      owner: { phone: '+14155550100', note: 'Bearer fixture-token-123' },
    });
    const file = await recording('payload.har', 3, { 1: leaky });
    const { stdout, code } = await checkWithFixtures('--format', 'junit', file);
    expect(code).toBe(1);
    const payload = /\n {2}payload: ([^<\n]*)/.exec(stdout)?.[1];
    expect(payload).toContain('&quot;status&quot;:&quot;active&quot;');
    expect(payload).toContain('+99999999999');
    for (const secret of ['leaked-key-321', '+14155550100', 'fixture-token-123'])
      expect(stdout).not.toContain(secret);
    // Bounded: a long body is cut.
    leaky.response.content.text = JSON.stringify({ id: 42, status: 'active', filler: 'x'.repeat(5000) });
    const long = await checkWithFixtures('--format', 'junit', await recording('long.har', 2, { 1: leaky }));
    expect(/\n {2}payload: ([^<\n]*)/.exec(long.stdout)?.[1]?.length).toBeLessThan(400);
  });

  it('github: an ::error per violation on the spec line of its rule, the entry in the message, line by line', async () => {
    const file = await recording('github.har', 8, { 4: unparseable, 6: unsupported });
    const { stdout, code } = await checkWithFixtures('--format', 'github', file);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    // Relative to the checkout on GitHub, else to the folder of the config.
    const spec = relative(
      process.env.GITHUB_WORKSPACE ?? fixtures,
      join(fixtures, 'specs/fleet/openapi.yaml'),
    );
    const specText = (await readFile(join(fixtures, 'specs/fleet/openapi.yaml'), 'utf8')).split('\n');
    const annotations = lines.filter((line) => line.startsWith('::'));
    expect(annotations).toHaveLength(5);
    const titles = annotations.map((line) => /title=contract-check ([a-z-]+)::/.exec(line)?.[1]);
    expect(titles).toEqual([
      'parameter-unparseable',
      'accepted-invalid-request',
      'security-missing',
      'unsupported-credential',
      'accepted-invalid-request',
    ]);
    for (const line of annotations) {
      const found = /^::error file=([^,]+),line=(\d+),title=contract-check [a-z-]+::(.*)$/.exec(line);
      expect(found, line).not.toBeNull();
      const [, annotated, number, message] = found as unknown as [string, string, string, string];
      expect(message).toMatch(
        new RegExp(`^${file.replaceAll('/', '\\/')} #[46] GET http://localhost:4010/api/v1/`),
      );
      expect(message).toContain('%0A');
      expect(message).not.toMatch(/[\r\n]/);
      if (annotated === spec) expect(Number(number)).toBeGreaterThan(0);
    }
    // The unsupported credential is annotated on the line of x-unsupported-credentials' first item.
    const credential = annotations[3] as string;
    const at = Number(/line=(\d+)/.exec(credential)?.[1]);
    expect(credential).toContain(`file=${spec.replaceAll(':', '%3A').replaceAll(',', '%2C')},`);
    expect(specText.slice(0, at).join('\n')).toMatch(/x-unsupported-credentials:\s*\n\s*-[^\n]*$/);
    expect(lines.at(-1)).toBe('6 passed, 2 failed');
  });

  it('merge writes every format from the shards: the same as one run', async () => {
    const file = await recording('shards.har', 30, { 4: unparseable, 16: unsupported, 25: badBody });
    const shards: string[] = [];
    for (const index of [1, 2]) {
      const shard = join(scratch, `shard-${index}.json`);
      await writeFile(
        shard,
        (await checkWithFixtures('--coverage', '--shard', `${index}/2`, '--json', file)).stdout,
      );
      shards.push(shard);
    }
    for (const format of ['text', 'github', 'junit']) {
      const whole = await checkWithFixtures('--coverage', '--format', format, file);
      const merged = await checkWithFixtures('merge', '--format', format, ...shards);
      expect(merged.code, format).toBe(1);
      // The merged text names the coverage of both shards, as --coverage does.
      expect(merged.stdout, format).toBe(whole.stdout);
    }
  });
});

describe('masking', () => {
  it("masks the values a message quotes at a credential's place, not the names or the contract's text", () => {
    expect(
      maskedMessage({
        pointer: 'header:Authorization',
        message: "header 'Authorization' value 'Bearer abc.def' is malformed",
      }),
    ).toBe("header 'Authorization' value 'Bearer REDACTED.REDACTED' is malformed");
    expect(maskedMessage({ pointer: 'query:api_key', message: "'secret-value' fails `pattern`" })).toBe(
      "'REDACTED-REDACTED' fails `pattern`",
    );
    const plain = { pointer: 'query:limit', message: "query parameter 'limit' value '500' must be <= 100" };
    expect(maskedMessage(plain)).toBe(plain.message);
  });
});

describe('summary counts (issue 53)', () => {
  const entry = (
    notJudged: Array<{
      reason: 'body-not-captured' | 'body-omitted';
      part: 'request body' | 'response body';
    }>,
  ) => ({
    file: 'a.har',
    index: 0,
    position: 0,
    method: 'POST',
    url: 'http://x/',
    status: 200,
    verdict: 'not-judged' as const,
    violations: [],
    requestViolations: [],
    notJudged: notJudged.map((part) => ({ ...part, detail: '' })),
  });

  it('counts entries by reason: two parts of one reason are one entry; an entry of two reasons is said to be under both', () => {
    const counts = emptyCounts();
    countEntry(
      counts,
      entry([
        { reason: 'body-not-captured', part: 'request body' },
        { reason: 'body-not-captured', part: 'response body' },
      ]),
    );
    expect(summaryLine(counts)).toBe('0 passed, 0 failed, 1 not judged (body not captured 1)');
    countEntry(
      counts,
      entry([
        { reason: 'body-not-captured', part: 'request body' },
        { reason: 'body-omitted', part: 'response body' },
      ]),
    );
    expect(summaryLine(counts)).toBe(
      '0 passed, 0 failed, 2 not judged (body not captured 2, body omitted 1; an entry with two reasons is under both)',
    );
  });

  it('counts the input errors in the summary line', () => {
    expect(summaryLine(emptyCounts(), 1)).toBe('0 passed, 0 failed, 1 input error');
    expect(summaryLine(emptyCounts(), 2)).toBe('0 passed, 0 failed, 2 input errors');
  });
});

describe('the progress line', () => {
  it('says entries checked, bytes of the total, entries per second and the time left', () => {
    expect(progressText({ entries: 12_000, bytes: 15 * 1024 * 1024 }, 3000, 30 * 1024 * 1024)).toBe(
      '12,000 entries checked, 15.0 MB of 30.0 MB, 4,000 entries/s, about 3 s left',
    );
    expect(progressText({ entries: 10, bytes: 0 }, 2000)).toBe('10 entries checked, 5 entries/s');
  });

  it('is drawn on a terminal only: not in a pipe, with NO_COLOR, CI or TERM=dumb', () => {
    expect(progressWanted({ isTTY: true, write: () => true }, {})).toBe(true);
    expect(progressWanted({ isTTY: false, write: () => true }, {})).toBe(false);
    expect(progressWanted({ isTTY: true, write: () => true }, { NO_COLOR: '1' })).toBe(false);
    expect(progressWanted({ isTTY: true, write: () => true }, { CI: 'true' })).toBe(false);
    expect(progressWanted({ isTTY: true, write: () => true }, { TERM: 'dumb' })).toBe(false);
  });

  it('redraws in place, erases itself before other output and at the end', () => {
    let written = '';
    let now = 0;
    const line = progressLine(
      { isTTY: true, columns: 30, write: (text) => (written += text) },
      () => ({ entries: 5, bytes: 0 }),
      { now: () => now },
    );
    now = 1000;
    line.draw();
    // Cut to the terminal's width (30 columns: 29 characters, the last column left free).
    expect(written).toBe('\r\u001b[K5 entries checked, 5,000 entr\r\u001b[K5 entries checked, 5 entries/');
    written = '';
    line.clear();
    line.clear();
    expect(written).toBe('\r\u001b[K');
    line.stop();
    expect(written).toBe('\r\u001b[K');
  });

  const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The bin as installed, on a dist/ brought up to date (a no-op after pnpm test's build): under tsx
  // each process spent most of its time transpiling the checker.
  beforeAll(() => buildPackage(fileURLToPath(new URL('..', import.meta.url))));
  const binPath = fileURLToPath(new URL('../bin/contract-check.js', import.meta.url));
  const run = (command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> =>
    new Promise((resolve, reject) => {
      execFile(command, args, { env, timeout: 120_000 }, (error, stdout, stderr) => {
        if (error?.killed)
          reject(new Error(`timed out after 120 s: ${command} ${args.join(' ')}\n${stdout}${stderr}`));
        else resolve(`${stdout}${stderr}`);
      });
    });
  const check = [binPath, '--config', join(fixtures, 'redocly.yaml'), har('fleet.har')];
  const quoted = (args: string[]): string => args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => {
    const { CI: _ci, NO_COLOR: _noColor, ...rest } = process.env;
    return { ...rest, TERM: 'xterm', ...extra };
  };

  it('shows in a pseudo-terminal (util-linux script) and is cleared before the report; absent in a pipe', async () => {
    const terminal = await run('script', ['-qfec', quoted([process.execPath, ...check]), '/dev/null'], env());
    const erase = '\r\u001b[K';
    expect(terminal).toMatch(
      new RegExp(`${literal(erase)}\\d+ entries checked, [\\d.]+ kB of [\\d.]+ kB, [\\d,]+ entries/s`),
    );
    // Erased before the first line of the report.
    expect(terminal).toContain(`${erase}FAIL `);
    expect(terminal.trimEnd().split('\n').at(-1)?.replace(/\r/g, '')).toBe('5 passed, 2 failed');
    const noColor = await run(
      'script',
      ['-qfec', quoted([process.execPath, ...check]), '/dev/null'],
      env({ NO_COLOR: '1' }),
    );
    expect(noColor).not.toContain('entries checked');
    const json = await run(
      'script',
      ['-qfec', quoted([process.execPath, ...check, '--json']), '/dev/null'],
      env(),
    );
    expect(json).not.toContain('entries checked');
    const piped = await run(process.execPath, check, env());
    expect(piped).not.toContain('entries checked');
    expect(piped).not.toContain('\u001b[');
    expect(piped.trimEnd().split('\n').at(-1)).toBe('5 passed, 2 failed');
  }, 300_000);
});
