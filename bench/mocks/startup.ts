/**
 * Mocks benchmark: start-up time until every mock answers, resident memory of the whole set, and
 * requests per second of one mock on loopback (bounded: a fixed number of requests per case).
 *
 *   pnpm exec tsx bench/mocks/startup.ts [--runs 3] [--requests 5000]
 *
 * Runs the built bin (packages/mock-server/dist/cli.js) when it exists, else the sources under tsx;
 * the first is what users run, the second adds the TypeScript loader's cost to the start-up.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const built = resolve(root, 'packages/mock-server/dist/cli.js');
const source = resolve(root, 'packages/mock-server/src/cli.ts');
const services = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'];

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, requests: { type: 'string', default: '5000' } },
});
const runs = Number(values.runs);
const requestsPerCase = Number(values.requests);
const concurrency = 16;

interface Started {
  child: ChildProcess;
  ms: number;
  ports: Record<string, number>;
}

async function startSet(checks: string): Promise<Started> {
  const entry = existsSync(built) ? [built] : ['--import', 'tsx', source];
  const ports = services.flatMap((name) => ['--port', `${name}=0`]);
  const begin = performance.now();
  const child = spawn(process.execPath, [...entry, '--quiet', '--checks', checks, ...ports], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('ready in')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
  await ready;
  const ms = performance.now() - begin;
  const found: Record<string, number> = {};
  for (const match of output.matchAll(/^ {2}(\w+)\s+(\d+)\s+http:/gm))
    found[match[1] ?? ''] = Number(match[2]);
  return { child, ms, ports: found };
}

async function stopSet(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGINT');
  await exited;
}

/** Resident memory of a process and its descendants, from /proc (Linux). */
function rssMb(pid: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Gone while reading.
    }
  }
  const family = [pid];
  for (let i = 0; i < family.length; i++) {
    for (const [child, parent] of parents) if (parent === family[i]) family.push(child);
  }
  let kb = 0;
  for (const member of family) {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'));
    kb += Number(match?.[1] ?? 0);
  }
  return kb / 1024;
}

interface Case {
  label: string;
  service: string;
  path: string;
  init: { method?: string; headers?: Record<string, string>; body?: string };
  status: number;
}

const order = `<?xml version="1.0" encoding="UTF-8"?>
<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType>
<TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList>
</ExistingTelephoneNumberOrderType></Order>`;
const basic = `Basic ${Buffer.from('user:secret').toString('base64')}`;

const cases: Case[] = [
  {
    label: 'agents GET list agents (200 example)',
    service: 'agents',
    path: '/api/v1/workflow/fetch?status=active',
    init: { headers: { authorization: 'Bearer t' } },
    status: 200,
  },
  {
    label: 'agents GET runs, limit=500 (422 shaped)',
    service: 'agents',
    path: '/api/v1/organizations/usage/runs?limit=500',
    init: { headers: { authorization: 'Bearer t' } },
    status: 422,
  },
  {
    label: 'numbers POST XML order (XSD, 200 XML)',
    service: 'numbers',
    path: '/api/v2/accounts/9900000/orders',
    init: {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/xml' },
      body: order,
    },
    status: 200,
  },
];

/** node:http with keep-alive: a lighter client than fetch, so more of the shared cores go to the mock. */
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

function send(port: number, item: Case): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    const init = item.init as { method?: string; headers?: Record<string, string>; body?: string };
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: item.path,
        method: init.method ?? 'GET',
        headers: init.headers,
        agent,
        timeout: 10_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolveStatus(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${item.label}: no answer within 10 s`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

async function requestsPerSecond(port: number, item: Case): Promise<number> {
  let sent = 0;
  const worker = async (): Promise<void> => {
    while (sent < requestsPerCase) {
      sent++;
      const status = await send(port, item);
      if (status !== item.status) throw new Error(`${item.label}: got ${status}`);
    }
  };
  // Warm-up: let the JIT compile the request path and open the keep-alive connections.
  for (let i = 0; i < 1000; i++) await send(port, item);
  const begin = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return requestsPerCase / ((performance.now() - begin) / 1000);
}

/**
 * The same client against a node:http server that answers `{}` at once: the ceiling this machine and
 * client allow, so the mocks' numbers can be read against it (client and server share the cores).
 */
async function baseline(): Promise<number> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const port = (server.address() as AddressInfo).port;
  const rate = await requestsPerSecond(port, {
    label: 'baseline',
    service: '',
    path: '/',
    init: {},
    status: 200,
  });
  await new Promise<void>((closed) => server.close(() => closed()));
  return rate;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

console.log(
  `svc-mocks benchmark: ${existsSync(built) ? 'built bin' : 'sources under tsx'}, node ${process.version}`,
);
console.log(`${runs} start-ups per mode, ${requestsPerCase} requests per case, concurrency ${concurrency}\n`);

console.log(
  `loopback ceiling (node:http answering {} to the same client): ${(await baseline()).toFixed(0)} req/s\n`,
);

for (const checks of ['contract-checker', 'builtin']) {
  const times: number[] = [];
  const memory: number[] = [];
  let last: Started | undefined;
  for (let run = 0; run < runs; run++) {
    const started = await startSet(checks);
    times.push(started.ms);
    memory.push(rssMb(started.child.pid ?? 0));
    if (run < runs - 1) await stopSet(started.child);
    else last = started;
  }
  console.log(`--checks ${checks}`);
  console.log(
    `  start-up to all ${services.length} ready: median ${(median(times) / 1000).toFixed(2)} s (${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
  );
  console.log(`  RSS of the whole set, idle: median ${median(memory).toFixed(0)} MB`);
  if (last) {
    for (const item of cases) {
      const rate = await requestsPerSecond(last.ports[item.service] ?? 0, item);
      console.log(`  ${item.label.padEnd(42)} ${rate.toFixed(0).padStart(6)} req/s`);
    }
    console.log(`  RSS after the load: ${rssMb(last.child.pid ?? 0).toFixed(0)} MB\n`);
    await stopSet(last.child);
  }
}
