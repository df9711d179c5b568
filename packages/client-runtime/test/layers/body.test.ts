import { describe, expect, it } from 'vitest';
import { ResponseBodyError } from '../../src/errors.js';
import { bufferBody, limitBody } from '../../src/layers/body.js';

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
