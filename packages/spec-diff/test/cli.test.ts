import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type SpecDiffIo } from '../src/main.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: string[], cwd = process.cwd()): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io: SpecDiffIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

function spec(properties: Record<string, unknown>): string {
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'Agents', version: '1.0.0' },
    paths: {
      '/agents': {
        get: {
          operationId: 'listAgents',
          responses: {
            '200': {
              description: 'ok',
              content: { 'application/json': { schema: { type: 'object', properties } } },
            },
          },
        },
      },
    },
  });
}

describe('spec-diff arguments', () => {
  it('--help prints the usage on stdout and exits 0', async () => {
    const result = await run(['--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Usage: spec-diff --base <git-ref>/);
    expect((await run(['-h'])).stdout).toBe(result.stdout);
  });
  it('a missing --base exits 2 with the usage on stderr', async () => {
    const result = await run([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/--base <git-ref> is required[\s\S]*Usage: spec-diff/);
  });
  it('an unknown option, a positional or --base without a value exits 2', async () => {
    expect(await run(['--bse', 'main'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--bse/) });
    expect(await run(['main'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/positional/i) });
    expect(await run(['--base'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--base/) });
  });
});

describe('spec-diff on a git repository', () => {
  let repo: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), text);
  };
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
      stdio: 'pipe',
    });
  const changeset = (bump: string) => `---\n"@svc-contracts/agents-client": ${bump}\n---\n\nRemoved state.\n`;

  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'spec-diff-test-'));
    git('init', '-q', '-b', 'main');
    write('redocly.yaml', 'apis:\n  agents:\n    root: specs/agents/openapi.json\n');
    write('specs/agents/openapi.json', spec({ id: { type: 'integer' }, state: { type: 'string' } }));
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    write('specs/agents/openapi.json', spec({ id: { type: 'integer' } }));
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('exits 1 and names the package when no changeset covers a removed property', async () => {
    const result = await run(['--base', 'main'], repo);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('@svc-contracts/agents-client:\n  major removed property `state`');
    expect(result.stderr).toMatch(/`@svc-contracts\/agents-client` changed and needs at least a major bump/);
  });
  it('exits 1 when the pending changeset asks for less than the change needs', async () => {
    write('.changeset/agents.md', changeset('minor'));
    const result = await run(['--base=main'], repo);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/needs a major bump .* the pending changesets ask for minor/);
  });
  it('exits 0 when a major changeset covers it', async () => {
    write('.changeset/agents.md', changeset('major'));
    const result = await run(['--base', 'main'], repo);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/pending changesets cover every change since main\n$/);
  });
  it('exits 2 with git’s message on an unknown ref, and on a malformed changeset', async () => {
    const unknown = await run(['--base', 'no-such-ref'], repo);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^spec-diff: .*no-such-ref/);
    write('.changeset/agents.md', '---\n"@svc-contracts/agents-client": huge\n---\n');
    const malformed = await run(['--base', 'main'], repo);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/\.changeset\/agents\.md: invalid version type "huge"/);
  });
});
