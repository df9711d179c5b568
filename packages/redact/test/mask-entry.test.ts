import { type Exchange, type HarEntry, harEntry, toBase64 } from '@svc-contracts/har';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { MASK, MASKED_BASIC, maskEntry, maskToken } from '../src/index.js';

const user = 'client-7781';
const password = 'pw-do-not-leak-4c1e';
const basic = `Basic ${toBase64(`${user}:${password}`)}`;
const apiKey = 'api-key-do-not-leak-93c2';
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0.c2lnbmF0dXJlLXNlY3JldA';

function exchange(
  request: Partial<Exchange['request']>,
  response: Partial<Exchange['response']> = {},
): Exchange {
  return {
    startedDateTime: '2025-03-14T09:30:00.000Z',
    timings: { send: 1, wait: 2, receive: 3 },
    request: { method: 'POST', url: 'https://voice.example.com/api/v2/x', headers: [], ...request },
    response: { status: 200, headers: [], ...response },
  };
}

const masked = (value: Exchange): HarEntry => maskEntry(harEntry(value));
const text = (entry: HarEntry): string => JSON.stringify(entry);
const xmlHeaders = [{ name: 'Content-Type', value: 'application/xml' }];

// Issue 17, row by row: each leaked before this package; each must be gone from the masked entry.
describe('maskEntry leaves no credential in the entry', () => {
  it.each([
    ['CDATA', `<Login><Password><![CDATA[${password}]]></Password></Login>`],
    ['a namespace prefix', `<s:Login xmlns:s="urn:x"><s:Password>${password}</s:Password></s:Login>`],
    ['a comment', `<Login><Password><!-- c -->${password}</Password></Login>`],
    ['an Authorization element', `<Login><Authorization>${basic}</Authorization></Login>`],
  ])('XML password in %s', (_, body) => {
    const entry = masked(exchange({ headers: xmlHeaders, body }));
    expect(text(entry)).not.toContain(password);
    expect(text(entry)).not.toContain(basic.slice('Basic '.length));
    expect(entry.request.postData?.text).toMatch(new RegExp(`>(${MASK}|${MASKED_BASIC})</`));
  });

  it('sig= in a query string, in the URL and in queryString', () => {
    const entry = masked(
      exchange({ method: 'GET', url: 'https://h.example.com/file?sig=sig-secret-value&sv=1' }),
    );
    expect(entry.request.url).toBe(`https://h.example.com/file?sig=${MASK}&sv=1`);
    expect(entry.request.queryString).toEqual([
      { name: 'sig', value: MASK },
      { name: 'sv', value: '1' },
    ]);
  });

  it('a non-string secret', () => {
    const entry = masked(
      exchange({
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: '{"secret":12345678}',
      }),
    );
    expect(entry.request.postData?.text).toBe('{"secret":0}');
  });

  it('JSON sent as text/plain', () => {
    const entry = masked(
      exchange({
        headers: [{ name: 'Content-Type', value: 'text/plain' }],
        body: `{"password":"${password}"}`,
      }),
    );
    expect(text(entry)).not.toContain(password);
  });

  it('a base64 body, text or not, decoded, masked and encoded again', () => {
    const json = `{"access_token":"${jwt}","note":"key ${apiKey}"}`;
    const entry = masked(
      exchange(
        { headers: [{ name: 'X-API-Key', value: apiKey }] },
        {
          headers: [{ name: 'Content-Type', value: 'application/octet-stream' }],
          body: toBase64(json),
          encoding: 'base64',
        },
      ),
    );
    const decoded = Buffer.from(entry.response.content.text ?? '', 'base64').toString('utf8');
    expect(JSON.parse(decoded)).toEqual({ access_token: maskToken(jwt), note: `key ${MASK}` });
    expect(entry.response.content.size).toBe(Buffer.byteLength(decoded));

    const binary = Buffer.concat([Buffer.from([0, 255]), Buffer.from(apiKey), Buffer.from([254])]);
    const bytes = masked(
      exchange(
        { headers: [{ name: 'X-API-Key', value: apiKey }] },
        { body: binary.toString('base64'), encoding: 'base64' },
      ),
    );
    expect(Buffer.from(bytes.response.content.text ?? '', 'base64')).toEqual(
      Buffer.concat([Buffer.from([0, 255]), Buffer.from(MASK), Buffer.from([254])]),
    );
  });

  it('credentials the server echoes back: in a response header and in a 401 body, in any encoding', () => {
    const entry = masked(
      exchange(
        {
          url: `https://h.example.com/x?api_key=${apiKey}`,
          headers: [
            { name: 'Authorization', value: basic },
            { name: 'Content-Type', value: 'application/x-www-form-urlencoded' },
          ],
          body: `grant_type=password&password=${encodeURIComponent(password)}`,
        },
        {
          status: 401,
          headers: [
            { name: 'X-Echo', value: apiKey },
            { name: 'X-Seen', value: basic },
            { name: 'Location', value: `/login?user=${user}` },
            { name: 'Content-Type', value: 'text/plain' },
          ],
          body: `unknown user ${user} with password ${password} (${encodeURIComponent(apiKey)}, ${toBase64(`${user}:${password}`)})`,
        },
      ),
    );
    for (const secret of [user, password, apiKey, toBase64(`${user}:${password}`)]) {
      expect(text(entry), secret).not.toContain(secret);
    }
    const header = (name: string) => entry.response.headers.find((h) => h.name === name)?.value;
    expect(header('X-Echo')).toBe(MASK);
    expect(header('X-Seen')).toBe(MASKED_BASIC);
    expect(entry.response.content.text).toBe(
      `unknown user ${MASK} with password ${MASK} (${MASK}, ${MASKED_BASIC.slice('Basic '.length)})`,
    );
  });

  it('a bearer token echoed in a JSON body keeps its JWT shape, and the JSON stays JSON', () => {
    const entry = masked(
      exchange(
        { headers: [{ name: 'Authorization', value: `Bearer ${jwt}` }] },
        { headers: [{ name: 'Content-Type', value: 'application/json' }], body: `{"seen":"${jwt}"}` },
      ),
    );
    expect(JSON.parse(entry.response.content.text ?? '')).toEqual({ seen: `${MASK}.${MASK}.${MASK}` });
    expect(entry.request.headers).toEqual([
      { name: 'Authorization', value: `Bearer ${MASK}.${MASK}.${MASK}` },
    ]);
  });

  it('leaves an entry without credentials as it was, and does not change the entry given', () => {
    const clean = harEntry(
      exchange(
        { headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{"to":"+14155550100"}' },
        { headers: [{ name: 'Content-Type', value: 'application/json' }], body: '{"id":"c-1"}' },
      ),
    );
    const copy = structuredClone(clean);
    expect(maskEntry(clean)).toEqual(copy);
    const dirty = harEntry(exchange({ headers: [{ name: 'X-API-Key', value: apiKey }] }));
    const before = structuredClone(dirty);
    maskEntry(dirty);
    expect(dirty).toEqual(before);
  });

  it("keeps the entry's own fields in place, and their type (a callback's `_webhook`)", () => {
    const { request, ...rest } = exchange({ headers: [{ name: 'Authorization', value: basic }] });
    const callback = harEntry({
      ...rest,
      request: { ...request, webhook: 'numbers/orderNotification' },
      comment: `sent as ${user}`,
    });
    const entry = maskEntry(callback);
    expectTypeOf(entry._webhook).toEqualTypeOf<string>();
    expect(entry._webhook).toBe('numbers/orderNotification');
    expect(Object.keys(entry)).toEqual(Object.keys(callback));
    expect(entry.comment).not.toContain(user);
    expectTypeOf(maskEntry(harEntry(exchange({})))._webhook).toEqualTypeOf<string | undefined>();
  });
});
