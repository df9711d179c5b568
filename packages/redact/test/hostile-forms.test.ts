import { toBase64 } from '@svc-contracts/har';
import { describe, expect, it } from 'vitest';
import { collectSecrets, MASK, maskBody, maskUrl, SecretRegistry } from '../src/index.js';

/** A key with characters every encoding changes (`+`, `/`, `=`), and the forms a server may echo it in. */
const key = 'sk_live+4f3a/9c2e=8b7d';
const pct = encodeURIComponent;
const b64url = (text: string): string =>
  toBase64(text).replace(/=+$/, '').replaceAll('+', '-').replaceAll('/', '_');

/** given: how the server echoes the key; want: what a recording and an error message show instead. */
const forms: { form: string; given: string; want: string }[] = [
  { form: 'raw', given: `invalid key ${key}`, want: `invalid key ${MASK}` },
  { form: 'after Bearer%20', given: `Bearer%20${pct(key)}`, want: `Bearer%20${MASK}` },
  {
    form: 'after %3D',
    given: `/login?next=%2Fapi%3Ftoken%3D${pct(key)}`,
    want: `/login?next=%2Fapi%3Ftoken%3D${MASK}`,
  },
  { form: 'after %3A', given: `key%3A${pct(key)}`, want: `key%3A${MASK}` },
  { form: 'percent-encoded twice', given: `next%253D${pct(pct(key))}`, want: `next%253D${MASK}` },
  { form: 'lower-case hex', given: `k=${pct(key).toLowerCase()}`, want: `k=${MASK}` },
  { form: 'form-encoded', given: `k=${pct(`${key} x`).replaceAll('%20', '+')}`, want: `k=${MASK}+x` },
  { form: 'JSON-escaped', given: JSON.stringify({ echo: key }), want: `{"echo":"${MASK}"}` },
  { form: 'JSON with \\/', given: `{"echo":"${key.replaceAll('/', '\\/')}"}`, want: `{"echo":"${MASK}"}` },
  {
    form: 'JSON in a JSON string',
    given: JSON.stringify(JSON.stringify({ key })),
    want: JSON.stringify(JSON.stringify({ key: MASK })),
  },
  { form: 'after \\u003d', given: `token\\u003d${key}`, want: `token\\u003d${MASK}` },
  {
    form: 'after a JSON \\n',
    given: JSON.stringify(`line\r\n${key}`),
    want: JSON.stringify(`line\r\n${MASK}`),
  },
  { form: 'XML-escaped', given: `<Key>${key}</Key>`, want: `<Key>${MASK}</Key>` },
  { form: 'base64', given: `echo ${toBase64(key)}`, want: `echo ${MASK}` },
  { form: 'base64 unpadded', given: `echo ${toBase64(key).replace(/=+$/, '')}.`, want: `echo ${MASK}.` },
  {
    form: 'inside base64',
    given: `state=${toBase64(`{"key":"${key}"}`)}`,
    want: `state=${toBase64(`{"key":"${MASK}"}`)}`,
  },
  {
    form: 'inside base64url',
    given: `state=${b64url(`user key ${key}`)}`,
    want: `state=${b64url(`user key ${MASK}`)}`,
  },
];

describe('a secret in every encoding a server may echo', () => {
  for (const keepSyntax of [true, false]) {
    const place = keepSyntax ? 'recording (syntax kept)' : 'error message (bare mask)';
    it.each(forms)(`${place}: $form`, ({ given, want }) => {
      expect(new SecretRegistry({ keepSyntax }).add(key).mask(given)).toBe(want);
    });
  }

  it('still leaves a value alone inside a longer word', () => {
    const secrets = new SecretRegistry().add('user');
    expect(secrets.mask('/v2/users/u-1 %3Auser')).toBe(`/v2/users/u-1 %3A${MASK}`);
    expect(secrets.mask('plain text with no base64 runs longer')).toBe(
      'plain text with no base64 runs longer',
    );
  });
});

describe('secrets by name in hostile bodies', () => {
  it('masks multipart form fields named like secrets, and JSON inside a part', () => {
    const boundary = 'XyZ123';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="username"',
      '',
      'bob',
      `--${boundary}`,
      'Content-Disposition: form-data; name="password"',
      '',
      'hunter2-secret',
      `--${boundary}`,
      'Content-Disposition: form-data; name="meta"',
      'Content-Type: application/json',
      '',
      '{"client_secret":"cs-98765"}',
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const masked = maskBody(body, `multipart/form-data; boundary=${boundary}`);
    expect(masked).not.toContain('hunter2-secret');
    expect(masked).not.toContain('cs-98765');
    expect(masked).toContain('bob');
    expect(masked).toBe(
      body.replace('hunter2-secret', `${MASK}-${MASK}`).replace('cs-98765', `${MASK}-${MASK}`),
    );
    // Without a boundary parameter the first line gives it away.
    expect(maskBody(body, undefined)).not.toContain('hunter2-secret');
    const secrets = collectSecrets({ body, contentType: `multipart/form-data; boundary=${boundary}` });
    expect(secrets.mask('echo hunter2-secret')).toBe(`echo ${MASK}`);
  });

  it.each([
    { given: '{"password":"hunter2"', why: 'truncated' },
    { given: '{"password":"hunter2", oops}', why: 'invalid after the secret' },
    { given: '{"password": hunter2}', why: 'unquoted value' },
    { given: '{"user":"bob","password":"hunter2","password":"other12"}', why: 'duplicate keys' },
    { given: '[{"a":1},{"nested":{"api_key":["hunter2"]}}', why: 'nested and cut off' },
  ])('masks malformed JSON, and knows its secrets by value: $why', ({ given }) => {
    const masked = maskBody(given, 'application/json');
    expect(masked).not.toMatch(/hunter2|other12/);
    const echoed = collectSecrets({ body: given, contentType: 'application/json' }).mask('hunter2 other12');
    expect(echoed).toBe(given.includes('other12') ? `${MASK} ${MASK}` : `${MASK} other12`);
  });

  it('keeps JSON byte for byte around a masked value (whitespace, key order, duplicates)', () => {
    const given = '{ "password" : "hunter2",\n  "password": 12345, "token_type": "Bearer", "ok": true }';
    expect(maskBody(given, 'application/json')).toBe(
      `{ "password" : "${MASK}",\n  "password": 0, "token_type": "Bearer", "ok": true }`,
    );
  });

  it('masks a credential inside an encoded URL in a query (a redirect target), once or twice encoded', () => {
    expect(maskUrl('/login?next=%2Fapi%3Ftoken%3Dk-1234&x=1')).toBe(
      `/login?next=${pct(`/api?token=${MASK}`)}&x=1`,
    );
    expect(maskUrl('/login?next=%252Fapi%253Fapi_key%253Dk-1234')).toBe(
      `/login?next=${pct(pct(`/api?api_key=${MASK}`))}`,
    );
    expect(maskUrl('/login?next=%2Fhome%3Fpage%3D2')).toBe('/login?next=%2Fhome%3Fpage%3D2');
  });
});

describe('secrets in malformed XML', () => {
  it.each([
    { given: '<Login><Password>hunter2', want: `<Login><Password>${MASK}` },
    {
      given: '<Login><s:Password a="1">hunter2<User>bob</User>',
      want: `<Login><s:Password a="1">${MASK}<User>bob</User>`,
    },
    {
      given: '<L><Password>ok1</Password><Password>hunter2',
      want: `<L><Password>${MASK}</Password><Password>${MASK}`,
    },
    { given: '<L><Name>bob', want: '<L><Name>bob' },
  ])('$given', ({ given, want }) => {
    expect(maskBody(given, 'application/xml')).toBe(want);
    if (given.includes('hunter2')) {
      expect(collectSecrets({ body: given, contentType: 'application/xml' }).mask('x hunter2')).toBe(
        `x ${MASK}`,
      );
    }
  });
});
