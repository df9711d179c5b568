import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { offThreadMinBytes } from '../src/json-check-worker.ts';
import { BodyTooLargeError, maxBodyBytes, readRequest } from '../src/request.ts';

/** A received request whose body arrives in the given chunks. */
function incoming(chunks: Buffer[], headers: Record<string, string> = {}): IncomingMessage {
  return asIncoming(Readable.from(chunks), headers);
}

function asIncoming(source: Readable, headers: Record<string, string>): IncomingMessage {
  const message = source as unknown as IncomingMessage;
  Object.assign(message, {
    method: 'post',
    url: '/api/v2/accounts/9900/orders?x=1',
    headers,
    rawHeaders: Object.entries(headers).flat(),
  });
  return message;
}

describe('readRequest', () => {
  it('decodes a body chunk by chunk, also a character whose UTF-8 bytes are split between chunks', async () => {
    const bytes = Buffer.from('<Note>café 😀</Note>', 'utf8');
    // Cut inside the two bytes of é and inside the four bytes of the emoji.
    const cuts = [bytes.indexOf(0xc3) + 1, bytes.indexOf(0xf0) + 2];
    const chunks = [bytes.subarray(0, cuts[0]), bytes.subarray(cuts[0], cuts[1]), bytes.subarray(cuts[1])];
    const request = await readRequest(incoming(chunks, { 'content-type': 'application/xml' }));
    expect(request.body).toBe('<Note>café 😀</Note>');
    expect(request).toMatchObject({ method: 'POST', path: '/api/v2/accounts/9900/orders' });
    expect(request.query.get('x')).toBe('1');
  });

  it('has no body when nothing was sent, and an empty one when an empty chunk was', async () => {
    expect((await readRequest(incoming([]))).body).toBeUndefined();
    expect((await readRequest(incoming([Buffer.alloc(0)]))).body).toBe('');
  });

  it('drops a JSON body past the JSON limits unparsed, reads it to the end and says why', async () => {
    const limits = { maxJsonNodes: 5, maxJsonDepth: 4, maxJsonStringLength: 100 };
    const chunks = [Buffer.from('{"a":1,"b":2,'), Buffer.from('"c":3,"d":4,"e":5}')];
    const json = await readRequest(incoming(chunks, { 'content-type': 'application/json' }), limits);
    expect(json.body).toBeUndefined();
    expect(json.bodyLimit).toContain('more than 5 values');
    // A body without a media type may be JSON; an XML one is not held to these limits.
    expect((await readRequest(incoming(chunks), limits)).bodyLimit).toBeDefined();
    const xml = await readRequest(incoming(chunks, { 'content-type': 'application/xml' }), limits);
    expect(xml.bodyLimit).toBeUndefined();
    expect(xml.body).toBe('{"a":1,"b":2,"c":3,"d":4,"e":5}');
    const small = await readRequest(
      incoming([Buffer.from('{"a":1}')], { 'content-type': 'application/json' }),
      limits,
    );
    expect(small).toMatchObject({ body: '{"a":1}' });
    expect(small.bodyLimit).toBeUndefined();
  });

  it('reads no further once a large body is past a limit, and says why', async () => {
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(offThreadMinBytes, 0x20));
    chunks[1] = Buffer.from('[1,2,3,4,5,6,7,8]'.padEnd(offThreadMinBytes, ' '));
    const headers = { 'content-type': 'application/json', 'content-length': String(20 * offThreadMinBytes) };
    let read = 0;
    const source = Readable.from(
      (async function* () {
        for (const chunk of chunks) {
          // One chunk per turn of the event loop, as a socket gives them.
          await new Promise(setImmediate);
          read++;
          yield chunk;
        }
      })(),
    );
    const limits = { maxJsonNodes: 5, maxJsonDepth: 4, maxJsonStringLength: 100 };
    const request = await readRequest(asIncoming(source, headers), limits);
    expect(request).toMatchObject({ bodyLimit: 'the JSON body holds more than 5 values', unread: true });
    expect(request.body).toBeUndefined();
    expect(read).toBeLessThan(chunks.length);
  });

  it('refuses a body over the limit while it arrives', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const chunks = Array.from({ length: maxBodyBytes / chunk.length + 1 }, () => chunk);
    await expect(readRequest(incoming(chunks))).rejects.toBeInstanceOf(BodyTooLargeError);
  });
});
