import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type ContractSet,
  checkHarFiles,
  loadContracts,
  type RecordedRequest,
  type RecordedResponse,
} from '@svc-contracts/contract-checker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// Recorded callbacks are checked like any exchange: an entry that names its webhook (`_webhook` in the
// HAR entry, `webhook` on a RecordedRequest) is checked against that webhook of the spec, never matched
// by its URL. Each passing case has its failing case beside it.

const configPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'redocly.yaml');
let contracts: ContractSet;

beforeAll(async () => {
  contracts = await loadContracts({ configPath });
});
afterAll(async () => {
  await contracts.close();
});

const callbackUrl = 'https://app.example.com/callbacks/messaging';

function callback(webhook: string | undefined, body: unknown, url = callbackUrl): RecordedRequest {
  return {
    method: 'POST',
    url,
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    body: JSON.stringify(body),
    ...(webhook === undefined ? {} : { webhook }),
  };
}

const received: RecordedResponse = { status: 204, headers: [] };

describe('webhooks in the checker', () => {
  it('checks a messaging callback against messaging/messageCallback: any JSON value, JSON it must be', async () => {
    const good = await contracts.checkExchange(
      callback('messaging/messageCallback', { type: 'message-delivered', tag: 'table-42' }),
      received,
    );
    expect(good.verdict).toBe('conforms');
    expect(good.match).toMatchObject({
      service: 'messaging',
      operationId: 'messageCallback',
      pathTemplate: 'webhooks/messageCallback',
    });
    // The source shows neither the payload nor where the tag sits in it: a tag of another type passes.
    for (const payload of [{ tag: 42 }, [{ tag: 'table-42' }, { tag: 'table-42' }], { tag: ['x'] }]) {
      const other = await contracts.checkExchange(callback('messaging/messageCallback', payload), received);
      expect(other.violations, JSON.stringify(payload)).toEqual([]);
    }
    const broken = await contracts.checkExchange(
      { ...callback('messaging/messageCallback', {}), body: '{"tag":' },
      received,
    );
    expect(broken.violations.map((violation) => violation.rule)).toContain('request-body-unparseable');
  });

  it('accepts any answer of the receiver: no body, or a body of any media type (x-body-open)', async () => {
    const request = callback('messaging/messageCallback', { tag: 'table-42' });
    for (const answer of [
      { status: 200, headers: [], body: '' },
      { status: 200, headers: [{ name: 'Content-Type', value: 'text/plain' }], body: 'OK' },
      { status: 202, headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{"ok":true}' },
    ]) {
      expect((await contracts.checkExchange(request, answer)).violations).toEqual([]);
    }
    // The status is still held to 2xx.
    const refused = await contracts.checkExchange(request, { status: 500, headers: [], body: '' });
    expect(refused.violations.map((violation) => violation.rule)).toEqual(['undeclared-status']);
  });

  it('takes the bare name when one service documents it; the receiver may answer any 2xx, not a 3xx', async () => {
    const bare = await contracts.checkExchange(callback('disconnectEvent', { pai: '<sip:+1@x>' }), {
      status: 200,
      headers: [],
    });
    expect(bare.verdict).toBe('conforms');
    expect(bare.match?.service).toBe('voice');
    const redirected = await contracts.checkExchange(callback('disconnectEvent', {}), {
      status: 302,
      headers: [],
    });
    expect(redirected.violations.map((violation) => violation.rule)).toEqual(['undeclared-status']);
  });

  it('checks the Disconnect event: pai and identity are strings when present', async () => {
    const bad = await contracts.checkExchange(callback('voice/disconnectEvent', { identity: 7 }), received);
    expect(bad.violations.map((violation) => violation.rule)).toContain('request-body-schema');
  });

  it('accepts a callback of another media type unchecked (the source does not show it); JSON is checked', async () => {
    const form = await contracts.checkExchange(
      {
        method: 'POST',
        url: callbackUrl,
        headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
        body: 'tag=42',
        webhook: 'messaging/messageCallback',
      },
      received,
    );
    expect(form.verdict).toBe('conforms');
    const json = await contracts.checkExchange(callback('voice/disconnectEvent', { pai: 1 }), received);
    expect(json.verdict).toBe('violation');
  });

  it('names an unknown webhook, and a method the webhook does not document', async () => {
    const unknown = await contracts.checkExchange(callback('messaging/deliveryReceipt', {}), received);
    expect(unknown.violations.map((violation) => violation.rule)).toEqual(['undocumented-operation']);
    expect(unknown.violations[0]?.message).toMatch(
      /no webhook "messaging\/deliveryReceipt".*messaging\/messageCallback/,
    );
    // The Order notification is "POSTed"; the messaging callback's method is not shown (x-method-open).
    const method = await contracts.checkExchange(
      { ...callback('numbers/orderNotification', {}), method: 'PUT' },
      received,
    );
    expect(method.violations[0]?.message).toMatch(
      /PUT is not documented for webhook numbers\/orderNotification/,
    );
    const open = await contracts.checkExchange(
      { ...callback('messaging/messageCallback', {}), method: 'PUT' },
      received,
    );
    expect(open.violations).toEqual([]);
  });

  it('never matches a callback by URL: the same entry without its webhook name is an undocumented operation', async () => {
    const unnamed = await contracts.checkExchange(callback(undefined, { tag: 'table-42' }), received);
    expect(unnamed.violations.map((violation) => violation.rule)).toEqual(['undocumented-operation']);
    // And a webhook name never turns a service request into a callback check by URL either.
    expect(contracts.match('POST', callbackUrl)).toBeUndefined();
  });

  it('counts each webhook as coverage cells of its own, after the operations of paths', () => {
    const documented = contracts.documentedOperations();
    const ids = documented.map((operation) => operation.operationId);
    expect(ids).toContain('sendGroupMessage');
    expect(ids).toContain('messageCallback');
    expect(ids).toContain('disconnectEvent');
    const callback = documented.find((operation) => operation.operationId === 'messageCallback');
    expect(callback?.pathTemplate).toBe('webhooks/messageCallback');
    expect(ids.indexOf('messageCallback')).toBeGreaterThan(ids.indexOf('sendGroupMessage'));
  });
});

describe('webhooks in a HAR file (`_webhook` on the entry)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'webhook-har-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function har(entry: Record<string, unknown>): string {
    const file = join(dir, `${Math.random().toString(36).slice(2)}.har`);
    const request = {
      method: 'POST',
      url: callbackUrl,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      queryString: [],
      postData: { mimeType: 'application/json', text: JSON.stringify({ tag: 'table-42' }) },
      headersSize: -1,
      bodySize: -1,
    };
    const response = {
      status: 204,
      statusText: 'No Content',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: 0, mimeType: '' },
      redirectURL: '',
      headersSize: -1,
      bodySize: 0,
    };
    writeFileSync(
      file,
      JSON.stringify({
        log: {
          version: '1.2',
          creator: { name: 'test', version: '1' },
          entries: [
            {
              startedDateTime: '2021-02-10T20:17:42.002Z',
              time: 1,
              request,
              response,
              cache: {},
              timings: { send: 0, wait: 1, receive: 0 },
              ...entry,
            },
          ],
        },
      }),
    );
    return file;
  }

  it('an entry with _webhook is checked against that webhook; without it, it matches nothing', async () => {
    const named = await checkHarFiles([har({ _webhook: 'messaging/messageCallback' })], { contracts });
    expect(named.exitCode).toBe(0);
    expect(named.entries[0]?.match?.operationId).toBe('messageCallback');
    // Unnamed, it is traffic to a host none of our operations is on: skipped as not ours...
    const unnamed = await checkHarFiles([har({})], { contracts });
    expect(unnamed.entries[0]?.skip?.reason).toBe('other-host');
    expect(unnamed.exitCode).toBe(0);
    // ...unless that host is mapped to a service: then it is an undocumented operation of it.
    const mapped = await checkHarFiles([har({})], {
      contracts,
      scope: { hosts: { 'app.example.com': 'messaging' } },
    });
    expect(mapped.entries[0]?.violations.map((violation) => violation.rule)).toEqual([
      'undocumented-operation',
    ]);
    expect(mapped.exitCode).toBe(1);
  });

  it('refuses a _webhook that is not a non-empty string', async () => {
    const report = await checkHarFiles([har({ _webhook: 7 })], { contracts });
    expect(report.exitCode).toBe(2);
  });
});

describe('the order notification callback', () => {
  const notification = `<?xml version="1.0" encoding="UTF-8"?>
<Notification><SubscriptionId>s-1</SubscriptionId><Status>COMPLETE</Status><CompletedTelephoneNumbers><TelephoneNumber>+14155550100</TelephoneNumber></CompletedTelephoneNumbers></Notification>`;
  const orderCallback = (headers: RecordedRequest['headers']): RecordedRequest => ({
    method: 'POST',
    url: 'https://app.example.com/callbacks/orders',
    headers: [{ name: 'Content-Type', value: 'application/xml; charset=utf-8' }, ...headers],
    body: notification,
    webhook: 'numbers/orderNotification',
  });
  const basic = `Basic ${Buffer.from('cb-user:cb-pass').toString('base64')}`;

  it('takes any credentials or none: the source does not show how CallbackCredentials are presented', async () => {
    // No scheme is invented for the callback (HTTP Basic with the subscription's pair was one reading).
    const webhook = parse(
      readFileSync(
        resolve(dirname(configPath), 'specs/numbers/paths/webhook-order-notification.yaml'),
        'utf8',
      ),
    ) as { post: { security: unknown } };
    expect(webhook.post.security).toEqual([{}]);
    for (const headers of [
      [],
      [{ name: 'Authorization', value: basic }],
      [{ name: 'Authorization', value: 'Bearer signed-by-public-key' }],
      [{ name: 'X-Signature', value: 'abc' }],
    ]) {
      const verdict = await contracts.checkExchange(orderCallback(headers), { status: 200, headers: [] });
      expect(verdict.verdict, JSON.stringify(headers)).toBe('conforms');
    }
  });

  it('still checks the document: a number in neither form fails', async () => {
    const broken = orderCallback([]);
    broken.body = notification.replace('+14155550100', '555-0100');
    const verdict = await contracts.checkExchange(broken, { status: 200, headers: [] });
    expect(verdict.violations.map((violation) => violation.rule)).toContain('request-body-schema');
  });
});
