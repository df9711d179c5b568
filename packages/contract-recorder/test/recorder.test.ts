import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HarEntry } from '@svc-contracts/har';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MASK, MASKED_BASIC, type Recorder, startRecorder, upstreamUrl } from '../src/index.js';
import { echoForms } from './forms.js';
import { startTarget, type Target } from './target.js';

const clientSecret = 'client-secret-do-not-leak-7d1f';
const basic = `Basic ${Buffer.from(`client-id-42:${clientSecret}`).toString('base64')}`;
const apiKey = 'agents-api-key-do-not-leak-93c2';

let dir: string;
let target: Target;
let recorder: Recorder | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-recorder-'));
  target = await startTarget();
});
afterEach(async () => {
  await recorder?.close();
  recorder = undefined;
  await target.close();
  await rm(dir, { recursive: true, force: true });
});

async function entriesOf(path: string): Promise<HarEntry[]> {
  return JSON.parse(await readFile(path, 'utf8')).log.entries;
}

function header(
  entry: { headers: Array<{ name: string; value: string }> },
  name: string,
): string | undefined {
  return entry.headers.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase())?.value;
}

describe('the recording proxy', () => {
  it('forwards requests, returns the answers unchanged and records them with credentials masked', async () => {
    const out = join(dir, 'session.har');
    recorder = await startRecorder({ target: `${target.url}/base`, out });

    const token = await fetch(`${recorder.url}/api/v1/oauth2/token?api_key=query-secret`, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=client_credentials&scope=voice.webrtc&client_secret=${clientSecret}`,
    });
    const tokenBody = await token.text();
    const direct = await fetch(`${target.url}/base/api/v1/oauth2/token`, { method: 'POST' });
    // The caller gets what the target sent: status, body and every header, duplicates included.
    expect(token.status).toBe(200);
    expect(tokenBody).toBe(await direct.text());
    expect(token.headers.get('x-trace')).toBe('one, two');
    expect(token.headers.get('set-cookie')).toBe('session=server-session-secret; Path=/; HttpOnly');

    const echo = await fetch(`${recorder.url}/api/v1/workflow/fetch/17?status=active`, {
      headers: { 'X-SVC-AGENTS-API-KEY': apiKey, 'X-SVC-ORGANIZATION-ID': '7' },
    });
    expect(echo.status).toBe(200);
    expect(echo.statusText).toBe('Echoed');
    expect(await echo.json()).toEqual({
      method: 'GET',
      url: '/base/api/v1/workflow/fetch/17?status=active',
      body: '',
    });
    // The target got the credentials unmasked: masking is for the file only.
    expect(target.seen.at(-1)?.headers['x-svc-agents-api-key']).toBe(apiKey);
    expect(target.seen[0]?.body).toContain(clientSecret);

    expect(recorder.entries).toBe(2);
    await recorder.close();
    const text = await readFile(out, 'utf8');
    for (const secret of [
      clientSecret,
      apiKey,
      'query-secret',
      'server-session-secret',
      basic.slice('Basic '.length),
      'eyJqdGkiOiJ0b2tlbi1zZWNyZXQifQ',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    const [tokenEntry, echoEntry] = await entriesOf(out);
    expect(tokenEntry?.request.url).toBe(`${target.url}/base/api/v1/oauth2/token?api_key=${MASK}`);
    expect(tokenEntry?.request.queryString).toEqual([{ name: 'api_key', value: MASK }]);
    expect(header(tokenEntry?.request ?? { headers: [] }, 'authorization')).toBe(MASKED_BASIC);
    expect(header(tokenEntry?.request ?? { headers: [] }, 'host')).toBe(new URL(target.url).host);
    expect(tokenEntry?.request.postData?.text).toBe(
      `grant_type=client_credentials&scope=voice.webrtc&client_secret=${MASK}`,
    );
    expect(JSON.parse(tokenEntry?.response.content.text ?? '')).toMatchObject({
      access_token: `${MASK}.${MASK}.${MASK}`,
      token_type: 'Bearer',
    });
    expect(tokenEntry?.response.headers.filter((h) => h.name === 'X-Trace').map((h) => h.value)).toEqual([
      'one',
      'two',
    ]);
    expect(header(echoEntry?.request ?? { headers: [] }, 'x-svc-agents-api-key')).toBe(MASK);
    expect(header(echoEntry?.request ?? { headers: [] }, 'x-svc-organization-id')).toBe('7');
    expect(echoEntry?.request.postData).toBeUndefined();
    expect(echoEntry?.response).toMatchObject({ status: 200, statusText: 'Echoed' });
  });

  it('records decoded text for compressed answers and base64 for binary ones, and empty bodies as empty', async () => {
    const out = join(dir, 'bodies.har');
    recorder = await startRecorder({ target: target.url, out });
    const zipped = await fetch(`${recorder.url}/gzip`, { headers: { 'Accept-Encoding': 'gzip' } });
    const items = Array.from({ length: 50 }, (_, index) => index % 3);
    expect(await zipped.json()).toEqual({ compressed: true, items });
    const binary = await fetch(`${recorder.url}/binary`);
    expect([...new Uint8Array(await binary.arrayBuffer())]).toEqual([0, 255, 1, 254]);
    const empty = await fetch(`${recorder.url}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    await recorder.close();
    const [gzipEntry, binaryEntry, emptyEntry] = await entriesOf(out);
    expect(JSON.parse(gzipEntry?.response.content.text ?? '')).toEqual({ compressed: true, items });
    expect(gzipEntry?.response.content.compression).toBeGreaterThan(0);
    expect(binaryEntry?.response.content).toMatchObject({
      encoding: 'base64',
      text: Buffer.from([0, 255, 1, 254]).toString('base64'),
    });
    expect(emptyEntry?.response).toMatchObject({
      status: 204,
      statusText: 'No Content Here',
      content: { size: 0, text: '' },
    });
  });

  it('answers 502 and records nothing when the target does not answer', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const errors: string[] = [];
    const out = join(dir, 'down.har');
    recorder = await startRecorder({
      target: `http://127.0.0.1:${closedPort}`,
      out,
      onError: (error) => errors.push(error.message),
    });
    const answer = await fetch(`${recorder.url}/api/v1/workflow/fetch`);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain('nothing was recorded');
    await recorder.close();
    expect(await entriesOf(out)).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('refuses a non-loopback address, a non-HTTP target and an existing file', async () => {
    await expect(
      startRecorder({ target: target.url, out: join(dir, 'a.har'), host: '0.0.0.0' }),
    ).rejects.toThrow('loopback only');
    await expect(startRecorder({ target: 'ftp://example.com', out: join(dir, 'b.har') })).rejects.toThrow(
      'http or https',
    );
    recorder = await startRecorder({ target: target.url, out: join(dir, 'c.har') });
    await expect(startRecorder({ target: target.url, out: join(dir, 'c.har') })).rejects.toMatchObject({
      code: 'EEXIST',
    });
  });
});

describe('upstreamUrl', () => {
  it('joins the target base path and the request path, and takes only the path of an absolute-form request', () => {
    expect(upstreamUrl(new URL('https://agents.example.com'), '/api/v1/x?y=1').href).toBe(
      'https://agents.example.com/api/v1/x?y=1',
    );
    expect(upstreamUrl(new URL('https://dashboard.example.com/api/v2/'), '/accounts/1/orders').href).toBe(
      'https://dashboard.example.com/api/v2/accounts/1/orders',
    );
    expect(
      upstreamUrl(
        new URL('https://voice.example.com'),
        'http://elsewhere.example.com/api/v2/accounts/1/calls/',
      ).href,
    ).toBe('https://voice.example.com/api/v2/accounts/1/calls/');
  });
});

// Issue 17, one row each: every secret below reached the HAR file in the clear before the recorder masked
// whole entries with @svc-contracts/har (by name, and by value wherever the exchange repeats a credential).
describe('what the recorder used to leak', () => {
  const password = 'password-do-not-leak-61aa';
  const user = 'client-user-5531';
  const post =
    (path: string, type: string, body: string, headers: Record<string, string> = {}) =>
    (url: string) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body });
  const refused = post('/refuse', 'application/x-www-form-urlencoded', 'grant_type=client_credentials', {
    Authorization: `Basic ${btoa(`${user}:${password}`)}`,
    'X-API-Key': apiKey,
  });

  it.each<[string, (url: string) => Promise<Response>, string[]]>([
    [
      'a password in CDATA',
      post('/x', 'application/xml', `<L><Password><![CDATA[${password}]]></Password></L>`),
      [password],
    ],
    [
      'a namespaced <s:Password>',
      post('/x', 'text/xml', `<s:L xmlns:s="urn:x"><s:Password>${password}</s:Password></s:L>`),
      [password],
    ],
    [
      'a password after a comment',
      post('/x', 'application/xml', `<L><Password><!-- c -->${password}</Password></L>`),
      [password],
    ],
    [
      '<Authorization>Basic ...</Authorization> in XML',
      post('/x', 'application/xml', `<L><Authorization>Basic ${btoa(`u:${password}`)}</Authorization></L>`),
      [password, btoa(`u:${password}`)],
    ],
    ['sig= in a query', (url) => fetch(`${url}/blob?sv=1&sig=${password}`), [password]],
    ['a secret that is a number', post('/x', 'application/json', '{"secret": 12345678}'), ['12345678']],
    ['JSON sent as text/plain', post('/x', 'text/plain', `{"password": "${password}"}`), [password]],
    ['a base64 body', (url) => fetch(`${url}/binary-echo`, { headers: { 'X-API-Key': apiKey } }), [apiKey]],
    // Issue 41: the target echoes each of these request bodies back inside a JSON string.
    [
      'a multipart field named password',
      post(
        '/x',
        'multipart/form-data; boundary=b1',
        `--b1\r\nContent-Disposition: form-data; name="password"\r\n\r\n${password}\r\n--b1--\r\n`,
      ),
      [password],
    ],
    ['a secret in malformed JSON', post('/x', 'application/json', `{"password":"${password}"`), [password]],
    [
      'the first of two duplicate keys',
      post('/x', 'application/json', `{"password":"${password}","password":"other-secret-0042"}`),
      [password, 'other-secret-0042'],
    ],
    [
      'credentials echoed in a response header and a 401 body',
      refused,
      [password, user, apiKey, btoa(`${user}:${password}`)],
    ],
  ])('%s', async (_, send, secrets) => {
    const out = join(dir, 'leak.har');
    recorder = await startRecorder({ target: target.url, out });
    const answer = await send(recorder.url);
    await answer.arrayBuffer();
    await recorder.close();
    const text = await readFile(out, 'utf8');
    const entries: HarEntry[] = JSON.parse(text).log.entries;
    expect(entries).toHaveLength(1);
    // A base64 body is searched decoded: that is where a reader (or contract-check) finds the secret.
    const decoded = entries
      .filter((entry) => entry.response.content.encoding === 'base64')
      .map((entry) => Buffer.from(entry.response.content.text ?? '', 'base64').toString('latin1'));
    for (const secret of secrets) expect([text, ...decoded].join('\n'), secret).not.toContain(secret);
  });

  it('keeps the syntax of what it masks where the server echoes it, and the caller gets the answer as sent', async () => {
    const out = join(dir, 'echo.har');
    recorder = await startRecorder({ target: target.url, out });
    const answer = await refused(recorder.url);
    expect(await answer.text()).toContain(apiKey);
    await fetch(`${recorder.url}/binary-echo`, { headers: { 'X-API-Key': apiKey } }).then((r) =>
      r.arrayBuffer(),
    );
    await recorder.close();
    const [echo, binary] = await entriesOf(out);
    expect(header(echo?.response ?? { headers: [] }, 'x-seen-basic')).toBe(MASKED_BASIC);
    expect(header(echo?.response ?? { headers: [] }, 'x-seen')).toBe(MASK);
    expect(echo?.response.content.text).toBe(
      `refused ${MASKED_BASIC} ${MASK} after: grant_type=client_credentials`,
    );
    expect(Buffer.from(binary?.response.content.text ?? '', 'base64')).toEqual(
      Buffer.concat([Buffer.from([0, 255]), Buffer.from(MASK)]),
    );
  });
});

// Issue 41: hostile input costs only its own entry, never a crash, a stall or a leak.
describe('hostile traffic', () => {
  const key = 'sk_live+4f3a/9c2e=8b7d';

  it.each(Object.keys(echoForms))(
    'masks a key the target echoes %s, in the header, redirect and body',
    async (form) => {
      const out = join(dir, 'forms.har');
      recorder = await startRecorder({ target: target.url, out });
      const answer = await fetch(`${recorder.url}/echo?form=${encodeURIComponent(form)}`, {
        headers: { 'X-API-Key': key },
      });
      const echoed = (echoForms[form] as (secret: string) => string)(key);
      // The caller gets the answer as sent; only the file is masked.
      expect(await answer.text()).toBe(`refused: ${echoed}`);
      await recorder.close();
      const text = await readFile(out, 'utf8');
      expect(text).not.toContain(echoed);
      expect(text).not.toContain('live');
      const [entry] = await entriesOf(out);
      expect(entry?.response.content.text).toMatch(/^refused: /);
    },
  );

  it('does not keep a body past maxBodyBytes: the caller gets it whole, the entry marks it not kept', async () => {
    const out = join(dir, 'big.har');
    recorder = await startRecorder({ target: target.url, out, maxBodyBytes: 1024 });
    const answer = await fetch(`${recorder.url}/big?bytes=10000`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'p'.repeat(2000) }),
    });
    expect((await answer.text()).length).toBe(10000);
    const small = await fetch(`${recorder.url}/big?bytes=100`);
    expect((await small.text()).length).toBe(100);
    await recorder.close();
    const [big, kept] = await entriesOf(out);
    expect(big?.response.status).toBe(200);
    expect(big?.response.content.text).toBeUndefined();
    expect(big?.response.content).toMatchObject({
      size: 10000,
      _bodyOmitted: { reason: 'size-limit', detail: 'larger than 1024 bytes', receivedBytes: 10000 },
    });
    expect(big?.response.content.comment).toContain('not judged');
    expect(big?.request.postData).toMatchObject({ _bodyOmitted: { reason: 'size-limit' } });
    expect(big?.request.postData?.text).toBeUndefined();
    expect(kept?.response.content.text?.length).toBe(100);
    expect(kept?.response.content._bodyOmitted).toBeUndefined();
  });

  it('never decodes a compressed answer past the limit (a gzip bomb)', async () => {
    const out = join(dir, 'bomb.har');
    recorder = await startRecorder({ target: target.url, out, maxBodyBytes: 4096 });
    const answer = await fetch(`${recorder.url}/gzip-bomb`);
    expect((await answer.text()).length).toBe(200_000);
    await recorder.close();
    const [entry] = await entriesOf(out);
    expect(entry?.response.content._bodyOmitted).toMatchObject({
      reason: 'size-limit',
      detail: 'larger than 4096 bytes once decoded',
    });
    expect(entry?.response.content.size).toBe(-1);
  });

  it('gives up on a silent target: 504 and nothing recorded before its answer', async () => {
    const errors: string[] = [];
    const out = join(dir, 'silent.har');
    recorder = await startRecorder({
      target: target.url,
      out,
      upstreamTimeoutMs: 50,
      onError: (error) => errors.push(error.message),
    });
    const answer = await fetch(`${recorder.url}/hang`);
    expect(answer.status).toBe(504);
    expect(await answer.text()).toContain('no data from the target for 50 ms');
    await recorder.close();
    expect(await entriesOf(out)).toEqual([]);
    expect(errors.join('\n')).toContain('no data from the target for 50 ms');
  });

  it('gives up on a target silent in mid-body: the entry is written with its body marked incomplete', async () => {
    const out = join(dir, 'silent-body.har');
    recorder = await startRecorder({ target: target.url, out, upstreamTimeoutMs: 50, onError: () => {} });
    const answer = await fetch(`${recorder.url}/hang-body`);
    expect(answer.status).toBe(200);
    // The caller must not take a body that broke off for a whole one.
    await expect(answer.text()).rejects.toThrow();
    await recorder.close();
    const [entry] = await entriesOf(out);
    expect(entry?.response.status).toBe(200);
    expect(entry?.response.content).toMatchObject({
      size: -1,
      _bodyOmitted: {
        reason: 'incomplete',
        detail: 'no data from the target for 50 ms',
        receivedBytes: '{"partial":'.length,
      },
    });
    expect(entry?.response.bodySize).toBe(-1);
  });

  it('records an answer the target cut off as incomplete, and goes on', async () => {
    const errors: string[] = [];
    const out = join(dir, 'reset.har');
    recorder = await startRecorder({
      target: target.url,
      out,
      onError: (error) => errors.push(error.message),
    });
    const answer = await fetch(`${recorder.url}/reset-body?api_key=k-secret-77`);
    await expect(answer.text()).rejects.toThrow();
    await recorder.close();
    const [entry] = await entriesOf(out);
    expect(entry?.response.content._bodyOmitted).toMatchObject({ reason: 'incomplete', receivedBytes: 11 });
    expect(entry?.response.content._bodyOmitted?.detail).toMatch(/^the target broke off: /);
    expect(errors.join('\n')).not.toContain('k-secret-77');
  });

  it('reports a target that does not answer without the credentials of its URL', async () => {
    const errors: string[] = [];
    recorder = await startRecorder({
      target: target.url,
      out: join(dir, 'quiet.har'),
      upstreamTimeoutMs: 20,
      onError: (error) => errors.push(error.message),
    });
    expect((await fetch(`${recorder.url}/hang?api_key=k-secret-78`)).status).toBe(504);
    expect(errors.join('\n')).toContain('api_key=REDACTED');
    expect(errors.join('\n')).not.toContain('k-secret-78');
  });

  it('on close with a grace period, writes what it has and cuts off the exchanges a hung target holds', async () => {
    const out = join(dir, 'stopped.har');
    recorder = await startRecorder({ target: target.url, out, onError: () => {} });
    const hung = fetch(`${recorder.url}/hang`);
    const hungBody = fetch(`${recorder.url}/hang-body`);
    const headed = await hungBody;
    await fetch(`${recorder.url}/big?bytes=50`).then((r) => r.text());
    while (target.seen.filter((seen) => seen.url === '/hang').length === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const summary = await recorder.close({ graceMs: 0 });
    expect(summary.cutOff).toBe(2);
    expect((await hung).status).toBe(503);
    await expect(headed.text()).rejects.toThrow();
    const entries = await entriesOf(out);
    expect(entries.map((entry) => entry.response.content._bodyOmitted?.reason)).toEqual([
      undefined,
      'incomplete',
    ]);
    expect(entries[1]?.response.content._bodyOmitted?.detail).toBe('the recorder was stopped after 0 ms');
  });

  it('survives an exchange it cannot record: reported, the caller answered, the proxy goes on', async () => {
    const errors: string[] = [];
    const out = join(dir, 'unrecordable.har');
    // A mask name that is not a string makes masking throw: it stands for any failure while recording.
    recorder = await startRecorder({
      target: target.url,
      out,
      mask: { names: [42 as unknown as string] },
      onError: (error) => errors.push(error.message),
    });
    const answer = await fetch(`${recorder.url}/big?bytes=20&api_key=k-secret-1`);
    expect((await answer.text()).length).toBe(20);
    const again = await fetch(`${recorder.url}/big?bytes=30`);
    expect(again.status).toBe(200);
    await again.text();
    await recorder.close();
    expect(await entriesOf(out)).toEqual([]);
    expect(errors[0]).toMatch(
      /^GET http:\/\/127\.0\.0\.1:\d+\/big\?bytes=20&api_key=REDACTED: the exchange could not be recorded/,
    );
  });

  it('refuses a body limit it could not keep and a time-out that is not a positive integer', async () => {
    await expect(
      startRecorder({ target: target.url, out: join(dir, 'x.har'), maxBodyBytes: 512 * 1024 * 1024 }),
    ).rejects.toThrow('maxBodyBytes must be a positive integer up to 268435456');
    await expect(
      startRecorder({ target: target.url, out: join(dir, 'y.har'), upstreamTimeoutMs: 0 }),
    ).rejects.toThrow('upstreamTimeoutMs');
    // Refused before the file is created: no orphan recording.
    await expect(readFile(join(dir, 'x.har'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
