import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHar } from '@svc-contracts/har';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHarFiles, parseHar, type Report, scopeCatalogue } from '../src/index.js';
import { mergeReports } from '../src/run/merge.js';
import {
  agent,
  basic,
  bearer,
  checkWithFixtures,
  dashboard,
  fixtureConfig,
  fixtures,
  fleet,
  jsonResponse,
  loadFixtureContracts,
  order,
  orderResponse,
  request,
  rules,
  runCliCapturing,
  xmlResponse,
} from './helpers.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'contract-checker-scope-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function writeHar(name: string, exchanges: Parameters<typeof createHar>[0]): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, JSON.stringify(createHar(exchanges)));
  return path;
}

/** An order of `count` numbers with an element the XSD does not list (tolerated, as a JSON member is). */
function bigOrder(count: number): string {
  const numbers = Array.from(
    { length: count },
    (_, at) => `+1415${String(5550000 + (at % 10000)).padStart(7, '0')}`,
  );
  return order('false', numbers).replace('<SiteId>', '<Note>from the big import</Note>\n  <SiteId>');
}

describe('resource limits: not the contract', () => {
  const big = bigOrder(600_000);

  it('judges a valid document of tens of MiB with the CLI defaults, with the same tolerance of unlisted elements', async () => {
    expect(Buffer.byteLength(big)).toBeGreaterThan(24 * 1024 * 1024);
    const path = await writeHar('big-order.har', [
      {
        request: request('POST', `${dashboard}/accounts/9/orders`, basic, big, 'application/xml'),
        response: xmlResponse(201, orderResponse),
      },
    ]);
    const run = await checkWithFixtures('--verbose', path);
    expect(run.stdout).toMatch(/^PASS .* numbers createOrder$/m);
    expect(run.code).toBe(0);
  }, 120_000);

  it('reports a document past --max-xml-bytes as not judged, says how to raise it, and exits 2', async () => {
    const path = await writeHar('limited-order.har', [
      {
        request: request('POST', `${dashboard}/accounts/9/orders`, basic, order(), 'application/xml'),
        response: xmlResponse(201, orderResponse),
      },
      {
        request: request('POST', `${dashboard}/accounts/9/orders`, basic, order('maybe'), 'application/xml'),
        response: xmlResponse(201, orderResponse),
      },
    ]);
    const run = await checkWithFixtures('--max-xml-bytes', '64', path);
    expect(run.stdout).toMatch(/^NOT JUDGED .*#0 POST/m);
    expect(run.stdout).toContain('over the limit of 64 bytes');
    expect(run.stdout).toContain('Raise the limit with --max-xml-bytes');
    // Never a violation, never a pass: the broken order is not judged either.
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(
      '0 passed, 0 failed, 2 not judged (resource limit 2)',
    );
    expect(run.code).toBe(2);
    const relaxed = await checkWithFixtures(path);
    expect(relaxed.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('keeps the library defaults of a thread that serves requests (the mocks): 10 MiB, refused as unparseable', async () => {
    const contracts = await loadFixtureContracts();
    try {
      const verdict = await contracts.checkExchange(
        request('POST', `${dashboard}/accounts/9/orders`, basic, big, 'application/xml'),
        xmlResponse(201, orderResponse),
      );
      expect(rules(verdict.requestViolations)).toEqual(['request-body-unparseable']);
      expect(verdict.requestViolations[0]?.message).toContain('maxDocumentBytes');
    } finally {
      await contracts.close();
    }
  }, 60_000);
});

describe('the scope of a run', () => {
  const unknownPath = {
    request: request('GET', `${fleet}/workflow/export`, bearer),
    response: jsonResponse(200, {}),
  };
  const known = {
    request: request('GET', `${fleet}/workflow/fetch/42`, bearer),
    response: jsonResponse(200, agent),
  };
  const font = {
    request: request('GET', 'https://fonts.gstatic.com/s/roboto.woff2'),
    response: { status: 200, headers: [{ name: 'Content-Type', value: 'font/woff2' }], body: 'wOF2' },
  };

  it('an unknown path is ours once any entry of the run routes its host, even an entry after it', async () => {
    const path = await writeHar('session.har', [unknownPath, font, known]);
    const run = await checkWithFixtures(path);
    expect(run.stdout).toMatch(/^FAIL .*#0 GET http:\/\/localhost:4010\/api\/v1\/workflow\/export/m);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed, 1 skipped (other host 1)');
    expect(run.code).toBe(1);
    // Alone, the host is no service's: skipped and counted by host.
    const alone = await checkWithFixtures(await writeHar('alone.har', [unknownPath]));
    expect(alone.stdout).toContain('skipped as other hosts (not ours): localhost:4010 1');
    expect(alone.code).toBe(0);
  });

  it("reads Playwright's .zip: its HAR, the bodies attached inside, one not there not judged", async () => {
    const withFile = (name: string, body: unknown) => {
      const [entry] = createHar([known]).log.entries;
      if (!entry) throw new Error('createHar wrote no entry');
      delete entry.response.content.text;
      entry.response.content._file = name;
      return { entry, body: strToU8(JSON.stringify(body)) };
    };
    const kept = withFile('a1.json', agent);
    const broken = withFile('b2.json', { id: 'not a number' });
    const gone = withFile('c3.json', agent);
    const har = JSON.stringify({ log: { version: '1.2', entries: [kept.entry, broken.entry, gone.entry] } });
    const path = join(scratch, 'session.zip');
    await writeFile(path, zipSync({ 'har.har': strToU8(har), 'a1.json': kept.body, 'b2.json': broken.body }));
    const report = await checkHarFiles([path], { configPath: fixtureConfig });
    expect(report.inputErrors).toEqual([]);
    expect(report.entries.map((entry) => [entry.verdict, entry.notJudged?.[0]?.detail])).toEqual([
      ['conforms', undefined],
      ['violation', undefined],
      ['not-judged', 'c3.json (in the .zip): not there'],
    ]);
  });

  it('holds a bounded number of entries: past it, they are decided early, and a host routed later is a problem of the run', async () => {
    const path = await writeHar('bounded.har', [unknownPath, unknownPath, unknownPath, font, known]);
    const report = await checkHarFiles([path], { configPath: fixtureConfig, maxHeld: 2 });
    expect(report.entries.map((entry) => [entry.index, entry.verdict])).toEqual([
      // Two of the entries on localhost:4010 waited beyond the bound and were decided before entry 4.
      [0, 'skipped'],
      [1, 'skipped'],
      [4, 'conforms'],
      [2, 'violation'],
      [3, 'skipped'],
    ]);
    expect(report.inputErrors).toEqual([
      {
        file: '(contract-check)',
        reason: expect.stringMatching(
          /^2 entries to localhost:4010 matched no operation and were skipped .* run again with --host SERVICE=localhost:4010$/,
        ),
      },
    ]);
    expect(report.exitCode).toBe(2);
    // A host that never routes loses nothing: its entries are skipped whenever they are decided.
    const foreign = await checkHarFiles([await writeHar('fonts.har', [font, font, font, known])], {
      configPath: fixtureConfig,
      maxHeld: 1,
    });
    expect([foreign.skipped, foreign.passed, foreign.inputErrors, foreign.exitCode]).toEqual([3, 1, [], 0]);
  });

  it('merge decides an entry one shard skipped as another host by the hosts every shard routes', async () => {
    const path = await writeHar('shards.har', [unknownPath, known]);
    const shards = await Promise.all(
      ['1/2', '2/2'].map(async (shard) => {
        const run = await checkWithFixtures('--json', '--shard', shard, path);
        return { file: shard, report: JSON.parse(run.stdout) as Report };
      }),
    );
    expect(shards[0]?.report.entries[0]?.verdict).toBe('skipped');
    const merged = mergeReports(shards);
    // Shard 2's pass is not listed: its host is in routedHosts.
    expect(merged.entries.map((entry) => entry.verdict)).toEqual(['violation']);
    expect(rules(merged.entries[0]?.violations ?? [])).toEqual(['undocumented-operation']);
    expect([merged.passed, merged.failed, merged.skipped, merged.exitCode]).toEqual([1, 1, 0, 1]);
  });

  it('maps hosts from --host and from contract-check.json next to the config, and refuses an unknown service', async () => {
    const path = await writeHar('mapped.har', [
      {
        request: request('GET', 'https://api.example.com/api/v1/workflow/export', bearer),
        response: jsonResponse(200, {}),
      },
    ]);
    const unmapped = await checkWithFixtures(path);
    expect(unmapped.stdout.trimEnd().split('\n').at(-1)).toBe('0 passed, 0 failed, 1 skipped (other host 1)');
    const mapped = await checkWithFixtures('--host', 'fleet=api.example.com', path);
    expect(
      rules(
        JSON.parse((await checkWithFixtures('--json', '--host', 'fleet=api.example.com', path)).stdout)
          .entries[0].violations,
      ),
    ).toEqual(['undocumented-operation']);
    expect(mapped.code).toBe(1);

    const config = join(scratch, 'config');
    await cp(fixtures, config, { recursive: true });
    await writeFile(
      join(config, 'contract-check.json'),
      JSON.stringify({ hosts: { fleet: ['api.example.com'] } }),
    );
    const fromConfig = await runCliCapturing(['--config', join(config, 'redocly.yaml'), path]);
    expect(fromConfig.code).toBe(1);

    const typo = await checkWithFixtures('--host', 'flet=api.example.com', path);
    expect(typo.stderr).toMatch(/Unknown service "flet"\. Did you mean "fleet"\?/);
    expect(typo.code).toBe(2);
    const malformed = await checkWithFixtures('--host', 'api.example.com', path);
    expect(malformed.stderr).toContain('give SERVICE=HOST');
    expect(malformed.code).toBe(2);
  });
});

describe('reading what exporters leave out', () => {
  const entry = (request: object, response: object) => ({
    request: { method: 'GET', url: 'https://h.example/x', headers: [], ...request },
    response: { status: 200, headers: [], ...response },
  });
  const read = (...entries: object[]) => parseHar(JSON.stringify({ log: { entries } }));

  it('says a body is not captured only when there was one', () => {
    const { exchanges } = read(
      entry({}, {}),
      entry({}, { status: 204, content: { size: -1, mimeType: 'x-unknown' } }),
      entry({ method: 'HEAD' }, { content: { size: 120, mimeType: 'application/json' } }),
      entry({}, { headers: [{ name: 'Content-Length', value: '0' }], content: { size: -1, mimeType: '' } }),
      entry({ method: 'POST', headers: [{ name: 'Content-Length', value: '0' }] }, { content: { size: 0 } }),
      entry({ method: 'POST', bodySize: 42 }, { content: { size: 0 } }),
      entry(
        { method: 'POST', bodySize: 7, postData: { mimeType: 'application/octet-stream', text: '' } },
        {},
      ),
      entry({}, { content: { size: 12, mimeType: 'application/json', text: '' } }),
    );
    expect(
      exchanges.map((exchange) => exchange.notJudged?.map((part) => `${part.part}: ${part.detail}`)),
    ).toEqual([
      ['response body: the entry has no response.content'],
      undefined,
      undefined,
      undefined,
      undefined,
      ['request body: the request sent 42 bytes and the recording kept no postData text'],
      [
        'request body: the request sent 7 bytes and the recording kept no postData text',
        'response body: the entry has no response.content',
      ],
      ['response body: response.content has an empty text (size 12)'],
    ]);
    expect(exchanges[6]?.request.body).toBeUndefined();
    expect(exchanges[5]?.request.bodyNotRecorded).toBe(true);
  });

  it('does not judge a body the recorder left out (_bodyOmitted), even with no size stated', () => {
    const omitted = (reason: string, detail: string) => ({ reason, detail, receivedBytes: 70_000_000 });
    const { exchanges } = read(
      entry(
        {
          method: 'POST',
          bodySize: -1,
          postData: {
            mimeType: 'application/json',
            _bodyOmitted: omitted('size-limit', 'larger than 67108864 bytes'),
          },
        },
        {
          content: {
            size: -1,
            mimeType: 'application/json',
            _bodyOmitted: omitted('incomplete', 'no data from the target for 30000 ms'),
          },
        },
      ),
      entry(
        { method: 'POST', postData: { mimeType: 'application/json', text: '{}' } },
        { content: { size: 2, mimeType: 'application/json', text: '{}' } },
      ),
    );
    expect(exchanges[0]?.request.body).toBeUndefined();
    expect(exchanges[0]?.request.bodyNotRecorded).toBe(true);
    expect(exchanges[0]?.notJudged).toEqual([
      {
        reason: 'body-not-captured',
        part: 'request body',
        detail: 'the recorder did not keep it (_bodyOmitted size-limit: larger than 67108864 bytes)',
      },
      {
        reason: 'body-not-captured',
        part: 'response body',
        detail:
          'the recorder did not keep it (_bodyOmitted incomplete: no data from the target for 30000 ms)',
      },
    ]);
    // A body the recorder kept is judged as before.
    expect(exchanges[1]?.notJudged).toBeUndefined();
    expect(exchanges[1]?.request.body).toBe('{}');
  });

  it('skips a request that got no answer, and does not judge the body of an answer whose transfer failed', () => {
    const { exchanges, entryErrors } = read(
      { request: { method: 'GET', url: 'https://h.example/x' }, _failureText: 'net::ERR_CONNECTION_REFUSED' },
      entry({}, { status: 200, _error: 'net::ERR_ABORTED', content: { size: 10, text: '{"a":' } }),
      { request: { method: 'GET', url: 'https://h.example/x' } },
    );
    expect(exchanges[0]?.skip).toEqual({
      reason: 'failed-request',
      detail: 'the request failed: net::ERR_CONNECTION_REFUSED',
    });
    expect(exchanges[1]?.skip).toBeUndefined();
    expect(exchanges[1]?.response.body).toBeUndefined();
    expect(exchanges[1]?.notJudged?.[0]?.detail).toBe(
      'the transfer failed after the status line: net::ERR_ABORTED',
    );
    // No response and no failure text: malformed, as before.
    expect(entryErrors).toEqual([{ index: 2, reason: 'response.status is missing' }]);
  });

  it('tells a redirect the browser made up from one a server sent', () => {
    const redirect = { status: 307, headers: [{ name: 'Location', value: 'https://h.example/y' }] };
    const { exchanges } = read(
      entry({}, { ...redirect, statusText: 'Internal Redirect' }),
      { ...entry({}, { ...redirect, statusText: '' }), _transferSize: 0 },
      entry(
        {},
        { ...redirect, headers: [...redirect.headers, { name: 'Non-Authoritative-Reason', value: 'HSTS' }] },
      ),
      {
        ...entry({}, { ...redirect, statusText: 'Temporary Redirect', content: { size: 0 } }),
        _transferSize: 212,
      },
    );
    expect(exchanges.map((exchange) => exchange.skip?.reason)).toEqual([
      'internal-redirect',
      'internal-redirect',
      'internal-redirect',
      undefined,
    ]);
  });

  it('reads only a plain file name from _file, and puts a queryString back before a fragment', () => {
    const { exchanges, entryErrors } = read(
      entry({}, { content: { size: 5, mimeType: 'application/json', _file: '../../etc/passwd' } }),
      entry(
        { url: 'https://h.example/x#top', queryString: [{ name: 'a b', value: '1&2' }] },
        { content: { size: 0 } },
      ),
    );
    expect(entryErrors).toEqual([
      { index: 0, reason: 'response.content._file is not the plain name of a file next to the HAR' },
    ]);
    expect(exchanges[0]?.request.url).toBe('https://h.example/x?a%20b=1%262#top');
  });
});

describe('the scope catalogue', () => {
  it('is the README\'s: every reason is explained in "Recording traffic with the tools you have"', async () => {
    const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.split('## Recording traffic with the tools you have')[1]?.split('\n## ')[0] ?? '';
    for (const reason of Object.keys(scopeCatalogue)) expect(section).toContain(`| \`${reason}\` |`);
  });
});
