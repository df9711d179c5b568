// #43: no bench source file over 400 lines (one folder per subject, each file one concern). Walks bench/
// as it is on disk, leaving out the comparison tools npm installs into bench/compare/node_modules.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.ts';

const maxLines = 400;
const source = /\.(?:[cm]?ts|[cm]?js)$/;

/** Source files under `dir` longer than `limit` lines, as `path: N lines` relative to `dir`. */
function longFiles(dir: string, limit = maxLines): string[] {
  const found: string[] = [];
  const walk = (at: string): void => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (source.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
        if (lines > limit) found.push(`${relative(dir, path)}: ${lines} lines`);
      }
    }
  };
  walk(dir);
  return found.sort();
}

describe('bench/', () => {
  it(`has no source file over ${maxLines} lines`, () => {
    expect(longFiles(fromRoot('bench'))).toEqual([]);
  });
});

describe('the file-size check', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-size-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const lines = (count: number): string => 'export {};\n'.repeat(count);
  mkdirSync(join(scratch, 'mocks'), { recursive: true });
  mkdirSync(join(scratch, 'compare', 'node_modules', 'tool'), { recursive: true });
  writeFileSync(join(scratch, 'mocks', 'at-limit.ts'), lines(maxLines));
  writeFileSync(join(scratch, 'mocks', 'README.md'), lines(maxLines + 1));
  writeFileSync(join(scratch, 'compare', 'node_modules', 'tool', 'index.js'), lines(maxLines + 1));

  it('accepts a file of exactly the limit, and leaves out documents and installed tools', () => {
    expect(longFiles(scratch)).toEqual([]);
  });

  it('names a source file one line over the limit, with its length', () => {
    writeFileSync(join(scratch, 'mocks', 'over.ts'), lines(maxLines + 1));
    writeFileSync(join(scratch, 'read.mjs'), `${lines(maxLines)}// no newline at the end`);
    expect(longFiles(scratch)).toEqual([
      `mocks/over.ts: ${maxLines + 1} lines`,
      `read.mjs: ${maxLines + 1} lines`,
    ]);
  });
});
