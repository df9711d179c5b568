// Issue 52: `pnpm run docs --out DIR` emptied DIR whatever it held (`--out .` wiped the working tree). An
// output folder is now new, empty or the command's own earlier output (its marker); anything else is refused.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { claimOutputFolder, OutputFolderError, outputMarker } from '../../scripts/lib/output-folder.ts';
import { fromRoot } from '../../scripts/lib/paths.ts';

const work = mkdtempSync(join(tmpdir(), 'svc-output-folder-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let made = 0;
const folder = (files: Record<string, string> = {}): string => {
  const dir = join(work, `case-${made++}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};
const command = 'pnpm run docs';

describe('claimOutputFolder', () => {
  it('creates a folder that is not there, and marks it', async () => {
    const dir = join(work, 'new', 'site');
    await claimOutputFolder(dir, command);
    expect(readdirSync(dir)).toEqual([outputMarker]);
  });

  it('takes an empty folder', async () => {
    const dir = folder();
    await claimOutputFolder(dir, command);
    expect(readdirSync(dir)).toEqual([outputMarker]);
  });

  it('empties its own earlier output, reached directly or through a link', async () => {
    const dir = folder();
    await claimOutputFolder(dir, command);
    writeFileSync(join(dir, 'index.html'), 'old');
    mkdirSync(join(dir, 'xsd'));
    writeFileSync(join(dir, 'xsd', 'a.xsd'), 'old');
    await claimOutputFolder(dir, command);
    expect(readdirSync(dir)).toEqual([outputMarker]);
    writeFileSync(join(dir, 'index.html'), 'old');
    const link = join(work, 'link-to-own');
    symlinkSync(dir, link);
    await claimOutputFolder(link, command);
    expect(readdirSync(dir)).toEqual([outputMarker]);
  });

  it('never follows a link inside its own output out of it', async () => {
    const outside = folder({ 'keep.txt': 'mine' });
    const dir = folder();
    await claimOutputFolder(dir, command);
    symlinkSync(outside, join(dir, 'elsewhere'));
    await claimOutputFolder(dir, command);
    expect(readFileSync(join(outside, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it.each<{ name: string; files: Record<string, string> }>([
    { name: 'a folder with files of its own', files: { 'README.md': 'mine' } },
    { name: "another command's marker", files: { [outputMarker]: 'pnpm bundle\n', 'a.yaml': 'x' } },
    { name: 'only a hidden file', files: { '.git': 'gitdir: ../x' } },
  ])('refuses $name and deletes nothing', async ({ files }) => {
    const dir = folder(files);
    await expect(claimOutputFolder(dir, command)).rejects.toThrow(OutputFolderError);
    await expect(claimOutputFolder(dir, command)).rejects.toThrow(
      /is not empty and is not an earlier output of pnpm run docs .*nothing was deleted/,
    );
    expect(readdirSync(dir).sort()).toEqual(Object.keys(files).sort());
  });

  it('refuses a file', async () => {
    const dir = folder({ 'a.txt': 'x' });
    await expect(claimOutputFolder(join(dir, 'a.txt'), command)).rejects.toThrow(/is not a folder/);
    expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toBe('x');
  });
});

describe('pnpm run docs --out', () => {
  it('on a foreign folder that is not empty: exit 2, the reason, and the folder as it was', () => {
    const dir = folder({ 'notes.md': 'mine' });
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', fromRoot('scripts/docs/build-docs.ts'), '--out', dir],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    if (run.error)
      throw new Error(`build-docs did not end within 120 s: ${run.error.message}\n${run.stderr}`);
    expect(run.stderr).toContain('is not empty and is not an earlier output of pnpm run docs');
    expect(run.status).toBe(2);
    expect(readdirSync(dir)).toEqual(['notes.md']);
    expect(existsSync(join(dir, outputMarker))).toBe(false);
  });
});
