import { describe, expect, it } from 'vitest';
import { RedirectError } from '../../src/errors.js';
import { type CrossOriginRedirectPolicy, redirectLayer } from '../../src/layers/redirect.js';
import { context, outgoing, scripted, status } from './support.js';

const layer = (crossOrigin: CrossOriginRedirectPolicy = 'strip-credentials', maxRedirects = 5) =>
  redirectLayer({
    maxRedirects,
    crossOrigin,
    credentialHeaders: ['x-api-key'],
    secrets: () => ['s3cret-key'],
    emit: undefined,
  });

const to =
  (location: string, code = 307) =>
  () =>
    status(code, { location });
const credentials = {
  authorization: 'Basic abc',
  'x-api-key': 's3cret-key',
  cookie: 'a=b',
  accept: 'text/plain',
};

describe('redirect layer', () => {
  // given: the request and the hops; want: what each hop sent
  it.each([
    {
      name: 'same origin keeps credentials',
      method: 'GET',
      hops: [to('/moved')],
      want: [
        {
          url: 'https://api.example.com/moved',
          method: 'GET',
          authorization: 'Basic abc',
          key: 's3cret-key',
        },
      ],
    },
    {
      name: 'another origin drops every credential header',
      method: 'GET',
      hops: [to('https://other.example.com/x')],
      want: [{ url: 'https://other.example.com/x', method: 'GET', authorization: null, key: null }],
    },
    {
      name: 'credentials stay dropped when a later hop comes back',
      method: 'GET',
      hops: [to('https://other.example.com/x'), to('https://api.example.com/back')],
      want: [
        { url: 'https://other.example.com/x', method: 'GET', authorization: null, key: null },
        { url: 'https://api.example.com/back', method: 'GET', authorization: null, key: null },
      ],
    },
    {
      name: '303 turns a POST into a GET',
      method: 'POST',
      hops: [to('/result', 303)],
      want: [
        {
          url: 'https://api.example.com/result',
          method: 'GET',
          authorization: 'Basic abc',
          key: 's3cret-key',
        },
      ],
    },
    {
      name: '307 keeps the method',
      method: 'POST',
      hops: [to('/again', 307)],
      want: [
        {
          url: 'https://api.example.com/again',
          method: 'POST',
          authorization: 'Basic abc',
          key: 's3cret-key',
        },
      ],
    },
  ])('$name', async ({ method, hops, want }) => {
    const next = scripted([...hops, () => status(200)]);
    const body = method === 'POST' ? '{"a":1}' : undefined;
    const response = await layer()(next)(
      outgoing({ method, body, headers: new Headers(credentials) }),
      context(),
    );
    expect(response.status).toBe(200);
    const followed = next.sent.slice(1);
    expect(
      followed.map((hop) => ({
        url: hop.url,
        method: hop.method,
        authorization: hop.headers.get('authorization'),
        key: hop.headers.get('x-api-key'),
      })),
    ).toEqual(want);
    for (const hop of followed) {
      if (hop.url.startsWith('https://other')) expect(hop.headers.get('cookie')).toBeNull();
      if (hop.method === 'GET') expect(hop.body).toBeUndefined();
    }
  });

  it.each([
    {
      name: 'a cross-origin hop when refused',
      policy: 'refuse' as const,
      hops: [to('https://other.example.com/')],
      want: /another origin/,
    },
    {
      name: 'user info in Location',
      policy: 'strip-credentials' as const,
      hops: [to('https://u:pw@api.example.com/')],
      want: /user info/,
    },
    {
      name: 'more than maxRedirects hops',
      policy: 'strip-credentials' as const,
      hops: [to('/1'), to('/2'), to('/3')],
      want: /more than 2 times/,
    },
  ])('refuses $name', async ({ policy, hops, want }) => {
    const next = scripted([...hops, () => status(200)]);
    const pending = layer(policy, 2)(next)(
      outgoing({ url: 'https://api.example.com/s3cret-key' }),
      context(),
    );
    await expect(pending).rejects.toBeInstanceOf(RedirectError);
    await expect(pending).rejects.toThrow(want);
    await expect(pending).rejects.not.toThrow(/s3cret-key|pw@/);
  });
});
