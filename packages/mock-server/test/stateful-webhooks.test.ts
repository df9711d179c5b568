import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { MockSet } from '../src/index.ts';
import { basicAuth, call, configPath, mockUrl, startOnFreePorts } from './support.ts';

/** The mock's choices where the source is silent: where it sends, Expiry, OrderType, no credentials. */
const examples = join(configPath, '..', 'specs', 'numbers', 'components', 'examples');
const example = (name: string): string =>
  (parse(readFileSync(join(examples, `${name}.yaml`), 'utf8')) as { value: string }).value;

let set: MockSet;
let receiver: Server;
let receiverUrl: string;
const seen: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
const log: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/hooks`;
  set = await startOnFreePorts({
    only: ['numbers'],
    stateful: true,
    webhooks: {
      allowHosts: ['callbacks.invalid:8443'],
      retry: { attempts: 1, delayMs: 0 },
      timeoutMs: 2_000,
      onLog: (line) => log.push(line),
    },
  });
});

afterAll(async () => {
  await set?.stop();
  receiver.closeAllConnections();
  await new Promise((done) => receiver.close(done));
});

const xml = { 'content-type': 'application/xml; charset=utf-8', authorization: basicAuth };

async function subscribe(edit: (document: string) => string): Promise<void> {
  const base = `${mockUrl(set, 'numbers')}/api/v2/accounts/9900000`;
  const answer = await call(base, '/subscriptions', {
    method: 'POST',
    headers: xml,
    body: edit(example('subscription')),
  });
  expect(answer.status, answer.text).toBeLessThan(300);
}

async function order(): Promise<void> {
  const base = `${mockUrl(set, 'numbers')}/api/v2/accounts/9900000`;
  const answer = await call(base, '/orders', { method: 'POST', headers: xml, body: example('order') });
  expect(answer.status).toBe(200);
}

/** Waits until the log says what became of every notification the test expects (sent, refused, given up). */
async function settle(...outcomes: RegExp[]): Promise<void> {
  await vi.waitFor(
    () => {
      for (const outcome of outcomes) expect(log.join('\n')).toMatch(outcome);
    },
    { timeout: 10_000, interval: 10 },
  );
}

describe('--stateful order notifications: the mock choices', () => {
  it('sends to loopback and to an allowed host only; says why another host gets nothing', async () => {
    await subscribe((document) => document.replace(/<URL>[^<]*</, `<URL>${receiverUrl}<`));
    await subscribe((document) =>
      document.replace(/<URL>[^<]*</, '<URL>https://callbacks.invalid:8443/hooks<'),
    );
    await subscribe((document) => document); // https://callbacks.example.com: not this machine
    await order();
    // One outcome per subscription: sent to the receiver, given up on the allowed host, refused for the other.
    await settle(
      /→ http:\/\/localhost:\d+\/hooks \(subscription [^)]*\): \d{3} in/,
      /given up/,
      /not this machine/,
    );
    expect(seen).toHaveLength(1);
    expect(log.join('\n')).toMatch(
      /→ https:\/\/callbacks\.example\.com: not sent \(not this machine; start the mocks with --callback-allow callbacks\.example\.com/,
    );
    // The allowed host was tried (it does not resolve: .invalid), not refused as elsewhere.
    expect(log.join('\n')).toMatch(
      /→ https:\/\/callbacks\.invalid:8443\/hooks \(subscription [^)]*attempt 1\/1\): (host not found|.+); given up/,
    );
    expect(seen[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('callback-user:example-password').toString('base64')}`,
    );
    expect(seen[0]?.headers['content-type']).toBe('application/xml; charset=utf-8');
    // The second subscription's answer repeated the first one's id: it got its own.
    const ids = [...log.join('\n').matchAll(/subscription (\S+) kept/g)].map((found) => found[1]);
    expect(new Set(ids).size).toBe(3);
  });

  it('an expired subscription, another OrderType and one without credentials', async () => {
    seen.length = 0;
    await set.stop();
    log.length = 0;
    set = await startOnFreePorts({
      only: ['numbers'],
      stateful: true,
      webhooks: { retry: { attempts: 1, delayMs: 0 }, onLog: (line) => log.push(line) },
    });
    const at = (document: string) => document.replace(/<URL>[^<]*</, `<URL>${receiverUrl}<`);
    await subscribe((document) => at(document).replace(/<Expiry>[^<]*</, '<Expiry>0<'));
    await subscribe((document) => at(document).replace(/<OrderType>[^<]*</, '<OrderType>tnoptions<'));
    await subscribe((document) =>
      at(document).replace(/<BasicAuthentication>[\s\S]*<\/BasicAuthentication>/, ''),
    );
    await order();
    await settle(/has expired; not sent/, /→ http:\/\/localhost:\d+\/hooks \(subscription [^)]*\): \d{3} in/);
    expect(log.join('\n')).toMatch(/has expired; not sent/);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });
});
