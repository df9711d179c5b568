import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectRecordingFiles,
  HarFormatError,
  readAttachment,
  readRecordingChunks,
  readZipRecording,
  zipLimits,
} from '../src/index.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'har-zip-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const har = JSON.stringify({ log: { version: '1.2', entries: [{ request: {} }] } });

async function zipFile(name: string, files: Record<string, Uint8Array>): Promise<string> {
  const path = join(scratch, name);
  await writeFile(path, zipSync(files, { level: 9 }));
  return path;
}

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(HarFormatError);
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe("Playwright's .zip recording", () => {
  it('is read: its HAR through readRecordingChunks, its attachments by name', async () => {
    const path = await zipFile('session.zip', { 'har.har': strToU8(har), 'ab12.json': strToU8('{"id":1}') });
    const chunks: Buffer[] = [];
    for await (const chunk of readRecordingChunks(path)) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString('utf8')).toBe(har);
    expect(readAttachment(path, 'ab12.json', 100)).toEqual({ ok: true, text: '{"id":1}' });
    expect(readAttachment(path, 'ab12.json', 7)).toMatchObject({ ok: false, reason: 'too-large', bytes: 8 });
    expect(readAttachment(path, 'missing.json', 100)).toEqual({
      ok: false,
      reason: 'missing',
      detail: 'not there',
    });
  });

  it('is a recording of a folder, never silently left out', async () => {
    const folder = join(scratch, 'folder');
    await mkdir(folder);
    await writeFile(join(folder, 'session.zip'), zipSync({ 'har.har': strToU8(har) }));
    expect((await collectRecordingFiles([folder])).files).toEqual([join(folder, 'session.zip')]);
  });

  it('refuses a zip bomb by the bytes it inflates, whatever sizes the archive claims', async () => {
    const zeros = new Uint8Array(4 * 1024 * 1024);
    const bytes = zipSync({ 'har.har': strToU8(har), 'big.json': zeros }, { level: 9 });
    // The local header of big.json claims 10 bytes inflated: the count is of the bytes inflated.
    const view = Buffer.from(bytes);
    const at = view.indexOf('big.json') - 30;
    view.writeUInt32LE(10, at + 22);
    const path = join(scratch, 'bomb.zip');
    await writeFile(path, view);
    const limits = { ...zipLimits, maxInflatedBytes: 1024 * 1024 };
    expect(refusal(() => readZipRecording(path, limits))).toMatch(
      /inflate past 1048576 bytes, refused as a possible zip bomb; unpack it \(unzip FILE.zip -d FOLDER\)/,
    );
    expect(readZipRecording(path, { ...limits, maxInflatedBytes: 8 * 1024 * 1024 }).harName).toBe('har.har');
  });

  it('refuses too many files, an archive too large, no .har or several, and what is not a zip', async () => {
    const many = await zipFile(
      'many.zip',
      Object.fromEntries(['har.har', 'a', 'b', 'c'].map((name) => [name, strToU8('{}')])),
    );
    expect(refusal(() => readZipRecording(many, { ...zipLimits, maxFiles: 3 }))).toMatch(
      /more than 3 files, refused as a possible zip bomb/,
    );
    expect(readZipRecording(many, { ...zipLimits, maxFiles: 4 }).files.size).toBe(4);
    expect(refusal(() => readZipRecording(many, { ...zipLimits, maxZipBytes: 10 }))).toMatch(
      /past the 10 read/,
    );
    const none = await zipFile('none.zip', { 'a.json': strToU8('{}') });
    expect(refusal(() => readZipRecording(none))).toMatch(/holds no \.har/);
    const two = await zipFile('two.zip', { 'a.har': strToU8(har), 'b.har': strToU8(har) });
    expect(refusal(() => readZipRecording(two))).toMatch(/holds 2 \.har files \(a\.har, b\.har\)/);
    const text = join(scratch, 'text.zip');
    await writeFile(text, har);
    expect(refusal(() => readZipRecording(text))).toMatch(/named \.zip but not a zip archive/);
  });
});
