// The gate counts the changesets a change adds since the base, not the ones already pending there: a pull
// request that changes a package's contract must bring its own changeset (as `changeset status --since`).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readChangesetsAddedSince } from '../src/changesets.js';
import { main } from '../src/main.js';

function spec(properties: Record<string, unknown>): string {
  const schema = { type: 'object', properties };
  const ok = { description: 'ok', content: { 'application/json': { schema } } };
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Agents', version: '1.0.0' },
    paths: { '/agents': { get: { operationId: 'listAgents', responses: { '200': ok } } } },
  });
}

const changeset = (bump: string) => `---\n"@svc-contracts/agents-client": ${bump}\n---\n\nA change.\n`;

describe('the gate and the changesets added since the base', () => {
  let repo: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), text);
  };
  // The identity is given to this repository's commands only.
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
      stdio: 'pipe',
    });
  const gate = async (): Promise<{ code: number; stdout: string; stderr: string }> => {
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: (text: string) => {
        stdout += text;
      },
      stderr: (text: string) => {
        stderr += text;
      },
      cwd: repo,
    };
    const code = await main(['--base', 'main'], io);
    return { code, stdout, stderr };
  };

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'spec-diff-since-'));
    git('init', '-q', '-b', 'main');
    write('redocly.yaml', 'apis:\n  agents:\n    root: specs/agents/openapi.json\n');
    write('specs/agents/openapi.json', spec({ id: { type: 'integer' }, state: { type: 'string' } }));
    // Pending on main: a major bump asked for an earlier change, not yet released.
    write('.changeset/earlier.md', changeset('major'));
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    git('checkout', '-q', '-b', 'topic');
    write('specs/agents/openapi.json', spec({ id: { type: 'integer' } }));
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('fails a contract change with no changeset of its own, though one pending on the base asks enough', async () => {
    const result = await gate();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      '`@svc-contracts/agents-client` changed and needs at least a major bump (removed property `state`',
    );
    expect(result.stderr).toContain('no changeset added since the base names it');
    expect(result.stdout).toContain('  changeset: none names this package\n');
  });

  it('fails one added that asks too little, whatever the base has pending', async () => {
    write('.changeset/mine.md', changeset('minor'));
    const result = await gate();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/needs a major bump .* the changesets added since the base ask for minor/);
  });

  it('passes with one added that asks enough: untracked, committed on the branch, or the pending one edited', async () => {
    write('.changeset/mine.md', changeset('major'));
    expect(await gate()).toMatchObject({ code: 0, stderr: '' });
    git('add', '.');
    git('commit', '-q', '-m', 'topic');
    const committed = await gate();
    expect(committed).toMatchObject({ code: 0, stderr: '' });
    expect(committed.stdout).toContain('  changeset: .changeset/mine.md (major) covers it (needs major)\n');
    expect(committed.stdout).toMatch(/the changesets added since main cover every change\n$/);

    rmSync(join(repo, '.changeset', 'mine.md'));
    git('commit', '-q', '-am', 'no changeset');
    expect((await gate()).code).toBe(1);
    write('.changeset/earlier.md', `${changeset('major')}And this change too.\n`);
    expect(await gate()).toMatchObject({ code: 0, stderr: '' });
  });

  it.each([
    { file: 'packages/recorder/test/cli.test.ts', asks: false },
    { file: 'packages/recorder/vitest.config.ts', asks: false },
    { file: 'packages/recorder/src/cli.ts', asks: true },
    { file: 'packages/recorder/README.md', asks: true },
    { file: 'packages/recorder/package.json', asks: true },
  ])('asks a changeset of a package for $file: $asks', async ({ file, asks }) => {
    const manifest = { name: '@svc-contracts/recorder', version: '0.0.0', files: ['dist', 'README.md'] };
    // The package is on the base; the branch changes one file of it and no spec.
    write('specs/agents/openapi.json', spec({ id: { type: 'integer' }, state: { type: 'string' } }));
    git('checkout', '-q', 'main');
    write('packages/recorder/package.json', JSON.stringify(manifest));
    git('add', '.');
    git('commit', '-q', '-m', 'a package');
    git('checkout', '-q', '-B', 'topic');
    write(
      file,
      file.endsWith('package.json') ? JSON.stringify({ ...manifest, version: '0.0.1' }) : 'changed\n',
    );
    const result = await gate();
    expect(result.code).toBe(asks ? 1 : 0);
    if (asks)
      expect(result.stderr).toContain('`@svc-contracts/recorder` changed and needs at least a patch bump');
  });

  it('lists the changesets new or edited since the base only', () => {
    expect(readChangesetsAddedSince(repo, 'main')).toEqual([]);
    write('.changeset/mine.md', changeset('patch'));
    write('.changeset/README.md', 'not a changeset');
    expect(readChangesetsAddedSince(repo, 'main')).toEqual([
      { file: '.changeset/mine.md', releases: { '@svc-contracts/agents-client': 'patch' } },
    ]);
  });
});
