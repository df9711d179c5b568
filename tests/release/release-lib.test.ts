// The pure parts of `pnpm release`: arguments, pending changesets, publishable packages, workspace ranges.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  packageUrl,
  parseReleaseArgs,
  pendingChangesets,
  publishablePackages,
  UsageError,
  workspaceRanges,
} from '../../scripts/release/lib.ts';

describe('parseReleaseArgs', () => {
  it('takes --registry in both spellings, over npm_config_registry, and ends it with a slash', () => {
    expect(parseReleaseArgs(['--registry', 'http://127.0.0.1:4873'])).toEqual({
      registry: 'http://127.0.0.1:4873/',
      skipChecks: false,
      help: false,
    });
    expect(
      parseReleaseArgs(['--registry=http://127.0.0.1:4873/', '--skip-checks'], {
        npm_config_registry: 'https://registry.npmjs.org/',
      }),
    ).toEqual({ registry: 'http://127.0.0.1:4873/', skipChecks: true, help: false });
  });

  it('falls back to npm_config_registry, else leaves the registry to pnpm', () => {
    expect(parseReleaseArgs([], { npm_config_registry: 'https://npm.example.com' }).registry).toBe(
      'https://npm.example.com/',
    );
    expect(parseReleaseArgs([], {}).registry).toBeUndefined();
  });

  it('answers --help and -h', () => {
    expect(parseReleaseArgs(['--help']).help).toBe(true);
    expect(parseReleaseArgs(['-h']).help).toBe(true);
    expect(parseReleaseArgs([]).help).toBe(false);
  });

  it('refuses what it does not know, a missing URL and a URL that is not http(s)', () => {
    expect(() => parseReleaseArgs(['--dry-run'])).toThrow(UsageError);
    expect(() => parseReleaseArgs(['next'])).toThrow(/positional/);
    expect(() => parseReleaseArgs(['--registry'])).toThrow('--registry needs a URL');
    expect(() => parseReleaseArgs(['--registry', '--skip-checks'])).toThrow('--registry needs a URL');
    expect(() => parseReleaseArgs(['--registry', 'not a url'])).toThrow('is not a URL');
    expect(() => parseReleaseArgs(['--registry', 'file:///tmp/x'])).toThrow('not an http(s) URL');
  });
});

describe('workspace', () => {
  const root = mkdtempSync(join(tmpdir(), 'release-lib-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string): void => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('packages/b/package.json', JSON.stringify({ name: '@s/b', version: '1.0.0' }));
  write('packages/a/package.json', JSON.stringify({ name: '@s/a', version: '0.1.0' }));
  write('packages/tool/package.json', JSON.stringify({ name: '@s/tool', version: '0.0.0', private: true }));
  mkdirSync(join(root, 'packages', 'empty'));
  write('.changeset/README.md', '# Changesets');
  write('.changeset/config.json', '{}');
  write('.changeset/two.md', '---\n"@s/a": minor\n---\n');
  write('.changeset/one.md', '---\n"@s/b": patch\n---\n');

  it('lists the publishable packages only, by name', () => {
    expect(publishablePackages(root).map(({ name, version }) => `${name}@${version}`)).toEqual([
      '@s/a@0.1.0',
      '@s/b@1.0.0',
    ]);
  });

  it('lists the pending changesets, not the README or the config', () => {
    expect(pendingChangesets(root)).toEqual(['one.md', 'two.md']);
    expect(pendingChangesets(join(root, 'packages'))).toEqual([]);
  });
});

describe('workspaceRanges', () => {
  it('finds every workspace: range a published manifest still has', () => {
    expect(
      workspaceRanges({
        dependencies: { '@s/runtime': 'workspace:*', 'openapi-fetch': '0.17.0' },
        peerDependencies: { '@s/core': 'workspace:^' },
        devDependencies: { '@s/dev': 'workspace:*' },
      }),
    ).toEqual(['dependencies: @s/runtime@workspace:*', 'peerDependencies: @s/core@workspace:^']);
    expect(workspaceRanges({ dependencies: { '@s/runtime': '0.1.0' } })).toEqual([]);
    expect(workspaceRanges({})).toEqual([]);
  });
});

it('packageUrl escapes the scope slash the way npm asks', () => {
  expect(packageUrl('http://127.0.0.1:4873/', '@svc-contracts/agents-client')).toBe(
    'http://127.0.0.1:4873/@svc-contracts%2fagents-client',
  );
  expect(packageUrl('https://npm.example.com/sub/', 'plain')).toBe('https://npm.example.com/sub/plain');
});
