// Records contract-tests/tool-exports/real/ with the real tools: a small page on 127.0.0.1 calls the
// mocks (started here, on their fixed ports), recorded by Playwright's `recordHar` (embed, minimal,
// omit, attach as a folder and as a .zip, with `page.route` answers that break the contract) and by
// chrome-har from Chromium's DevTools events (as browsertime and sitespeed.io write it). What differs
// from one run to the next (times, Date headers, ids, the order of Chromium's CORS preflights) is made
// fixed, nothing else of the exchanges (chrome-har still matches the repeated headers of some requests and
// not others from run to run). Needs
// Chromium (CHROMIUM, default /usr/bin/chromium); not part of `pnpm test`, which checks its output.
//
//   pnpm exec tsx contract-tests/tool-exports/real/record.ts

import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMocks } from '@svc-contracts/mock-server';
import { harFromMessages } from 'chrome-har';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { chromium, type Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = join(here, '..', '..', '..');
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const pagePort = 4099;
const pageUrl = `http://127.0.0.1:${pagePort}/`;

// The page's calls, in order; credentials are obvious fakes (the mocks check their kind, not their value).
const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>calls</title><link rel="icon" href="data:,"></head>
<body><pre id="log"></pre><script>
const basic = 'Basic ' + btoa('fake-user:fake-password');
const json = { 'Content-Type': 'application/json', Authorization: basic };
const xml = { 'Content-Type': 'application/xml', Accept: 'application/xml', Authorization: basic };
const order = '<?xml version="1.0" encoding="UTF-8"?>\\n<Order>\\n  <SiteId>12345</SiteId>\\n  <PartialAllowed>false</PartialAllowed>\\n  <ExistingTelephoneNumberOrderType>\\n    <TelephoneNumberList>\\n      <TelephoneNumber>+14155550100</TelephoneNumber>\\n    </TelephoneNumberList>\\n  </ExistingTelephoneNumberOrderType>\\n</Order>';
const calls = [
  ['http://127.0.0.1:4010/api/v1/workflow/fetch?status=active', { headers: { Authorization: 'Bearer fake-token' } }],
  ['http://127.0.0.1:4011/api/v1/oauth2/token', { method: 'POST', headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&scope=voice.webrtc' }],
  ['http://127.0.0.1:4012/v2/users/9900000/messages', { method: 'POST', headers: json, body: JSON.stringify({ from: '+14155550100', to: ['+14155550199'], text: 'Your table is ready.', applicationId: '93de2206-9669-4e07-948d-329f4b722ee2' }) }],
  ['http://127.0.0.1:4013/api/v2/accounts/9900000/calls/', { method: 'POST', headers: json, body: JSON.stringify({ from: '+14155550100', to: '+14155550199', answerUrl: 'https://app.example.com/voice/answer', applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086' }) }],
  ['http://127.0.0.1:4014/api/v1/accounts/9900000/code/verify', { method: 'POST', headers: json, body: JSON.stringify({ to: '+14155550199', scope: '2FA', expirationTimeInMinutes: 3, code: '123456' }) }],
  ['http://127.0.0.1:4015/api/v2/accounts/9900000/orders', { method: 'POST', headers: xml, body: order }],
  ['http://127.0.0.1:4015/api/v2/accounts/9900000/e911Addresses', { headers: { Accept: 'application/xml', Authorization: basic } }],
  // A request that breaks the contract (a number without +): the mock refuses it as documented.
  ['http://127.0.0.1:4012/v2/users/9900000/messages', { method: 'POST', headers: json, body: JSON.stringify({ from: '4155550100', to: ['+14155550199'], text: 'no plus', applicationId: '93de2206-9669-4e07-948d-329f4b722ee2' }) }],
  // Answered by page.route in the Playwright recordings (answers that break the contract).
  ['http://127.0.0.1:4010/api/v1/workflow/fetch?status=archived', { headers: { Authorization: 'Bearer fake-token' } }],
  ['http://127.0.0.1:4011/api/v1/oauth2/token?routed=1', { method: 'POST', headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&scope=voice.webrtc' }],
  ['http://127.0.0.1:4015/api/v2/accounts/9900000/orders?routed=1', { method: 'POST', headers: xml, body: order }],
];
(async () => {
  for (const [url, init] of calls) {
    try {
      const response = await fetch(url, init);
      await response.text();
      document.getElementById('log').textContent += response.status + ' ' + url + '\\n';
    } catch (error) {
      document.getElementById('log').textContent += 'failed ' + url + '\\n';
    }
  }
  document.title = 'done';
})();
</script></body></html>`;

/** Answers that break the contract, given by `page.route` in place of the mocks'. */
async function routeBrokenAnswers(target: Page): Promise<void> {
  await target.route('**/api/v1/workflow/fetch?status=archived', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"workflows":"not a list"}' }),
  );
  await target.route('**/oauth2/token?routed=1', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"token_type":"bearer","expires_in":"3600"}',
    }),
  );
  await target.route('**/orders?routed=1', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/xml',
      body: '<?xml version="1.0" encoding="UTF-8"?>\n<OrderResponse><Order><BackOrderRequested>maybe</BackOrderRequested><ExistingTelephoneNumberOrderType><TelephoneNumberList><TelephoneNumber>4155550100</TelephoneNumber></TelephoneNumberList></ExistingTelephoneNumberOrderType></Order><OrderStatus>RECEIVED</OrderStatus></OrderResponse>',
    }),
  );
}

const fixedDate = 'Tue, 01 Dec 2026 00:00:00 GMT';

/** The fields that change from run to run made fixed, in place; of the exchange, only its Date headers. */
function stabilise(har: { log: Record<string, unknown> }): void {
  const log = har.log as { entries: Array<Record<string, unknown>>; pages?: Array<Record<string, unknown>> };
  const started = Date.parse('2026-12-01T00:00:00.000Z');
  // Playwright names pages and frames by random ids: numbered in order of appearance instead.
  const ids = new Map<string, string>();
  const idOf = (value: unknown): unknown => {
    if (typeof value !== 'string' || !/^(page|frame)@[0-9a-f]+$/.test(value)) return value;
    if (!ids.has(value)) ids.set(value, `${value.split('@')[0]}@${ids.size + 1}`);
    return ids.get(value);
  };
  for (const page of log.pages ?? []) page.id = idOf(page.id);
  for (const entry of log.entries) {
    if ('pageref' in entry) entry.pageref = idOf(entry.pageref);
    if ('_frameref' in entry) entry._frameref = idOf(entry._frameref);
  }
  // Chromium's CORS preflights race their requests in the DevTools events: each is put just before the
  // request it is for (the first of its URL without one), so the order is the same on every run.
  const isPreflight = (entry: Record<string, unknown>) =>
    (entry.request as { method: string }).method === 'OPTIONS';
  const urlOf = (entry: Record<string, unknown>) => (entry.request as { url: string }).url;
  const preflights = log.entries.filter(isPreflight);
  log.entries = log.entries
    .filter((entry) => !isPreflight(entry))
    .flatMap((entry) => {
      const at = preflights.findIndex((preflight) => urlOf(preflight) === urlOf(entry));
      return at < 0 ? [entry] : [...preflights.splice(at, 1), entry];
    })
    .concat(preflights);
  log.pages?.forEach((entry, position) => {
    entry.startedDateTime = new Date(started + position).toISOString();
    if (entry.pageTimings) entry.pageTimings = { onContentLoad: 1, onLoad: 1 };
  });
  log.entries.forEach((entry, position) => {
    entry.startedDateTime = new Date(started + 1000 * (position + 1)).toISOString();
    if ('time' in entry) entry.time = 1;
    if ('timings' in entry)
      entry.timings = { blocked: -1, dns: -1, connect: -1, send: 0, wait: 1, receive: 0, ssl: -1 };
    if ('_monotonicTime' in entry) entry._monotonicTime = position + 1;
    if ('_requestId' in entry) entry._requestId = String(position + 1);
    if ('connection' in entry) entry.connection = '1';
    if ('_requestTime' in entry) entry._requestTime = position + 1;
    if (Array.isArray(entry._chunks)) for (const chunk of entry._chunks) chunk.ts = 0;
    if (typeof entry._initiator_detail === 'string')
      entry._initiator_detail = entry._initiator_detail.replace(/"requestId":"[^"]*"/g, '"requestId":"1"');
    for (const side of ['request', 'response'] as const) {
      const message = entry[side] as { headers?: Array<{ name: string; value: string }> } | undefined;
      for (const field of message?.headers ?? []) {
        if (field.name.toLowerCase() === 'date') field.value = fixedDate;
      }
    }
  });
}

function text(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

async function stabiliseFile(path: string): Promise<void> {
  const har = JSON.parse(await readFile(path, 'utf8'));
  stabilise(har);
  await writeFile(path, text(har));
}

/** The .zip Playwright writes, with its HAR made stable and every member dated alike. */
async function stabiliseZip(path: string): Promise<void> {
  const members = unzipSync(new Uint8Array(await readFile(path)));
  const fixed: Record<string, [Uint8Array, { mtime: Date }]> = {};
  const mtime = new Date('2026-12-01T00:00:00Z');
  for (const name of Object.keys(members).sort()) {
    let bytes = members[name] as Uint8Array;
    if (name.endsWith('.har')) {
      const har = JSON.parse(new TextDecoder().decode(bytes));
      stabilise(har);
      bytes = strToU8(text(har));
    }
    fixed[name] = [bytes, { mtime }];
  }
  await writeFile(path, zipSync(fixed, { level: 6 }));
}

async function withPlaywright(recordHar: {
  path: string;
  content?: 'embed' | 'omit' | 'attach';
  mode?: 'full' | 'minimal';
}): Promise<void> {
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ recordHar });
    const tab = await context.newPage();
    await routeBrokenAnswers(tab);
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => document.title === 'done', undefined, { timeout: 60_000 });
    await context.close();
  } finally {
    await browser.close();
  }
}

// The DevTools events chrome-har reads (its README's list).
const chromeHarEvents = [
  'Page.loadEventFired',
  'Page.domContentEventFired',
  'Page.frameStartedLoading',
  'Page.frameAttached',
  'Page.frameScheduledNavigation',
  'Network.requestWillBeSent',
  'Network.requestServedFromCache',
  'Network.dataReceived',
  'Network.responseReceived',
  'Network.resourceChangedPriority',
  'Network.loadingFinished',
  'Network.loadingFailed',
  'Network.requestWillBeSentExtraInfo',
  'Network.responseReceivedExtraInfo',
];

/** chrome-har over Chromium's events, response bodies added as browsertime adds them (getResponseBody). */
async function withChromeHar(path: string): Promise<void> {
  const browser = await puppeteer.launch({ executablePath, args: ['--no-sandbox'], headless: true });
  try {
    const tab = await browser.newPage();
    const session = await tab.createCDPSession();
    const messages: Array<{ method: string; params: Record<string, unknown> }> = [];
    const responses = new Map<string, Record<string, unknown>>();
    const bodies: Promise<void>[] = [];
    for (const method of chromeHarEvents) {
      session.on(method, (event: unknown) => {
        const params = event as Record<string, unknown>;
        messages.push({ method, params });
        const requestId = params.requestId as string | undefined;
        if (method === 'Network.responseReceived' && requestId) {
          responses.set(requestId, params.response as Record<string, unknown>);
        }
        if (method === 'Network.loadingFinished' && requestId && responses.has(requestId)) {
          bodies.push(
            session
              .send('Network.getResponseBody', { requestId })
              .then(({ body, base64Encoded }) => {
                const response = responses.get(requestId) as Record<string, unknown>;
                response.body = base64Encoded ? Buffer.from(body, 'base64').toString('utf8') : body;
              })
              .catch(() => {}),
          );
        }
      });
    }
    await session.send('Page.enable');
    await session.send('Network.enable');
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => document.title === 'done', { timeout: 60_000 });
    await Promise.all(bodies);
    const har = harFromMessages(messages, { includeTextFromResponseBody: true });
    stabilise(har);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text(har));
  } finally {
    await browser.close();
  }
}

const server = createServer((request, response) => {
  if (request.url === '/') {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  } else response.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(pagePort, '127.0.0.1', resolve));
const mocks = await startMocks({ configPath: join(repoRoot, 'redocly.yaml') });
try {
  const playwright = join(here, 'playwright');
  const chromeHar = join(here, 'chrome-har');
  await rm(playwright, { recursive: true, force: true });
  await rm(chromeHar, { recursive: true, force: true });
  await mkdir(join(playwright, 'attach'), { recursive: true });
  await withPlaywright({ path: join(playwright, 'embed.har'), content: 'embed' });
  await withPlaywright({ path: join(playwright, 'minimal.har'), content: 'embed', mode: 'minimal' });
  await withPlaywright({ path: join(playwright, 'omit.har'), content: 'omit' });
  await withPlaywright({ path: join(playwright, 'attach', 'session.har'), content: 'attach' });
  await withPlaywright({ path: join(playwright, 'session.zip') });
  for (const file of ['embed.har', 'minimal.har', 'omit.har', join('attach', 'session.har')]) {
    await stabiliseFile(join(playwright, file));
  }
  await stabiliseZip(join(playwright, 'session.zip'));
  await withChromeHar(join(chromeHar, 'session.har'));
  console.log(
    `written: ${(await readdir(here, { recursive: true }))
      .filter((name) => /\.(har|zip)$/.test(name))
      .sort()
      .join(', ')}`,
  );
} finally {
  await mocks.stop();
  server.close();
}
