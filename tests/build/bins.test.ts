// A package's bin is a committed launcher that imports dist/cli.js: pnpm links bins at install time, before
// anything is built, and warned "Failed to create bin … dist/cli.js" for each bin pointing into dist/.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from '../../scripts/build/workspace.ts';
import { repoRoot } from '../../scripts/lib/paths.ts';

const withBins = workspacePackages(repoRoot).flatMap((pkg) => {
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) as {
    name: string;
    bin?: Record<string, string>;
    files?: string[];
  };
  return Object.entries(manifest.bin ?? {}).map(([name, path]) => ({ dir: pkg.dir, manifest, name, path }));
});

describe('package bins', () => {
  it('exist', () => {
    expect(withBins.map((bin) => bin.name).sort()).toEqual(
      expect.arrayContaining(['contract-check', 'svc-mocks']),
    );
  });
  it.each(withBins)('$name is a committed, executable launcher of dist/cli.js that is published', (bin) => {
    expect(bin.path).toMatch(/^\.\/bin\/[\w-]+\.js$/);
    const file = join(bin.dir, bin.path);
    expect(statSync(file).mode & 0o111).not.toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(text).toContain("import '../dist/cli.js';");
    expect(bin.manifest.files).toContain('bin');
    const tracked = execFileSync('git', ['ls-files', '--', bin.path], { cwd: bin.dir, encoding: 'utf8' });
    expect(tracked.trim()).not.toBe('');
  });
});
