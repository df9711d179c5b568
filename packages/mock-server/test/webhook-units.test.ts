import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { harEntry, readEntry } from '@svc-contracts/har';
import { maskEntry } from '@svc-contracts/redact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attempt, deliverWithRetries, deliveryUrl, isLoopback, Slots } from '../src/webhooks/deliver.ts';
import { legacyNumber, legacyNumbers, setXmlElement } from '../src/webhooks/payload.ts';
import { deliveryEntry } from '../src/webhooks/record.ts';

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  }
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
}

const delivery = (url: string) => ({
  webhook: 'voice/disconnectEvent',
  url,
  method: 'POST',
  headers: [{ name: 'content-type', value: 'application/json' }],
  body: '{}',
});

describe('where callbacks may go', () => {
  it('loopback is localhost, 127.0.0.0/8 and ::1; nothing else, whatever its name (a name under .localhost neither)', () => {
    for (const url of [
      'http://localhost:3000/',
      'http://127.0.0.1/',
      'http://127.9.9.9/',
      'http://[::1]:80/',
    ])
      expect(isLoopback(new URL(url)), url).toBe(true);
    for (const url of [
      'http://10.0.0.1/',
      'http://localhost.example.com/',
      // Issue 52: a name under .localhost goes to the system resolver, which may answer anything.
      'http://app.localhost:3000/',
      'http://a.b.LOCALHOST/',
      'http://[::2]/',
      'https://example.com/',
    ])
      expect(isLoopback(new URL(url)), url).toBe(false);
  });

  it('a URL must be absolute http(s) without user info', () => {
    expect(deliveryUrl('http://localhost:1/x').href).toBe('http://localhost:1/x');
    expect(() => deliveryUrl('ftp://localhost/')).toThrow(/not http or https/);
    expect(() => deliveryUrl('/relative')).toThrow(/not an absolute URL/);
    expect(() => deliveryUrl('http://u:p@localhost/')).toThrow(/user info/);
  });
});

describe('one attempt', () => {
  it('a 2xx is accepted; a non-2xx, a redirect (not followed) and no answer in time fail with their reason', async () => {
    const ok = await listen((_req, res) => res.writeHead(204).end());
    expect(await attempt(delivery(ok))).toMatchObject({ response: { status: 204 } });
    expect((await attempt(delivery(ok))).failure).toBeUndefined();
    const moved = await listen((_req, res) => res.writeHead(302, { location: ok }).end());
    expect(await attempt(delivery(moved))).toMatchObject({
      response: { status: 302 },
      failure: 'answered 302 Found',
    });
    const silent = await listen(() => undefined);
    const timedOut = await attempt(delivery(silent), { timeoutMs: 200 });
    expect(timedOut).toMatchObject({ failure: 'no answer within 200 ms' });
    expect(timedOut.response).toBeUndefined();
  });

  it('keeps a bounded part of a large answer', async () => {
    const large = await listen((_req, res) => res.writeHead(200).end('x'.repeat(100_000)));
    expect((await attempt(delivery(large), { maxResponseBytes: 1000 })).response?.body).toHaveLength(1000);
  });

  it('retries a failure up to the policy, stops at the first 2xx', async () => {
    let calls = 0;
    const flaky = await listen((_req, res) => res.writeHead(++calls < 2 ? 503 : 200).end());
    const numbers: number[] = [];
    const last = await deliverWithRetries(
      delivery(flaky),
      { attempts: 3, delayMs: 10 },
      {
        onAttempt: (_attempt, number) => {
          numbers.push(number);
        },
      },
    );
    expect(last.response?.status).toBe(200);
    expect(numbers).toEqual([1, 2]);
    const down = await listen((_req, res) => res.writeHead(500).end());
    const tries: number[] = [];
    await deliverWithRetries(
      delivery(down),
      { attempts: 3, delayMs: 10 },
      { onAttempt: (_a, n) => void tries.push(n) },
    );
    expect(tries).toEqual([1, 2, 3]);
  });
});

describe('the recorded entry of a delivery', () => {
  const signed = {
    webhook: 'numbers/orderNotification',
    url: 'http://127.0.0.1:9/hooks?token=s3cret-token',
    method: 'POST',
    headers: [
      { name: 'content-type', value: 'application/json' },
      { name: 'authorization', value: `Basic ${Buffer.from('hook-user:p4ss').toString('base64')}` },
    ],
    body: '{"orderId":"o-1","password":"p4ss"}',
  };
  const answered = {
    startedDateTime: '2026-11-28T12:00:00.000Z',
    milliseconds: 12,
    response: {
      status: 200,
      statusText: 'OK',
      headers: [{ name: 'content-type', value: 'text/plain' }],
      body: 'got it, hook-user / p4ss',
    },
  };

  it('is byte for byte what adding `_webhook` after harEntry and masking wrote, and reads back its webhook', () => {
    const entry = deliveryEntry(signed, answered, { names: ['orderId'] });
    // The former way: the exchange without its webhook, masked, then `_webhook` added at the end.
    const { webhook, ...request } = signed;
    const former = {
      ...maskEntry(
        harEntry({
          startedDateTime: answered.startedDateTime,
          timings: { send: 0, wait: answered.milliseconds, receive: 0 },
          request,
          response: answered.response,
          comment: `callback ${webhook} sent by svc-mocks`,
        }),
        { names: ['orderId'] },
      ),
      _webhook: webhook,
    };
    expect(JSON.stringify(entry, null, 2)).toBe(JSON.stringify(former, null, 2));
    expect(entry?._webhook).toBe('numbers/orderNotification');
    expect(JSON.stringify(entry)).not.toMatch(/p4ss|s3cret-token|o-1/);
    expect(readEntry(entry, 0).request.webhook).toBe('numbers/orderNotification');
  });

  it('is none for an attempt without an answer', () => {
    expect(deliveryEntry(signed, { startedDateTime: answered.startedDateTime, milliseconds: 5000 })).toBe(
      undefined,
    );
  });
});

describe('notification bodies', () => {
  const xml = `<Notification>
  <CompletedTelephoneNumbers>
    <TelephoneNumber>+14155550100</TelephoneNumber>
    <TelephoneNumber>+14155550101</TelephoneNumber>
  </CompletedTelephoneNumbers>
</Notification>`;

  it('replaces a run of numbers, or empties it; escapes the text', () => {
    expect(setXmlElement(xml, { path: 'TelephoneNumber', value: ['+12025550123'] })).toBe(`<Notification>
  <CompletedTelephoneNumbers>
    <TelephoneNumber>+12025550123</TelephoneNumber>
  </CompletedTelephoneNumbers>
</Notification>`);
    expect(setXmlElement(xml, { path: 'TelephoneNumber', value: [] })).toBe(`<Notification>
  <CompletedTelephoneNumbers>
  </CompletedTelephoneNumbers>
</Notification>`);
    expect(setXmlElement('<A><B>x</B></A>', { path: 'B', value: ['a<&>b'] })).toBe(
      '<A><B>a&lt;&amp;&gt;b</B></A>',
    );
  });

  it('LEGACY: +1 and ten digits lose the +1; another number has no 10-digit form', () => {
    expect(legacyNumber('+14155550100')).toBe('4155550100');
    expect(legacyNumber('+442071838750')).toBeUndefined();
    expect(legacyNumbers(xml)).toContain('<TelephoneNumber>4155550101</TelephoneNumber>');
    expect(() => legacyNumbers('<TelephoneNumber>+442071838750</TelephoneNumber>')).toThrow(
      /no 10-digit LEGACY form/,
    );
  });
});

describe('the slots of the deliveries in flight', () => {
  it('at most size at once, the others in turn, at most maxWaiting waiting; a release counts once', async () => {
    const slots = new Slots(2, 1);
    const first = await slots.take();
    const second = await slots.take();
    let third: (() => void) | undefined;
    void slots.take()?.then((release) => {
      third = release;
    });
    expect(slots.take()).toBeUndefined();
    await Promise.resolve();
    expect(third).toBeUndefined();
    first?.();
    first?.();
    await vi.waitFor(() => expect(third).toBeDefined(), { timeout: 60_000 });
    // The doubled release freed nothing more: two are held (second, third), none waits.
    expect(slots.take()).toBeInstanceOf(Promise);
    expect(slots.take()).toBeUndefined();
    second?.();
  });
});
