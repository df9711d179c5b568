import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import type { MockSet } from '../src/index.ts';
import { judge, loadContractSet } from './contract-check.ts';
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
    { timeout: 60_000, interval: 10 },
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

describe('the bounds of --stateful (issue 52: no cap on subscriptions, 800 connections at once)', () => {
  it('a subscription past maxSubscriptions is refused with 409 in the 4XX shape, and not kept', async () => {
    await set.stop();
    log.length = 0;
    set = await startOnFreePorts({
      only: ['numbers'],
      stateful: true,
      webhooks: { maxSubscriptions: 2, retry: { attempts: 1, delayMs: 0 }, onLog: (line) => log.push(line) },
    });
    const at = (document: string) => document.replace(/<URL>[^<]*</, `<URL>${receiverUrl}<`);
    await subscribe(at);
    // An expired one is not counted once it has expired.
    await subscribe((document) => at(document).replace(/<Expiry>[^<]*</, '<Expiry>0<'));
    await new Promise((done) => setTimeout(done, 5)); // Expiry 0 is past after a millisecond
    await subscribe(at);
    const base = `${mockUrl(set, 'numbers')}/api/v2/accounts/9900000`;
    const sent = { method: 'POST', headers: xml, body: at(example('subscription')) };
    const refused = await call(base, '/subscriptions', sent);
    expect(refused.status).toBe(409);
    expect(refused.contentType).toMatch(/^application\/xml/);
    expect(refused.text).toContain('The mock keeps at most 2 subscriptions (webhooks.maxSubscriptions)');
    expect(log.join('\n')).toMatch(/subscription refused \(2 kept already\)/);
    // The contract takes it: a 409 the mock chose, not a status it invented outside the 4XX range.
    const verdict = await judge(
      await loadContractSet(configPath),
      'numbers',
      base,
      '/subscriptions',
      sent,
      refused,
    );
    expect(verdict.violations).toEqual([]);
    // A request the mock refuses anyway keeps its own answer.
    const unauthorised = await call(base, '/subscriptions', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: at(example('subscription')),
    });
    expect(unauthorised.status).toBe(401);
  });

  it('at most maxConcurrentDeliveries connections at once; the others wait their turn', async () => {
    await set.stop();
    log.length = 0;
    let open = 0;
    let most = 0;
    const held: Array<() => void> = [];
    const holder = createServer((req, res) => {
      open++;
      most = Math.max(most, open);
      req.resume();
      held.push(() => {
        open--;
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(holder.address() as AddressInfo).port}/hooks`;
    try {
      set = await startOnFreePorts({
        only: ['numbers'],
        stateful: true,
        webhooks: {
          maxConcurrentDeliveries: 1,
          retry: { attempts: 1, delayMs: 0 },
          timeoutMs: 30_000,
          onLog: (line) => log.push(line),
        },
      });
      for (let count = 0; count < 3; count++)
        await subscribe((document) => document.replace(/<URL>[^<]*</, `<URL>${url}<`));
      await order();
      for (let answered = 0; answered < 3; answered++) {
        await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), { timeout: 60_000, interval: 10 });
        held.shift()?.();
      }
      await settle(/attempt 1\/1\): 200 in[\s\S]*attempt 1\/1\): 200 in[\s\S]*attempt 1\/1\): 200 in/);
      expect(most).toBe(1);
    } finally {
      for (const release of held) release();
      holder.closeAllConnections();
      await new Promise((done) => holder.close(done));
    }
  });

  it.each([{ maxSubscriptions: 0 }, { maxConcurrentDeliveries: 1.5 }])(
    'refuses a bound that is not a whole number of at least 1: %o',
    async (bound) => {
      await expect(
        startOnFreePorts({ only: ['numbers'], stateful: true, webhooks: { ...bound } }),
      ).rejects.toThrow(/webhooks\.max\w+ must be a whole number of at least 1, not/);
    },
  );
});
