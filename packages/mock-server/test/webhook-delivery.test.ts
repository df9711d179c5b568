import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildPackage } from '../../../scripts/build/package-build.ts';
import { closeXmlValidators } from '../../numbers-client/src/index.ts';
import { orderNotificationHandler } from '../../numbers-client/src/webhooks.ts';
import { basicAuth, call, configPath } from './support.ts';

/**
 * `svc-mocks --stateful` as a process: subscriptions made on the numbers mock get the Notification of
 * each later order, delivered to loopback receivers built with the numbers client's handler, recorded
 * to a HAR that the contract checker then judges.
 */
const here = dirname(fileURLToPath(import.meta.url));
const packageDir = resolve(here, '..');
const cli = resolve(packageDir, 'dist', 'cli.js');
const checker = await import('../../contract-checker/src/cli/cli-main.ts');

const examples = resolve(here, '../../../specs/numbers/components/examples');
function example(name: string): string {
  return (parse(readFileSync(join(examples, `${name}.yaml`), 'utf8')) as { value: string }).value;
}

let dir: string;
const servers: Server[] = [];
let child: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  buildPackage(packageDir);
  dir = await mkdtemp(join(tmpdir(), 'svc-deliveries-'));
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await rm(dir, { recursive: true, force: true });
  await closeXmlValidators();
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<string> {
  const server = createServer((req, res) => void handler(req, res));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

async function waitUntil(what: string, test: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > until) throw new Error(`no ${what} within ${timeoutMs} ms:\n${output}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

function subscription(url: string, username: string, password: string, legacy: boolean): string {
  return example(legacy ? 'subscription-legacy' : 'subscription')
    .replace(/<URL>[^<]*<\/URL>/, `<URL>${url}</URL>`)
    .replace(/<Username>[^<]*</, `<Username>${username}<`)
    .replace(/<Password>[^<]*</, `<Password>${password}<`);
}

describe('svc-mocks --stateful delivers order notifications', () => {
  it('to every subscription, E.164 and LEGACY, with its credentials; a refusing URL is logged and the mock keeps serving; the HAR passes contract-check', async () => {
    const e164: unknown[] = [];
    const legacy: unknown[] = [];
    const e164Url = await listen(
      orderNotificationHandler((notification) => e164.push(notification), {
        numberFormat: 'E164',
        credentials: { username: 'hooks-e164', password: 'first-secret' },
      }),
    );
    const legacyUrl = await listen(
      orderNotificationHandler((notification) => legacy.push(notification), {
        numberFormat: 'LEGACY',
        credentials: { username: 'hooks-legacy', password: 'second-secret' },
      }),
    );
    // A receiver that holds the first order's notification until that order has been answered: an answer
    // that waited for its deliveries would come only once this one had failed and been given up.
    let release: () => void = () => undefined;
    const held = new Promise<void>((done) => {
      release = done;
    });
    const heldHandler = orderNotificationHandler(() => undefined, {
      numberFormat: 'E164',
      credentials: { username: 'hooks-held', password: 'held-secret' },
    });
    const heldUrl = await listen(async (req, res) => {
      await held;
      return heldHandler(req, res);
    });
    // A port that refuses connections: a server that listened once, then closed.
    const refusedUrl = await listen(() => undefined);
    await new Promise((done) => servers.pop()?.close(done));

    const har = join(dir, 'deliveries.har');
    child = spawn(
      process.execPath,
      [
        cli,
        '--config',
        configPath,
        '--only',
        'numbers',
        '--port',
        'numbers=0',
        '--stateful',
        '--quiet',
        '--record',
        har,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child?.once('exit', (code) => done(code)));
    await waitUntil('ready table', () => /http:\/\/127\.0\.0\.1:\d+/.test(output), 60_000);
    const base = `${/http:\/\/127\.0\.0\.1:\d+/.exec(output)?.[0]}/api/v2/accounts/9900000`;
    const xml = { 'content-type': 'application/xml; charset=utf-8', authorization: basicAuth };

    for (const body of [
      subscription(e164Url, 'hooks-e164', 'first-secret', false),
      subscription(legacyUrl, 'hooks-legacy', 'second-secret', true),
      subscription(refusedUrl, 'hooks-gone', 'third-secret', false),
      subscription(heldUrl, 'hooks-held', 'held-secret', false),
    ]) {
      const answer = await call(base, '/subscriptions', { method: 'POST', headers: xml, body });
      expect(answer.status, answer.text).toBeLessThan(300);
    }
    const order = example('order').replace('+14155550101', '+14155550123');
    const answered = await call(base, '/orders', { method: 'POST', headers: xml, body: order });
    expect(answered.status, answered.text).toBe(200);
    // The order's answer did not wait for the deliveries: the held one was still open.
    const heldGivenUp = output
      .split('\n')
      .filter((line) => line.includes(heldUrl) && line.includes('given up'));
    expect(heldGivenUp).toEqual([]);
    release();
    const orderId = /<id>([^<]+)<\/id>/.exec(answered.text)?.[1];

    await waitUntil('both notifications', () => e164.length === 1 && legacy.length === 1);
    expect(e164).toMatchObject([
      {
        OrderType: 'orders',
        CustomerOrderId: orderId,
        Status: 'COMPLETE',
        CompletedTelephoneNumbers: { TelephoneNumber: ['+14155550100', '+14155550123'] },
      },
    ]);
    expect(legacy).toMatchObject([
      { Status: 'COMPLETE', CompletedTelephoneNumbers: { TelephoneNumber: ['4155550100', '4155550123'] } },
    ]);
    await waitUntil('the refused delivery in the log', () => output.includes('connection refused'));
    expect(output).toMatch(
      /webhook numbers\/orderNotification → http:\/\/127\.0\.0\.1:\d+\/hooks .*attempt 1\/3\): connection refused; retry in 500 ms/,
    );
    const still = await call(base, '/orders', { method: 'POST', headers: xml, body: example('order') });
    expect(still.status).toBe(200);
    await waitUntil('the second notifications', () => e164.length === 2 && legacy.length === 2);
    await waitUntil('the refused delivery given up', () =>
      /attempt 3\/3\): connection refused; given up/.test(output),
    );

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    const recorded = JSON.parse(await readFile(har, 'utf8')) as {
      log: {
        entries: Array<{ _webhook: string; request: { headers: Array<{ name: string; value: string }> } }>;
      };
    };
    expect(recorded.log.entries).toHaveLength(6);
    expect(new Set(recorded.log.entries.map((entry) => entry._webhook))).toEqual(
      new Set(['numbers/orderNotification']),
    );
    const text = JSON.stringify(recorded);
    for (const secret of [
      'first-secret',
      'second-secret',
      'held-secret',
      Buffer.from('hooks-e164:first-secret').toString('base64'),
    ])
      expect(text).not.toContain(secret);
    let report = '';
    const code = await checker.runCli([har, '--config', configPath], {
      stdout: (chunk) => {
        report += chunk;
      },
      stderr: (chunk) => {
        report += chunk;
      },
    });
    expect(report).toMatch(/6 passed, 0 failed/);
    expect(code).toBe(0);
  });
});
