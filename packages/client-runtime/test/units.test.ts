import { defaultPathSerializer } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  acceptsCredentials,
  backoffDelay,
  basicAuth,
  bearerAuth,
  ConfigurationError,
  checkBaseUrl,
  headerAuth,
  InvalidRequestError,
  isCredentialHeader,
  type OperationInfo,
  parseRetryAfter,
  REDACTED,
  redactHeaders,
  redactText,
  redactUrl,
  redactValue,
  TypedApiError,
} from '../src/index.js';
import { createPathSerializer } from '../src/path-serializer.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  it('reads delay-seconds', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });
  it('reads an HTTP date relative to now', () => {
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5_000);
  });
  it('never returns a negative wait for a past date', () => {
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:59:00 GMT', now)).toBe(0);
  });
  it('gives undefined for an absent or unreadable value', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  const options = { baseDelayMs: 100, maxDelayMs: 1_000 };
  it('doubles the ceiling with each retry', () => {
    const top = () => 0.999999;
    expect(backoffDelay(1, options, top)).toBe(99);
    expect(backoffDelay(2, options, top)).toBe(199);
    expect(backoffDelay(3, options, top)).toBe(399);
  });
  it('never exceeds maxDelayMs', () => {
    expect(backoffDelay(20, options, () => 0.999999)).toBeLessThan(1_000);
  });
  it('is jittered down to zero', () => {
    expect(backoffDelay(3, options, () => 0)).toBe(0);
    expect(backoffDelay(3, options, () => 0.5)).toBe(200);
  });
});

describe('redaction', () => {
  it('redacts credential headers, standard and custom, keeping the Authorization scheme word', () => {
    const headers = new Headers({
      Authorization: 'Bearer abc.def',
      'X-SVC-AGENTS-API-KEY': 'key-123',
      'X-SVC-ORGANIZATION-ID': '42',
      'Content-Type': 'application/json',
    });
    expect(redactHeaders(headers, ['x-svc-organization-id'])).toEqual({
      authorization: `Bearer ${REDACTED}.${REDACTED}`,
      'x-svc-agents-api-key': REDACTED,
      'x-svc-organization-id': REDACTED,
      'content-type': 'application/json',
    });
    expect(REDACTED).toBe('REDACTED');
  });
  it('keeps ordinary headers', () => {
    expect(isCredentialHeader('accept')).toBe(false);
    expect(isCredentialHeader('x-svc-organization-id')).toBe(false);
    expect(isCredentialHeader('x-svc-organization-id', ['X-SVC-ORGANIZATION-ID'])).toBe(true);
    expect(redactHeaders({ Accept: 'application/json' })).toEqual({ accept: 'application/json' });
  });
  it('removes user info and credential-like query values from URLs, sig included', () => {
    expect(redactUrl('https://user:pw@api.example.com/x?api_key=s3cret&page=2&sig=abcd')).toBe(
      `https://api.example.com/x?api_key=${REDACTED}&page=2&sig=${REDACTED}`,
    );
    expect(redactUrl('not a url')).toBe('(unparsable URL)');
  });
  it('replaces secrets in text and nested values', () => {
    expect(redactText('token abcd1234 leaked', ['abcd1234'])).toBe(`token ${REDACTED} leaked`);
    expect(redactValue({ a: ['x abcd1234'], b: 3 }, ['abcd1234'])).toEqual({ a: [`x ${REDACTED}`], b: 3 });
  });
  it('replaces URL-encoded secrets, and the user id and password behind Basic credentials', () => {
    const encoded = btoa('client-7781:pass word+1');
    const text = `user client-7781 sent pass%20word%2B1 and ${encoded} and 12345678`;
    expect(redactText(text, ['pass word+1', encoded, '12345678'])).toBe(
      `user ${REDACTED} sent ${REDACTED} and ${REDACTED} and ${REDACTED}`,
    );
  });
  it('leaves very short values alone (they are not secrets and would mangle text)', () => {
    expect(redactText('organization 7', ['7'])).toBe('organization 7');
  });
});

describe('ApiError', () => {
  it('says what failed, keeps origin and path only, and reads the request id header', () => {
    const error = new ApiError({
      service: 'Voice',
      status: 409,
      body: { type: 'validation' },
      method: 'POST',
      url: 'https://user:pw@voice.example.com/api/v2/calls/c-1?to=%2B1415',
      headers: new Headers({ 'x-request-id': 'req-9', 'retry-after': '3' }),
      detail: 'cannot be modified',
    });
    expect(error.message).toBe(
      'Voice API answered 409 to POST https://voice.example.com/api/v2/calls/c-1: cannot be modified (request id req-9)',
    );
    expect(error.url).toBe('https://voice.example.com/api/v2/calls/c-1');
    expect(error.requestId).toBe('req-9');
    expect(error.retryAfter).toBe('3');
    expect(error.body).toEqual({ type: 'validation' });
  });
  it('never carries a credential the server echoed', () => {
    const error = new ApiError({
      service: 'Agents',
      status: 401,
      body: { detail: 'bad key sk-live-123456' },
      method: 'GET',
      url: 'https://agents.example.com/x',
      headers: new Headers(),
      detail: 'bad key sk-live-123456',
      secrets: ['sk-live-123456'],
    });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('sk-live-123456');
    expect(error.message).toContain(REDACTED);
  });
  it('types the body by status', () => {
    type Responses = { status: 409; body: { type: 'validation' } } | { status: 429; body: { type: 'error' } };
    const error = new TypedApiError<Responses>({
      service: 'Voice',
      status: 409,
      body: { type: 'validation' },
      method: 'POST',
      url: 'https://voice.example.com/',
      headers: new Headers(),
    });
    expect(error.hasStatus(409) && error.body.type).toBe('validation');
    expect(error.hasStatus(429)).toBe(false);
  });
});

describe('authenticators', () => {
  it('encodes Basic credentials as UTF-8', async () => {
    const headers = new Headers();
    await basicAuth({ username: 'ü', password: 'pässword' }).apply(headers, { forceRefresh: false });
    expect(headers.get('authorization')).toBe(`Basic ${Buffer.from('ü:pässword').toString('base64')}`);
  });
  it('refuses incomplete or unsafe Basic credentials without echoing them', () => {
    expect(() => basicAuth({ username: '', password: 'x' })).toThrow(ConfigurationError);
    expect(() => basicAuth({ username: 'a:b', password: 'x' })).toThrow(/cannot contain ":"/);
    expect(() => basicAuth({ username: 'a', password: 'line\nbreak-secret' })).toThrow(ConfigurationError);
    try {
      basicAuth({ username: 'a', password: 'line\nbreak-secret' });
    } catch (error) {
      expect((error as Error).message).not.toContain('break-secret');
    }
  });
  it('asks the token provider before each request and passes forceRefresh', async () => {
    const seen: boolean[] = [];
    const auth = bearerAuth(({ forceRefresh }) => {
      seen.push(forceRefresh);
      return forceRefresh ? 'fresh-token' : 'cached-token';
    });
    const headers = new Headers();
    await auth.apply(headers, { forceRefresh: false });
    expect(headers.get('authorization')).toBe('Bearer cached-token');
    await auth.apply(headers, { forceRefresh: true });
    expect(headers.get('authorization')).toBe('Bearer fresh-token');
    expect(seen).toEqual([false, true]);
    expect(auth.secrets()).toEqual(['fresh-token']);
  });
  it('refuses an empty token or a token with a line break', async () => {
    await expect(bearerAuth(() => '').apply(new Headers(), { forceRefresh: false })).rejects.toThrow(
      /empty token/,
    );
    await expect(bearerAuth(() => 'a\r\nX: y').apply(new Headers(), { forceRefresh: false })).rejects.toThrow(
      ConfigurationError,
    );
  });
  it('sets fixed headers and reports only the secret ones', async () => {
    const auth = headerAuth({ 'X-Key': 'key-value', 'X-Org': '7' }, ['X-Key']);
    const headers = new Headers();
    await auth.apply(headers, { forceRefresh: false });
    expect(headers.get('x-key')).toBe('key-value');
    expect(headers.get('x-org')).toBe('7');
    expect(auth.secrets()).toEqual(['key-value']);
    expect(auth.headerNames).toEqual(['x-key', 'x-org']);
  });
  it('declares as fixedHeaders exactly what Basic and header auth apply', async () => {
    for (const auth of [
      basicAuth({ username: 'user', password: 'pw-secret' }),
      headerAuth({ 'X-Key': 'key-value', 'X-Org': '7' }, ['X-Key']),
    ]) {
      const applied = new Headers();
      await auth.apply(applied, { forceRefresh: false });
      const entries = (headers: Headers): Array<[string, string]> => {
        const list: Array<[string, string]> = [];
        headers.forEach((value, name) => {
          list.push([name, value]);
        });
        return list;
      };
      expect(entries(new Headers(auth.fixedHeaders))).toEqual(entries(applied));
      expect(entries(applied).length).toBeGreaterThan(0);
      expect(Object.isFrozen(auth.fixedHeaders)).toBe(true);
    }
  });
  it('declares no fixedHeaders for a token provider, whose token changes', () => {
    expect(bearerAuth(() => 'token').fixedHeaders).toBeUndefined();
  });
});

describe('createPathSerializer', () => {
  const base = 'https://api.example.com/v1';
  const cases: Array<[string, Record<string, unknown>]> = [
    [`${base}/accounts/{accountId}/calls/{callId}`, { accountId: '99 00/1', callId: 'c-1?x=ü' }],
    [`${base}/items/{id}/again/{id}`, { id: 7 }],
    [`${base}/flags/{on}`, { on: true }],
    [`${base}/list/{ids}`, { ids: ['a', 'b c'] }],
    [`${base}/explode/{ids*}`, { ids: ['a', 'b'] }],
    [`${base}/label/{.id}`, { id: 'x y' }],
    [`${base}/matrix/{;id}`, { id: 'x' }],
    [`${base}/object/{filter}`, { filter: { a: '1', b: '2' } }],
    [`${base}/plain`, {}],
  ];
  it.each(cases)('builds %s as openapi-fetch does', (template, params) => {
    const serialize = createPathSerializer();
    // Twice: the second call reads the template from the cache.
    expect(serialize(template, params)).toBe(defaultPathSerializer(template, params));
    expect(serialize(template, params)).toBe(defaultPathSerializer(template, params));
  });
  // Issue 41: `hangUpCall('..')` posted to /api/v2/accounts/9900000/ (the URL parser climbed the `..`).
  it.each<[string, Record<string, unknown>, string]>([
    [`${base}/calls/{id}`, { id: '..' }, 'path parameter id is ".."'],
    [`${base}/calls/{id}`, { id: '.' }, 'path parameter id is "."'],
    [`${base}/calls/{id}`, { id: '' }, 'path parameter id is ""'],
    [`${base}/missing/{id}`, {}, 'path parameter id is missing'],
    [`${base}/null/{id}`, { id: null }, 'path parameter id is missing'],
    [`${base}/list/{ids}`, { ids: ['..'] }, 'would change the path'],
    [`${base}/label/{.id}`, { id: undefined }, 'path parameter .id is missing'],
  ])('refuses %s with %j: %s', (template, params, reason) => {
    const serialize = createPathSerializer();
    expect(() => serialize(template, params)).toThrow(InvalidRequestError);
    expect(() => serialize(template, params)).toThrow(reason);
  });
  it('keeps /, ?, #, % and dots inside a longer value in the segment', () => {
    const serialize = createPathSerializer();
    expect(serialize(`${base}/calls/{id}`, { id: '../x?y#z%' })).toBe(`${base}/calls/..%2Fx%3Fy%23z%25`);
    expect(new URL(serialize(`${base}/calls/{id}`, { id: '...' })).pathname).toBe('/v1/calls/...');
    expect(new URL(serialize(`${base}/calls/{id}`, { id: '..%2F' })).pathname).toBe('/v1/calls/..%252F');
    expect(new URL(serialize(`${base}/calls/{id}`, { id: '%2e%2E' })).pathname).toBe('/v1/calls/%252e%252E');
  });
  it('fills a remembered template with each call’s own values', () => {
    const serialize = createPathSerializer();
    const template = `${base}/items/{id}`;
    expect(serialize(template, { id: 1 })).toBe(`${base}/items/1`);
    expect(serialize(template, { id: 'a/b' })).toBe(`${base}/items/a%2Fb`);
    expect(serialize(template, { id: ['x', 'y'] })).toBe(`${base}/items/x,y`);
  });
});

describe('acceptsCredentials', () => {
  const info = (security: string[][]): OperationInfo => ({
    method: 'GET',
    path: '/x',
    security,
    serverSideOnly: false,
    requires: [],
  });
  it('accepts exactly one alternative under x-security-exclusive', () => {
    const op = info([['bearerAuth'], ['apiKey', 'orgId']]);
    expect(acceptsCredentials(op, ['bearerAuth'], true)).toBe(true);
    expect(acceptsCredentials(op, ['apiKey', 'orgId'], true)).toBe(true);
  });
  it('refuses a missing scheme, or extra schemes when exclusive', () => {
    expect(acceptsCredentials(info([['bearerAuth']]), ['apiKey', 'orgId'], true)).toBe(false);
    expect(acceptsCredentials(info([['apiKey', 'orgId']]), ['apiKey'], true)).toBe(false);
    expect(acceptsCredentials(info([['bearerAuth']]), ['bearerAuth', 'apiKey'], true)).toBe(false);
    expect(acceptsCredentials(info([['bearerAuth']]), ['bearerAuth', 'apiKey'], false)).toBe(true);
  });
  it('accepts anything for an operation without security or with an anonymous alternative', () => {
    expect(acceptsCredentials(info([]), ['x'], true)).toBe(true);
    expect(acceptsCredentials(info([['basic'], []]), [], true)).toBe(true);
  });
});

describe('checkBaseUrl', () => {
  it('accepts http(s) URLs and drops the trailing slash', () => {
    expect(checkBaseUrl('https://api.example.com/')).toBe('https://api.example.com');
    expect(checkBaseUrl('http://127.0.0.1:4010/prefix/')).toBe('http://127.0.0.1:4010/prefix');
  });
  it('refuses anything else', () => {
    expect(() => checkBaseUrl(undefined)).toThrow(ConfigurationError);
    expect(() => checkBaseUrl('api.example.com')).toThrow(/absolute URL/);
    expect(() => checkBaseUrl('ftp://api.example.com')).toThrow(/http or https/);
    expect(() => checkBaseUrl('https://u:p@api.example.com')).toThrow(/user info/);
    expect(() => checkBaseUrl('https://api.example.com/?a=1')).toThrow(/query/);
  });
});
