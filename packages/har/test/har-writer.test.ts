import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Exchange, HarWriter, harDocument, harEntry } from '../src/index.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'har-writer-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const creator = { name: 'test', version: '1.0.0' };

function exchange(index: number): Exchange {
  return {
    startedDateTime: '2025-03-14T09:30:00.000Z',
    timings: { send: 1, wait: 20 + index, receive: 2 },
    request: {
      method: 'POST',
      url: `https://messaging.example.com/v2/users/9900000/messages?n=${index}`,
      headers: [{ name: 'Content-Type', value: 'application/json; charset=utf-8' }],
      body: '{"text":"hi"}',
    },
    response: {
      status: 202,
      statusText: 'Accepted',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: '{"id":"m1"}',
    },
  };
}

describe('HarWriter', () => {
  it('keeps the file a complete HAR after every entry, formatted as JSON.stringify does', async () => {
    const path = join(dir, 'out.har');
    const writer = await HarWriter.create(path, { creator });
    const written = [];
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(harDocument(creator, []));
    for (let index = 0; index < 3; index++) {
      const entry = harEntry(exchange(index));
      written.push(entry);
      await writer.append(entry);
      // Read while the writer is still open: this is what a crash right now would leave behind.
      expect(await readFile(path, 'utf8')).toBe(
        `${JSON.stringify(harDocument(creator, written), null, 2)}\n`,
      );
    }
    await writer.close();
    expect(writer.entries).toBe(3);
  });

  it('refuses to replace an existing file unless told to', async () => {
    const path = join(dir, 'existing.har');
    await writeFile(path, 'earlier recording');
    await expect(HarWriter.create(path, { creator })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path, 'utf8')).toBe('earlier recording');
    const writer = await HarWriter.create(path, { creator, overwrite: true });
    await writer.close();
    expect(JSON.parse(await readFile(path, 'utf8')).log.entries).toEqual([]);
  });

  it('refuses entries after close', async () => {
    const writer = await HarWriter.create(join(dir, 'closed.har'), { creator });
    await writer.close();
    await expect(writer.append(harEntry(exchange(0)))).rejects.toThrow('closed');
  });
});

describe('harEntry', () => {
  it('writes HAR 1.2 fields: query string, form params, content size and compression', () => {
    const entry = harEntry({
      ...exchange(0),
      request: {
        method: 'POST',
        url: 'https://token.example.com/api/v1/oauth2/token?x=1',
        headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
        body: 'grant_type=client_credentials&scope=voice.webrtc',
      },
      response: {
        status: 200,
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: '{"a":1}',
        transferredSize: 5,
      },
    }) as unknown as { request: Record<string, unknown>; response: Record<string, unknown> };
    expect(entry.request.queryString).toEqual([{ name: 'x', value: '1' }]);
    expect(entry.request.postData).toEqual({
      mimeType: 'application/x-www-form-urlencoded',
      params: [
        { name: 'grant_type', value: 'client_credentials' },
        { name: 'scope', value: 'voice.webrtc' },
      ],
      text: 'grant_type=client_credentials&scope=voice.webrtc',
    });
    expect(entry.response.content).toEqual({
      size: 7,
      compression: 2,
      mimeType: 'application/json',
      text: '{"a":1}',
    });
    expect(entry.response.bodySize).toBe(5);
  });
});

describe('harEntry for a relative URL (a mock request log)', () => {
  it('still lists the query string', () => {
    const entry = harEntry({ ...exchange(0), request: { method: 'GET', url: '/x?a=1&b=2', headers: [] } });
    expect(entry.request.queryString).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
    ]);
    expect(entry.request.bodySize).toBe(0);
    expect(entry.request.postData).toBeUndefined();
  });
});
