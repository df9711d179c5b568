/** What both mocks sections share: starting our mocks or Prism's, one request, and HTTP load. */
import { writeFileSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { bundleService, listWrittenServices } from '../../scripts/lib/specs.ts';
import { prismCli } from '../lib/compare-tools.ts';
import { Child, freePort } from '../lib/processes.ts';

export type Call = { method: string; path: string; headers: Record<string, string>; body?: string };
export type Answer = { status: number; headers: IncomingHttpHeaders; body: string };

/** One request; with `agent`, on its kept-alive connections and the body discarded. The bound only catches a
 * hang: a mock on a machine busy with other work can take tens of seconds to answer. */
export function send(
  port: number,
  call: Call,
  agent: Agent | false = false,
  timeoutMs = 120_000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: call.path,
        method: call.method,
        headers: call.headers,
        agent,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => agent === false && chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`${call.method} ${call.path}: timed out after ${timeoutMs / 1000} s`)),
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/** A numbers order its XSD passes, and an agents GET the mock answers with its example. */
export const orderCall: Call = {
  method: 'POST',
  path: '/api/v2/accounts/9900000/orders',
  headers: { authorization: `Basic ${btoa('user:secret')}`, 'content-type': 'application/xml' },
  body: '<?xml version="1.0" encoding="UTF-8"?>\n<Order><SiteId>12345</SiteId><PartialAllowed>false</PartialAllowed><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>+14155550100</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType></Order>',
};
export const agentCall: Call = {
  method: 'GET',
  path: '/api/v1/workflow/fetch/17',
  headers: { authorization: 'Bearer t' },
};

export interface Load {
  count: number;
  inFlight?: number;
  /** The status each answer must have; any 2xx without. */
  status?: number;
  /** Calls on while it holds, up to 120 s. */
  more?: () => boolean;
  /** Connections to reuse; without, kept-alive ones of this load's own. */
  agent?: Agent;
}

/** Each call's ms, ascending: `count` calls (and on while `more()`), `inFlight` at a time. */
export async function callTimes(port: number, call: Call, load: Load): Promise<number[]> {
  const { count, inFlight = 1, status, more = () => false } = load;
  const agent = load.agent ?? new Agent({ keepAlive: true, maxSockets: inFlight });
  const times: number[] = [];
  const started = performance.now();
  let sent = 0;
  const lane = async (): Promise<void> => {
    while (sent++ < count || (more() && performance.now() - started < 120_000)) {
      const start = performance.now();
      const answer = await send(port, call, agent);
      if (status === undefined ? answer.status >= 300 : answer.status !== status)
        throw new Error(
          `${call.method} ${call.path}: answered ${answer.status}, expected ${status ?? '2xx'}`,
        );
      times.push(performance.now() - start);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(inFlight, count) }, lane));
  } finally {
    if (!load.agent) agent.destroy();
  }
  return times.sort((a, b) => a - b);
}

/** `requests` calls over `concurrency` kept-alive connections after a warm-up; each must answer `status`. */
export async function requestsPerSecond(
  port: number,
  call: Call,
  status: number,
  requests: number,
  concurrency = 16,
): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    await callTimes(port, call, { count: Math.min(500, requests), inFlight: concurrency, status, agent });
    const start = performance.now();
    await callTimes(port, call, { count: requests, inFlight: concurrency, status, agent });
    return requests / ((performance.now() - start) / 1000);
  } finally {
    agent.destroy();
  }
}

export interface Started {
  seconds: number;
  ports: Record<string, number>;
  children: Child[];
}

/** The built `mock` bin (as published) on free ports, until it prints every service's port and "ready". */
export async function startOurs(services: string[]): Promise<Started> {
  const start = performance.now();
  const child = new Child('pnpm mock', process.execPath, [
    fromRoot('packages/mock-server/dist/cli.js'),
    '--only',
    services.join(','),
    ...services.flatMap((name) => ['--port', `${name}=0`]),
  ]);
  await child.waitFor(/ready in/, 120_000);
  const ports: Record<string, number> = {};
  for (const name of services)
    ports[name] = Number(
      (await child.waitFor(new RegExp(`^ {2}${name}\\s+(\\d+)\\s+http:`, 'm'), 10_000))[1],
    );
  return { seconds: (performance.now() - start) / 1000, ports, children: [child] };
}

/** The bundled specs, written for Prism. */
export async function bundleForPrism(
  dir: string,
  services: string[],
): Promise<Array<{ name: string; file: string }>> {
  const specs = [];
  for (const service of listWrittenServices().filter((candidate) => services.includes(candidate.name))) {
    const file = join(dir, `${service.name}.yaml`);
    const { spec } = await bundleService(service);
    writeFileSync(file, stringify(spec, { lineWidth: 0, aliasDuplicateObjects: false }));
    specs.push({ name: service.name, file });
  }
  return specs;
}

/** A `prism` CLI process (mock or proxy) on a free port of 127.0.0.1, once it says it is listening. */
export async function startPrismCli(args: string[]): Promise<{ child: Child; port: number }> {
  const port = await freePort();
  const child = new Child(`prism ${args[0]}`, process.execPath, [
    prismCli,
    args[0] ?? '',
    ...['-h', '127.0.0.1', '-p', String(port)],
    ...args.slice(1),
  ]);
  await child.waitFor(/Prism is listening/, 60_000);
  return { child, port };
}

/** One `prism mock` process per spec, until each says it is listening. */
export async function startPrism(specs: Awaited<ReturnType<typeof bundleForPrism>>): Promise<Started> {
  const start = performance.now();
  const started = await Promise.all(specs.map((spec) => startPrismCli(['mock', spec.file])));
  return {
    seconds: (performance.now() - start) / 1000,
    ports: Object.fromEntries(specs.map((spec, at) => [spec.name, started[at]?.port ?? 0])),
    children: started.map(({ child }) => child),
  };
}
