/**
 * The HTTP client of the mocks benchmark: node:http with keep-alive (a lighter client than fetch, so more
 * of the shared cores go to the mocks), a fixed number of requests per measurement, a fixed concurrency.
 */
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import type { ProcessGroup } from './processes.ts';

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function send(port: number, call: Call, agent: Agent | false, timeoutMs: number, keepBody: boolean) {
  return new Promise<Answer>((resolveAnswer, reject) => {
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
        if (keepBody) res.on('data', (chunk: Buffer) => chunks.push(chunk));
        else res.resume();
        res.on('error', reject);
        res.on('end', () =>
          resolveAnswer({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`${call.method} ${call.path}: no answer within ${timeoutMs} ms`)),
    );
    req.on('error', reject);
    req.end(call.body);
  });
}

/** One request on a fresh connection, with its body. */
export function callOnce(port: number, call: Call, timeoutMs = 10_000): Promise<Answer> {
  return send(port, call, false, timeoutMs, true);
}

/** True when something answers HTTP on the port (any status), false when nothing does yet. */
export async function answersHttp(port: number, call: Call, timeoutMs = 2_000): Promise<boolean> {
  try {
    await send(port, call, false, timeoutMs, false);
    return true;
  } catch {
    return false;
  }
}

export interface LoadOptions {
  requests: number;
  warmup: number;
  concurrency: number;
  /** Every answer must have this status, else the measurement fails. */
  status: number;
  /** Names the case and the tool in errors. */
  label: string;
}

/**
 * `options.requests` requests over `options.concurrency` keep-alive connections, after a warm-up of
 * `options.warmup` requests on the same connections (opens them, lets the JIT compile both sides).
 */
export async function requestsPerSecond(port: number, call: Call, options: LoadOptions): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    const batch = async (total: number): Promise<void> => {
      let sent = 0;
      const worker = async (): Promise<void> => {
        while (sent < total) {
          sent++;
          const { status } = await send(port, call, agent, 10_000, false);
          if (status !== options.status) {
            throw new Error(`${options.label}: answered ${status}, expected ${options.status}`);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, total) }, worker));
    };
    await batch(options.warmup);
    const begin = performance.now();
    await batch(options.requests);
    return options.requests / ((performance.now() - begin) / 1000);
  } finally {
    agent.destroy();
  }
}

const ceilingServer = `require('node:http')
  .createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  })
  .listen(0, '127.0.0.1', function () { console.log('port ' + this.address().port); });`;

/**
 * Starts, in its own process as the mocks are, a node:http server that answers `{}` at once: what this
 * client reaches on this machine when the server does no work. Returns its port.
 */
export async function startCeilingServer(group: ProcessGroup, cwd: string): Promise<number> {
  const child = group.spawn('loopback ceiling', process.execPath, ['-e', ceilingServer], cwd);
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`loopback ceiling server: no port within 10 s`)), 10_000);
    child.onOutput((output) => {
      const match = /port (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    });
    void child.exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`loopback ceiling server ended (${how}): ${child.tail()}`));
    });
  });
  return port;
}
