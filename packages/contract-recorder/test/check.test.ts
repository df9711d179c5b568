import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli as contractCheck } from '@svc-contracts/contract-checker/cli';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offThreadMinChars } from '../src/big-exchanges.js';
import { type Session, startCli } from '../src/index.js';

// The stop's report of `contract-record --check` is built from the verdicts it gave live: it must be what
// `contract-check` gives for the HAR it wrote, line for line and byte for byte.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const config = join(repoRoot, 'redocly.yaml');
const recorded = JSON.parse(
  readFileSync(join(repoRoot, 'contract-tests/recordings/agents/get-agent-200.har'), 'utf8'),
).log.entries[0].response.content.text as string;

let dir: string;
let upstream: Server;
let host: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-record-check-'));
  // Agent 17 as the contract has it; agent 18's body breaks its schema. Agents 19 and 20 are as large as
  // the judging thread takes (agent 20 breaks the schema too): their verdicts are the ones given inline.
  const padding = ' '.repeat(offThreadMinChars);
  const bodies: Record<string, string> = {
    '17': recorded,
    '18': '{"id":"eighteen"}',
    '19': `${recorded}${padding}`,
    '20': `{"id":"twenty"}${padding}`,
  };
  upstream = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(bodies[req.url?.split('/').at(-1) ?? ''] ?? '{}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  host = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** Records `agents` through `contract-record --check` with `reports` (`--json`, `--junit`), then holds its
 * stop to what contract-check prints for the file (with `--coverage`, as `--junit` counts coverage). */
async function recordAndCompare(name: string, agents: number[], reports: string[], extra: string[] = []) {
  const har = join(dir, `${name}.har`);
  const files = { json: join(dir, `${name}.json`), junit: join(dir, `${name}.xml`) };
  let err = '';
  const io = {
    stdout: () => undefined,
    stderr: (text: string) => {
      err += text;
    },
  };
  const argv = ['--target', `agents=http://${host}`, '--out', har, '--config', config, '--check', ...extra];
  for (const report of reports) argv.push(`--${report}`, files[report as keyof typeof files]);
  const session = (await startCli(argv, io)) as Session;
  const headers = { 'X-SVC-AGENTS-API-KEY': 'sk-check-test-0123456789', 'X-SVC-ORGANIZATION-ID': '7' };
  for (const agent of agents) {
    const url = `${session.recorders[0]?.url}/api/v1/workflow/fetch/${agent}`;
    await (await fetch(url, { headers })).text();
  }
  const code = await session.close();
  const coverage = reports.includes('junit') ? ['--coverage'] : [];
  const check = async (...args: string[]) => {
    let out = '';
    const write = (text: string): void => {
      out += text;
    };
    const argv = [har, '--config', config, '--host', `agents=${host}`, ...args];
    const checked = await contractCheck(argv, { stdout: write, stderr: write });
    return { checked, out };
  };
  const text = await check(...coverage);
  const header = `contract-check ${har}:\n`;
  expect(err).toContain(header);
  expect(err.slice(err.indexOf(header) + header.length)).toBe(text.out);
  expect(code).toBe(text.checked);
  if (reports.includes('json'))
    expect(await readFile(files.json, 'utf8')).toBe((await check('--json', ...coverage)).out);
  if (reports.includes('junit'))
    expect(await readFile(files.junit, 'utf8')).toBe((await check('--format', 'junit')).out);
  expect(err).not.toContain('sk-check-test-0123456789');
  return { code, report: text.out, live: err.slice(0, err.indexOf(header)) };
}

describe("contract-record --check's stop report is contract-check's for the HAR it wrote", () => {
  it('conforming traffic: the same report, exit 0', async () => {
    const run = await recordAndCompare('conforms', [17, 17], []);
    expect(run.code).toBe(0);
    expect(run.report.trimEnd().split('\n').at(-1)).toBe('2 passed, 0 failed');
  });

  it('a violation: the same report with its rule, exit 1', async () => {
    const run = await recordAndCompare('violation', [17, 18], ['json']);
    expect(run.code).toBe(1);
    expect(run.live).toMatch(/FAIL \S+violation\.har #1 GET/);
    expect(run.report).toMatch(/response-body-schema/);
    expect(run.report.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('large exchanges, judged on the judging thread: the same report, exit 1', async () => {
    const run = await recordAndCompare('large', [19, 20], ['json']);
    expect(run.code).toBe(1);
    expect(run.live).toMatch(/^PASS .*#0 GET /m);
    expect(run.live).toMatch(/^FAIL .*#1 GET /m);
    expect(run.report.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });

  it('an entry not judged (its body past --max-body-bytes) beside a violation, with the JUnit report: exit 1', async () => {
    const run = await recordAndCompare(
      'not-judged',
      [17, 18],
      ['json', 'junit'],
      ['--max-body-bytes', '100'],
    );
    expect(run.code).toBe(1);
    expect(run.report.trimEnd().split('\n').at(-1)).toMatch(/^0 passed, 1 failed, 1 not judged \(/);
  });
});
