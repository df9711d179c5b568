import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HarEntry } from '@svc-contracts/har';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MASK, MASKED_BASIC, type Recorder, startRecorder, upstreamUrl } from '../src/index.js';
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
