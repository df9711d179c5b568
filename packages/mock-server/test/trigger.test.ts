import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messageCallbackHandler } from '../../messaging-client/src/webhooks.ts';
import { verificationCallbackHandler } from '../../mfa-client/src/webhooks.ts';
import { closeXmlValidators } from '../../numbers-client/src/index.ts';
import { orderNotificationHandler } from '../../numbers-client/src/webhooks.ts';
import { disconnectEventHandler } from '../../voice-client/src/webhooks.ts';
import { runTrigger } from '../src/webhooks/trigger.ts';
import { configPath } from './support.ts';

const checker = await import('../../contract-checker/src/cli/cli-main.ts');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'svc-trigger-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeXmlValidators();
});

interface Listening {
  url: string;
  server: Server;
}
let receivers: Listening[] = [];
afterEach(async () => {
  await Promise.all(
    receivers.map(
      ({ server }) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  );
  receivers = [];
});

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<string> {
  const server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  receivers.push({ url, server });
  return url;
}

async function trigger(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTrigger(['--config', configPath, ...argv], {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function contractCheck(har: string): Promise<{ code: number; text: string }> {
  const chunks: string[] = [];
  const output = {
    stdout: (chunk: string) => {
      chunks.push(chunk);
    },
    stderr: (chunk: string) => {
      chunks.push(chunk);
    },
  };
  const code = await checker.runCli([har, '--verbose', '--config', configPath], output);
  return { code, text: chunks.join('') };
}

describe('svc-mocks trigger', () => {
  it('--list names every webhook of the specs with its examples; --help explains', async () => {
    const listed = await trigger('--list');
    expect(listed.code).toBe(0);
    for (const name of [
      'numbers orderNotification',
      'messaging messageCallback',
      'voice disconnectEvent',
      'mfa verificationCallback',
    ])
      expect(listed.out).toContain(name);
    expect(listed.out).toContain('completeE164 (application/xml; charset=utf-8)');
    const help = await trigger('--help');
    expect(help).toMatchObject({ code: 0 });
    expect(help.out).toMatch(/--record <file.har>/);
  });

  it('the order notification, E.164 and LEGACY, with Basic credentials, reaches the numbers client handler; the HAR passes contract-check', async () => {
    const received: unknown[] = [];
    const credentials = { username: 'callbacks', password: 'p4ss' };
    const e164 = await listen(
      orderNotificationHandler((n) => received.push(n), { credentials, numberFormat: 'E164' }),
    );
    const legacy = await listen(
      orderNotificationHandler((n) => received.push(n), { credentials, numberFormat: 'LEGACY' }),
    );
    const har = join(dir, 'orders.har');
    const sent = await trigger(
      'numbers',
      'orderNotification',
      '--to',
      e164,
      '--basic',
      'callbacks:p4ss',
      '--record',
      har,
    );
    expect(sent.code).toBe(0);
    expect(sent.out).toMatch(/← 204 No Content .*accepted/);
    const har2 = join(dir, 'orders-legacy.har');
    const legacySent = await trigger(
      ...['numbers', 'orderNotification', '--to', legacy, '--basic', 'callbacks:p4ss'],
      ...['--number-format', 'LEGACY', '--set', 'CustomerOrderId=order-7', '--record', har2],
    );
    expect(legacySent.code).toBe(0);
    expect(received).toMatchObject([
      { CompletedTelephoneNumbers: { TelephoneNumber: ['+14155550100', '+14155550101'] } },
      {
        CustomerOrderId: 'order-7',
        CompletedTelephoneNumbers: { TelephoneNumber: ['4155550100', '4155550101'] },
      },
    ]);
    const recorded = JSON.parse(await readFile(har, 'utf8'));
    expect(recorded.log.entries).toHaveLength(1);
    expect(recorded.log.entries[0]._webhook).toBe('numbers/orderNotification');
    const authorization = recorded.log.entries[0].request.headers.find(
      (header: { name: string }) => header.name === 'authorization',
    );
    expect(authorization.value).not.toContain(Buffer.from('callbacks:p4ss').toString('base64'));
    expect(JSON.stringify(recorded)).not.toContain('p4ss');
    const checked = await contractCheck(dir);
    expect(checked.text).toMatch(/orderNotification/);
    expect(checked.code).toBe(0);
  });

  it('a wrong credential is answered 401 by the client handler: trigger exits 1 and says so', async () => {
    const url = await listen(
      orderNotificationHandler(() => undefined, { credentials: { username: 'a', password: 'b' } }),
    );
    const sent = await trigger('numbers', 'orderNotification', '--to', url, '--basic', 'a:c');
    expect(sent.code).toBe(1);
    expect(sent.err).toMatch(/← 401 Unauthorized .*not accepted/);
  });

  it('the messaging callback with its tag overridden, the Disconnect event and the verification callback reach their client handlers', async () => {
    const seen: unknown[] = [];
    const messaging = await listen(messageCallbackHandler((callback) => seen.push(callback)));
    const voice = await listen(disconnectEventHandler((event) => seen.push(event)));
    const mfa = await listen(verificationCallbackHandler((callback) => seen.push(callback)));
    const sub = await mkdtemp(join(dir, 'events-'));
    expect(
      (
        await trigger(
          'messaging',
          'messageCallback',
          '--to',
          messaging,
          '--set',
          'tag=order-99',
          '--record',
          join(sub, 'm.har'),
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await trigger(
          'messaging',
          'messageCallback',
          '--example',
          'other',
          '--to',
          messaging,
          '--record',
          join(sub, 'm2.har'),
        )
      ).code,
    ).toBe(0);
    expect(
      (await trigger('voice', 'disconnectEvent', '--to', voice, '--record', join(sub, 'v.har'))).code,
    ).toBe(0);
    expect(
      (await trigger('mfa', 'verificationCallback', '--to', mfa, '--record', join(sub, 'f.har'))).code,
    ).toBe(0);
    expect(seen).toMatchObject([
      { kind: 'json', tag: 'order-99' },
      { kind: 'other', body: 'tag=table-42' },
      { kind: 'json', event: { pai: '<sip:+14155550100@sip.example.com>' } },
      { mediaType: 'application/json', json: { scope: '2FA' } },
    ]);
    const checked = await contractCheck(sub);
    expect(checked.code).toBe(0);
  });

  it('a receiver that answers 500: exit code 1, the status printed; the HAR entry is still judged', async () => {
    const url = await listen((_req, res) => {
      res.statusCode = 500;
      res.end('down');
    });
    const har = join(await mkdtemp(join(dir, 'fail-')), 'fail.har');
    const sent = await trigger('voice', 'disconnectEvent', '--to', url, '--record', har);
    expect(sent.code).toBe(1);
    expect(sent.err).toMatch(/← 500 Internal Server Error .*not accepted: the receiver answered 500/);
    const checked = await contractCheck(har);
    expect(checked.code).toBe(1);
    expect(checked.text).toMatch(/disconnectEvent/);
  });

  it('a receiver that refuses connections: exit code 1 with the reason; nothing recorded', async () => {
    const url = await listen(() => undefined);
    await new Promise<void>((resolve) => {
      const listening = receivers.pop();
      listening?.server.close(() => resolve());
    });
    const har = join(dir, 'refused.har');
    const sent = await trigger('mfa', 'verificationCallback', '--to', url, '--record', har);
    expect(sent.code).toBe(1);
    expect(sent.err).toMatch(/not delivered: connection refused/);
    expect(JSON.parse(await readFile(har, 'utf8')).log.entries).toEqual([]);
  });

  it('usage errors name the problem: unknown webhook (did you mean), unknown example, missing --to, bad --set', async () => {
    const typo = await trigger('numbers', 'orderNotifcation', '--to', 'http://127.0.0.1:9/');
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/did you mean orderNotification\?/);
    expect(
      (await trigger('numbers', 'orderNotification', '--to', 'http://127.0.0.1:9/', '--example', 'nope')).err,
    ).toMatch(/no example "nope"; its examples: completeE164/);
    expect((await trigger('numbers', 'orderNotification')).err).toMatch(/--to <url> is required/);
    expect(
      (await trigger('numbers', 'orderNotification', '--to', 'http://127.0.0.1:9/', '--set', 'Nope=1')).err,
    ).toMatch(/no element Nope/);
    expect((await trigger('voice', 'disconnectEvent', '--to', 'ftp://x/')).code).toBe(2);
    const existing = join(dir, 'existing.har');
    await writeFile(existing, '{}');
    const kept = await trigger(
      'voice',
      'disconnectEvent',
      '--to',
      'http://127.0.0.1:9/',
      '--record',
      existing,
    );
    expect(kept).toMatchObject({ code: 2 });
    expect(kept.err).toMatch(/existing\.har exists; a recording is never replaced/);
    expect(await readFile(existing, 'utf8')).toBe('{}');
    expect((await trigger('nubmers', 'orderNotification', '--to', 'http://127.0.0.1:9/')).err).toMatch(
      /did you mean numbers\?/,
    );
  });
});
