import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAttachment } from '../src/index.js';

// A recording's folder beside a folder outside it, with each hostile kind of `_file`.
const root = mkdtempSync(join(tmpdir(), 'har-attachment-'));
const folder = join(root, 'recording');
const har = join(folder, 'session.har');
mkdirSync(join(folder, 'sub'), { recursive: true });
writeFileSync(har, '{}');
writeFileSync(join(root, 'secret.txt'), 'root:x:0:0');
writeFileSync(join(folder, 'body.json'), '{"a":1}');
writeFileSync(join(folder, 'sub', 'inner.json'), '{"b":2}');
writeFileSync(join(folder, 'big.json'), '"0123456789"');
symlinkSync(join(folder, 'sub', 'inner.json'), join(folder, 'inside-link.json'));
symlinkSync(join(root, 'secret.txt'), join(folder, 'outside.json'));
symlinkSync('/dev/zero', join(folder, 'zero.bin'));
symlinkSync(join(folder, 'loop-a'), join(folder, 'loop-b'));
symlinkSync(join(folder, 'loop-b'), join(folder, 'loop-a'));
execFileSync('mkfifo', [join(folder, 'fifo.json')]);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('readAttachment', () => {
  const rows: Array<{ name: string; file: string; max?: number; want: Record<string, unknown> }> = [
    { name: 'a regular file next to the HAR', file: 'body.json', want: { ok: true, text: '{"a":1}' } },
    {
      name: 'a link to a file inside the folder',
      file: 'inside-link.json',
      want: { ok: true, text: '{"b":2}' },
    },
    {
      name: 'a file of exactly the limit',
      file: 'big.json',
      max: 12,
      want: { ok: true, text: '"0123456789"' },
    },
    { name: 'no such file', file: 'gone.json', want: { ok: false, reason: 'missing', detail: 'ENOENT' } },
    {
      name: 'a FIFO (would block for ever)',
      file: 'fifo.json',
      want: { ok: false, reason: 'refused', detail: 'not a regular file (a FIFO)' },
    },
    {
      name: 'a link to /dev/zero (would never end)',
      file: 'zero.bin',
      want: { ok: false, reason: 'refused', detail: "a symbolic link that leads out of the HAR's folder" },
    },
    {
      name: 'a link to a file outside the folder',
      file: 'outside.json',
      want: { ok: false, reason: 'refused', detail: "a symbolic link that leads out of the HAR's folder" },
    },
    {
      name: 'a loop of links',
      file: 'loop-a',
      want: { ok: false, reason: 'refused', detail: 'a loop of symbolic links' },
    },
    {
      name: 'a folder',
      file: 'sub',
      want: { ok: false, reason: 'refused', detail: 'not a regular file (a folder)' },
    },
    {
      name: 'a file one byte over the limit',
      file: 'big.json',
      max: 11,
      want: { ok: false, reason: 'too-large', bytes: 12, detail: '12 bytes, over the limit of 11' },
    },
  ];
  it.each(rows)('$name', ({ file, max, want }) => {
    const read = readAttachment(har, file, max ?? 1024);
    expect(read).toEqual(want);
    // Nothing of the file outside reaches a refusal.
    expect(JSON.stringify(read)).not.toContain('root:x');
  });

  it('refuses a device inside the folder by what the opened descriptor is', () => {
    // /dev itself as the recording's folder: the device's real path is inside it.
    expect(readAttachment('/dev/session.har', 'zero', 1024)).toEqual({
      ok: false,
      reason: 'refused',
      detail: 'not a regular file (a device)',
    });
  });
});
