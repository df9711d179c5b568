import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { main, type SpecDiffIo } from '../src/main.js';

// A spec is input: spec-diff reads only files inside the root it was given, never the network, under the
// parsing budgets, and prints no byte of a file it refused (issue 52).
const secretText = 'root-secret-9f2c';

async function run(argv: string[], cwd: string) {
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
  return { code, stdout, stderr, all: stdout + stderr };
}

const spec = (schema: string) =>
  `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: ${schema}\n`;

let dir: string;
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
};
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'spec-diff-hostile-'));
  write('secret.yaml', `type: object\nproperties:\n  ${secretText}: {type: string}\n`);
  write('specs/old.yaml', spec('{type: object}'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.SPEC_MAX_YAML_NODES;
});

describe('spec-diff OLD NEW on hostile specs', () => {
  it('refuses a $ref out of the folder of the file named, with exit 2 and no byte of the target', async () => {
    write('specs/out.yaml', spec("{$ref: '../secret.yaml'}"));
    for (const format of ['text', 'json', 'github']) {
      const result = await run(['specs/old.yaml', 'specs/out.yaml', '--format', format], dir);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'out.yaml#/paths/~1x/get/responses/200/content/application~1json/schema',
      );
      expect(result.stderr).toContain('[outside-root]');
      expect(result.all).not.toContain(secretText);
    }
  });

  it('refuses a symbolic link out of the folder', async () => {
    symlinkSync(join(dir, 'secret.yaml'), join(dir, 'specs', 'link.yaml'));
    write('specs/link-ref.yaml', spec("{$ref: './link.yaml'}"));
    const result = await run(['specs/old.yaml', 'specs/link-ref.yaml'], dir);
    expect(result).toMatchObject({ code: 2, stderr: expect.stringContaining('[symlink-outside-root]') });
    expect(result.all).not.toContain(secretText);
  });

  it('never requests an http(s) $ref', async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests += 1;
      response.end('type: string\n');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const { port } = server.address() as { port: number };
      write('specs/remote.yaml', spec(`{$ref: 'http://127.0.0.1:${port}/s.yaml'}`));
      const result = await run(['specs/old.yaml', 'specs/remote.yaml'], dir);
      expect(result).toMatchObject({ code: 2, stderr: expect.stringContaining('[remote-ref]') });
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('refuses a YAML alias bomb past the node budget, naming the budget and its variable', async () => {
    write(
      'specs/bomb.yaml',
      `${spec('{type: object}')}x-bomb:\n  a: &a [x, x, x, x]\n  b: &b [*a, *a, *a]\n  c: [*b, *b, *b]\n`,
    );
    process.env.SPEC_MAX_YAML_NODES = '40';
    const result = await run(['specs/old.yaml', 'specs/bomb.yaml'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /bomb\.yaml: more than 40 YAML nodes .*SPEC_MAX_YAML_NODES.*\[yaml-nodes\]/,
    );
    delete process.env.SPEC_MAX_YAML_NODES;
    expect((await run(['specs/old.yaml', 'specs/bomb.yaml'], dir)).code).toBe(0);
  });
});

describe('spec-diff on $ref chains', () => {
  // Before: each link re-followed the rest of the chain (Redocly's resolver), and the comparison stopped
  // following after 32 hops, so a change at the end of a longer chain was not seen.
  it('sees a change at the end of a 40-link alias chain', async () => {
    const chain = (type: string) => {
      let text = `${spec("{$ref: '#/components/schemas/S0'}")}components:\n  schemas:\n`;
      for (let i = 0; i < 40; i++) text += `    S${i}: {$ref: '#/components/schemas/S${i + 1}'}\n`;
      return `${text}    S40: {type: ${type}}\n`;
    };
    write('specs/chain-old.yaml', chain('string'));
    write('specs/chain-new.yaml', chain('integer'));
    const result = await run(['specs/chain-old.yaml', 'specs/chain-new.yaml', '--json'], dir);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).changes).toContainEqual(
      expect.objectContaining({ id: 'response-type-widened', pointer: '#/components/schemas/S40/type' }),
    );
  });
});

describe('spec-diff --base on a branch whose spec refers outside the repository', () => {
  let repo: string;
  const git = (...args: string[]) =>
    // The identity is given to this temporary repository's commands only.
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
      stdio: 'pipe',
    });
  beforeAll(() => {
    repo = join(dir, 'repo');
    mkdirSync(join(repo, 'specs', 'agents'), { recursive: true });
    git('init', '-q', '-b', 'main');
    writeFileSync(join(repo, 'redocly.yaml'), 'apis:\n  agents:\n    root: specs/agents/openapi.yaml\n');
    writeFileSync(join(repo, 'specs', 'agents', 'openapi.yaml'), spec('{type: object}'));
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    git('checkout', '-q', '-b', 'branch');
  });

  it('exits 2 in every format and prints no byte of the target', async () => {
    writeFileSync(join(repo, 'specs', 'agents', 'openapi.yaml'), spec("{$ref: '../../../secret.yaml'}"));
    for (const format of ['github', 'text', 'json']) {
      const result = await run(['--base', 'main', '--format', format], repo);
      expect(result.code).toBe(2);
      expect(result.all).toContain('[outside-root]');
      expect(result.all).not.toContain(secretText);
      if (format === 'github')
        expect(result.stdout).toMatch(/^::error title=spec-diff::specs\/agents\/openapi\.yaml/);
    }
  });

  it('refuses the base too when its spec was a symbolic link out of the repository', async () => {
    writeFileSync(join(repo, 'specs', 'agents', 'openapi.yaml'), spec('{type: object}'));
    git('checkout', '-q', 'main');
    git('checkout', '-q', '-b', 'linked');
    rmSync(join(repo, 'specs', 'agents', 'openapi.yaml'));
    symlinkSync(join(dir, 'secret.yaml'), join(repo, 'specs', 'agents', 'openapi.yaml'));
    git('add', '.');
    git('commit', '-q', '-m', 'linked');
    git('checkout', '-q', 'branch');
    const result = await run(['--base', 'linked', '--format', 'github'], repo);
    expect(result.code).toBe(2);
    expect(result.all).toContain('[symlink-outside-root]');
    expect(result.all).not.toContain(secretText);
  });
});
