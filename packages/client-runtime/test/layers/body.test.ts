import { describe, expect, it } from 'vitest';
import { ResponseBodyError } from '../../src/errors.js';
import { BufferedResponse, bufferBody, limitBody } from '../../src/layers/body.js';

const limit = { limitBytes: 10, method: 'GET', url: 'https://api.example.com/items', secrets: () => [] };

/** A body without a declared length (as chunked or compressed answers come). */
function streamed(text: string): Response {
  const bytes = new TextEncoder().encode(text);
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
  );
}

describe('body limit', () => {
  // given: the answer; want: its text, or the error of reading it
  it.each([
    {
      name: 'a declared length within the limit',
      answer: () => new Response('0123456789', { headers: { 'content-length': '10' } }),
      want: '0123456789',
    },
    { name: 'a counted body within the limit', answer: () => streamed('01234'), want: '01234' },
    { name: 'a counted body past the limit', answer: () => streamed('0123456789A'), want: ResponseBodyError },
    { name: 'no body at all', answer: () => new Response(null, { status: 204 }), want: '' },
  ])('$name', async ({ answer, want }) => {
    const read = limitBody(answer(), limit)
      .then((response) => response.text())
      .catch((error: unknown) => error);
    if (typeof want === 'string') expect(await read).toBe(want);
    else expect(await read).toBeInstanceOf(want);
  });

  it('refuses a declared length over the limit before reading, naming the limit', async () => {
    const answer = new Response('01234567890', { headers: { 'content-length': '11' } });
    const caught = await limitBody(answer, limit).catch((error: unknown) => error);
    expect(caught).toBeInstanceOf(ResponseBodyError);
    expect(caught).toMatchObject({ problem: 'too-large', limitBytes: 10, status: 200 });
  });

  it('hands on an answer that declares its length within the limit as it is (no copy)', async () => {
    const answer = new Response('0123456789', { headers: { 'content-length': '10' } });
    expect(await limitBody(answer, limit)).toBe(answer);
  });

  it('joins a body that comes in several chunks', async () => {
    const parts = ['{"a":', '[1,2', ']}'].map((part) => new TextEncoder().encode(part));
    const answer = new Response(
      new ReadableStream({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    );
    expect(await (await limitBody(answer, { ...limit, limitBytes: 100 })).json()).toEqual({ a: [1, 2] });
  });

  it('buffers a body so that it reads without the network, keeping status and URL', async () => {
    const answer = streamed('{"a":1}');
    Object.defineProperty(answer, 'url', { value: 'https://api.example.com/items' });
    const copy = await bufferBody(answer, { ...limit, limitBytes: Number.POSITIVE_INFINITY });
    expect(copy.url).toBe('https://api.example.com/items');
    expect(await copy.json()).toEqual({ a: 1 });
  });
});

describe('a buffered answer reads like any Response', () => {
  const from = (): Response => {
    const answer = new Response('{"a":1}', {
      status: 201,
      statusText: 'Created',
      headers: { 'content-type': 'application/json' },
    });
    Object.defineProperty(answer, 'url', { value: 'https://api.example.com/items/1' });
    return answer;
  };
  const buffered = (): Response =>
    new BufferedResponse(new TextEncoder().encode('{"a":1}'), from()) as unknown as Response;

  // given: how the body is read; want: what it reads
  it.each([
    { name: 'text()', read: (r: Response) => r.text(), want: '{"a":1}' },
    { name: 'json()', read: (r: Response) => r.json(), want: { a: 1 } },
    {
      name: 'arrayBuffer()',
      read: async (r: Response) => new TextDecoder().decode(await r.arrayBuffer()),
      want: '{"a":1}',
    },
    {
      name: 'blob()',
      read: async (r: Response) => {
        const blob = await r.blob();
        return [blob.type, await blob.text()];
      },
      want: ['application/json', '{"a":1}'],
    },
    { name: 'the body stream', read: (r: Response) => new Response(r.body).text(), want: '{"a":1}' },
    { name: 'a clone', read: (r: Response) => r.clone().json(), want: { a: 1 } },
    {
      name: 'a clone after the body stream was asked for',
      read: async (r: Response) => {
        void r.body;
        return [await r.clone().text(), await r.text()];
      },
      want: ['{"a":1}', '{"a":1}'],
    },
  ])('$name', async ({ read, want }) => {
    expect(await read(buffered())).toEqual(want);
  });

  it('keeps status, status text, headers, URL and instanceof Response', () => {
    const response = buffered();
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.statusText, response.ok, response.url]).toEqual([
      201,
      'Created',
      true,
      'https://api.example.com/items/1',
    ]);
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('reads once, as any Response: a second read fails and bodyUsed says so', async () => {
    const response = buffered();
    expect(response.bodyUsed).toBe(false);
    await response.text();
    expect(response.bodyUsed).toBe(true);
    await expect(response.json()).rejects.toBeInstanceOf(TypeError);
  });

  it('a malformed JSON body rejects with a SyntaxError (mapped to a malformed body by the transport)', async () => {
    const response = new BufferedResponse(new TextEncoder().encode('{"a":'), from()) as unknown as Response;
    await expect(response.json()).rejects.toBeInstanceOf(SyntaxError);
  });
});
