import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '@svc-contracts/contract-checker';
import { runCli } from '@svc-contracts/contract-recorder';
import { type MockSet, startMocks } from '@svc-contracts/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { negativeProblems } from '../contract-tests/lib/expectations.ts';
import { vendorInstall } from './lib/vendor-install.ts';
import type { Answered, Replayed } from './live/drive.ts';

// `contract-record --check -- COMMAND` end to end: the command (tests/live/drive.ts) drives the published
// clients, the vendor SDK or recorded requests through the proxies it finds in the environment, to the
// mocks (everything conforms: exit 0) or to upstreams that answer as the negative set's recordings do
// (each exchange reported live with its rule: exit 1).

const root = fileURLToPath(new URL('..', import.meta.url));
const configPath = join(root, 'redocly.yaml');
const drive = join(root, 'tests', 'live', 'drive.ts');
const command = (...args: string[]) => ['--', process.execPath, '--import', 'tsx', drive, ...args];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-record-live-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function record(args: string[]): Promise<{ code: number; err: string; out: string }> {
  let out = '';
  let err = '';
  const io = {
    stdout: (text: string) => {
      out += text;
    },
    stderr: (text: string) => {
      err += text;
    },
  };
  const code = await runCli(['--config', configPath, ...args], io);
  return { code, err, out };
}

async function mocksOf(only: string[]): Promise<MockSet> {
  return startMocks({ configPath, only, ports: Object.fromEntries(only.map((name) => [name, 0])) });
}

const targetsOf = (mocks: MockSet): string[] =>
  mocks.mocks.flatMap((mock) => ['--target', `${mock.name}=${mock.url.replace(/\/$/, '')}`]);

describe('contract-record --check -- COMMAND, to the mocks', () => {
  it('the published clients (agents JSON, numbers XML): every exchange passes, the reports are written, exit 0', async () => {
    const mocks = await mocksOf(['agents', 'numbers']);
    try {
      const har = join(dir, 'clients.har');
      const json = join(dir, 'clients.json');
      const junit = join(dir, 'clients.xml');
      const run = await record([
        ...targetsOf(mocks),
        '--out',
        har,
        '--check',
        '--json',
        json,
        '--junit',
        junit,
        ...command('clients'),
      ]);
      expect(run.err).toMatch(
        /PASS \S+clients\.har #0 GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/workflow\/fetch\/17 -> 200 agents getAgent/,
      );
      expect(run.err).toMatch(/PASS .* -> 201 numbers createOrder|PASS .* -> 200 numbers createOrder/);
      expect(run.err).toContain('4 passed, 0 failed');
      expect(run.code, run.err).toBe(0);
      const report = JSON.parse(await readFile(json, 'utf8')) as Report;
      // The --json report counts passes and lists only the rest.
      expect([report.passed, report.entries]).toEqual([4, []]);
      expect(report.exitCode).toBe(0);
      expect(await readFile(junit, 'utf8')).toMatch(
        /<testsuite name="agents getAgent" tests="\d+" failures="0"/,
      );
      // Masking as the recorder does it: no credential in anything written.
      for (const file of [har, json, junit]) {
        const text = await readFile(file, 'utf8');
        expect(text).not.toContain('sk-agents-live-0123456789');
        expect(text).not.toContain(Buffer.from('live-user:live-password-1').toString('base64'));
      }
      expect(run.err).not.toContain('sk-agents-live-0123456789');
    } finally {
      await mocks.stop();
    }
  });

  const vendor = vendorInstall('bandwidth-sdk', '8.1.4');
  it.skipIf('unreachable' in vendor)(
    'the vendor SDK (bandwidth-sdk 8.1.4) against messaging, voice and mfa: exit 0',
    async () => {
      if ('unreachable' in vendor) return;
      const mocks = await mocksOf(['messaging', 'voice', 'mfa']);
      try {
        const run = await record([
          ...targetsOf(mocks),
          '--out',
          join(dir, 'sdk.har'),
          '--check',
          ...command('sdk', vendor.project),
        ]);
        expect(run.err).toContain('messaging sendGroupMessage');
        expect(run.err).toContain('voice createCall');
        expect(run.err).toContain('3 passed, 0 failed');
        expect(run.code, run.err).toBe(0);
      } finally {
        await mocks.stop();
      }
    },
  );
});

interface Recorded {
  file: string;
  service: string;
  request: Replayed;
  response: { status: number; statusText: string; headers: Array<[string, string]>; body: Buffer };
}

const hostServices = Object.entries(
  JSON.parse(readFileSync(join(root, 'contract-check.json'), 'utf8')).hosts as Record<string, string[]>,
).flatMap(([service, hosts]) => hosts.map((host) => [host, service] as const));
const skipped = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'content-encoding']);
const pairs = (headers: Array<{ name: string; value: string }>): Array<[string, string]> =>
  headers
    .filter((header) => !skipped.has(header.name.toLowerCase()))
    .map((header) => [header.name, header.value]);

/** Every negative recording that is a call to a service (callbacks are not traffic through the proxy). */
function negativeSet(): Recorded[] {
  const folder = join(root, 'contract-tests', 'negative');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.har'))
    .sort();
  return files.flatMap((file) => {
    const [entry] = JSON.parse(readFileSync(join(folder, file), 'utf8')).log.entries;
    if (entry._webhook) return [];
    const url = new URL(entry.request.url);
    const service = hostServices.find(([host]) => host === url.host)?.[1] as string;
    const { content } = entry.response;
    return [
      {
        file: `negative/${file}`,
        service,
        request: {
          service,
          method: entry.request.method,
          path: `${url.pathname}${url.search}`,
          headers: pairs(entry.request.headers),
          ...(entry.request.postData?.text === undefined ? {} : { body: entry.request.postData.text }),
        },
        response: {
          status: entry.response.status,
          statusText: entry.response.statusText,
          headers: pairs(entry.response.headers),
          body: Buffer.from(content.text ?? '', content.encoding === 'base64' ? 'base64' : 'utf8'),
        },
      },
    ];
  });
}

/** An upstream per service answering, in order, what the recordings answered: a service that breaks its contract. */
async function replayUpstreams(
  recorded: Recorded[],
): Promise<{ targets: string[]; seen: () => number; close(): Promise<void> }> {
  const servers: Server[] = [];
  const targets: string[] = [];
  let seen = 0;
  for (const service of new Set(recorded.map((item) => item.service))) {
    const answers = recorded.filter((item) => item.service === service).map((item) => item.response);
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen++;
        const answer = answers.shift();
        if (!answer) return void res.writeHead(500).end();
        res.writeHead(answer.status, answer.statusText, answer.headers.flat());
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    targets.push('--target', `${service}=http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  }
  return {
    targets,
    seen: () => seen,
    close: () =>
      Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(
        () => undefined,
      ),
  };
}

describe('contract-record --check -- COMMAND, to upstreams that break the contract', () => {
  it('reports each exchange of the negative set live with its rule, and exits 1', async () => {
    const recorded = negativeSet();
    expect(recorded.length).toBeGreaterThanOrEqual(35);
    const upstreams = await replayUpstreams(recorded);
    try {
      const list = join(dir, 'negative.json');
      await writeFile(list, JSON.stringify(recorded.map((item) => item.request)));
      const json = join(dir, 'negative-report.json');
      const run = await record([
        ...upstreams.targets,
        '--out',
        join(dir, 'negative.har'),
        '--check',
        '--json',
        json,
        ...command('replay', list),
      ]);
      expect(run.code, run.err).toBe(1);
      const report = JSON.parse(await readFile(json, 'utf8')) as Report;
      expect(report.entries).toHaveLength(recorded.length);
      const problems = recorded.flatMap((item, at) => {
        const entry = report.entries.find((candidate) => candidate.index === at);
        const found = entry ? negativeProblems(item.file, [entry]) : ['no entry'];
        // Each is on stderr as it happened: its FAIL line with its rule below it.
        const live = new RegExp(
          `FAIL \\S+ #${at} [^\\n]*\\n(?:  .*\\n)*?  ${basename(item.file, '.har').split('--')[0]} \\(`,
        );
        if (!live.test(run.err)) found.push('not reported live with its rule');
        return found.map((problem) => `${item.file}: ${problem}`);
      });
      expect(problems).toEqual([]);
    } finally {
      await upstreams.close();
    }
  });
});

describe('contract-record --check --errors', () => {
  it('answers a request the contract refuses as the mock does and does not forward it; forwards the others', async () => {
    const mocks = await mocksOf(['agents']);
    const mock = new URL(mocks.mocks[0]?.url ?? '');
    // The upstream counts what reaches it and passes it on to the mock.
    const reached: string[] = [];
    const relay = createServer((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      const on = request(
        { host: mock.hostname, port: mock.port, path: req.url, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(on);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    try {
      const bearer: Array<[string, string]> = [['Authorization', 'Bearer live-errors-token']];
      const requests: Replayed[] = [
        {
          service: 'agents',
          method: 'GET',
          path: '/api/v1/organizations/usage/runs?page=1&limit=101',
          headers: bearer,
        },
        { service: 'agents', method: 'GET', path: '/api/v1/workflow/fetch/17', headers: [] },
        {
          service: 'agents',
          method: 'POST',
          path: '/api/v1/campaign/381/pause',
          headers: [...bearer, ['Content-Type', 'application/json']],
          body: '{"x":1}',
        },
        { service: 'agents', method: 'GET', path: '/api/v1/workflow/fetch/17', headers: bearer },
      ];
      const list = join(dir, 'errors.json');
      await writeFile(list, JSON.stringify(requests));
      const target = `agents=http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
      const run = await record([
        '--target',
        target,
        '--out',
        join(dir, 'errors.har'),
        '--check',
        '--errors',
        ...command('replay', list),
      ]);
      // The refused requests never reached the upstream; the one the contract accepts did.
      expect(reached).toEqual(['GET /api/v1/workflow/fetch/17']);
      const answers = JSON.parse(await readFile(`${list}.answers.json`, 'utf8')) as Answered[];
      // Each refusal is the mock's own answer to the same request: status, media type and body.
      for (const [at, item] of requests.slice(0, 3).entries()) {
        const direct = await fetch(`${mock.origin}${item.path}`, {
          method: item.method,
          headers: item.headers,
          ...(item.body === undefined ? {} : { body: item.body }),
        });
        const answer = answers[at] as Answered;
        expect([answer.status, answer.contentType]).toEqual([
          direct.status,
          direct.headers.get('content-type') ?? undefined,
        ]);
        expect(answer.body).toBe(await direct.text());
      }
      expect(answers.map((answer) => answer.status)).toEqual([422, 401, 422, 200]);
      // Each is recorded with its verdict: refused as documented, and the contract passes.
      expect(run.err).toMatch(
        /PASS \S+ #0 GET .* -> 422 agents listRuns \(invalid request refused as documented: parameter-invalid\)/,
      );
      expect(run.err).toContain('4 passed, 0 failed');
      expect(run.code, run.err).toBe(0);
      expect(run.err).not.toContain('live-errors-token');
    } finally {
      await new Promise((resolve) => relay.close(resolve));
      await mocks.stop();
    }
  });
});
