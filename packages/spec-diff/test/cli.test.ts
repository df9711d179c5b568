import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    expect(await run(['--bse', 'main'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--bse.*\(did you mean --base\?\)/),
    });
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
    expect(result.stdout).toContain(
      '(response, GET /agents) at #/paths/~1agents/get/responses/200/content/application~1json/schema/properties/state [response-property-removed]\n  changeset: none names this package\n',
    );
  });
  it('exits 1 when the pending changeset asks for less than the change needs', async () => {
    write('.changeset/agents.md', changeset('minor'));
    const result = await run(['--base=main'], repo);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/needs a major bump .* the changesets added since the base ask for minor/);
  });
  it('exits 0 when a major changeset covers it', async () => {
    write('.changeset/agents.md', changeset('major'));
    const result = await run(['--base', 'main'], repo);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/the changesets added since main cover every change\n$/);
    expect(result.stdout).toContain('  changeset: .changeset/agents.md (major) covers it (needs major)\n');
  });
  it('--json gives each package its changes, what it needs and which changesets name it', async () => {
    const result = await run(['--base', 'main', '--json'], repo);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { packages: Array<Record<string, unknown>> };
    expect(report).toMatchObject({ mode: 'repository', base: 'main', exitCode: 0, failures: [] });
    expect(report.packages).toMatchObject([
      {
        name: '@svc-contracts/agents-client',
        needed: 'major',
        requested: 'major',
        changesets: ['.changeset/agents.md'],
        changes: [
          {
            id: 'response-property-removed',
            level: 'breaking',
            direction: 'response',
            file: 'specs/agents/openapi.json',
          },
        ],
      },
    ]);
  });
  it('--format github annotates the spec file and turns each failure into an ::error', async () => {
    write('.changeset/agents.md', changeset('minor'));
    const result = await run(['--base', 'main', '--format', 'github'], repo);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^::error file=specs\/agents\/openapi\.json,line=1,title=spec-diff response-property-removed \(major\)::removed property `state`/m,
    );
    expect(result.stdout).toMatch(
      /^::error title=spec-diff::`@svc-contracts\/agents-client` needs a major bump/m,
    );
    write('.changeset/agents.md', changeset('major'));
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

describe('spec-diff OLD NEW (two files, anywhere)', () => {
  let dir: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  };
  const item = (states: string[], nullable = false) => ({
    type: 'object',
    properties: { state: { type: 'string', enum: states, ...(nullable ? { nullable: true } : {}) } },
  });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'spec-diff-files-'));
    // Old: OpenAPI 3.0 in YAML, its schema in another file.
    write(
      'old/api.yaml',
      [
        'openapi: 3.0.3',
        'info: { title: Items, version: "1" }',
        'paths:',
        '  /items:',
        '    post:',
        '      operationId: createItem',
        '      requestBody:',
        '        content:',
        '          application/json:',
        '            schema: { $ref: "./item.yaml" }',
        '      responses:',
        '        "200":',
        '          description: ok',
        '          content:',
        '            application/json:',
        '              schema: { $ref: "./item.yaml" }',
        '',
      ].join('\n'),
    );
    write('old/item.yaml', JSON.stringify(item(['a', 'b'], true)));
    // New: OpenAPI 3.1 in JSON, inline.
    const schema = item(['a']);
    write(
      'new/api.json',
      JSON.stringify(
        {
          openapi: '3.1.0',
          info: { title: 'Items', version: '2' },
          paths: {
            '/items': {
              post: {
                operationId: 'createItem',
                requestBody: { content: { 'application/json': { schema } } },
                responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } },
              },
            },
          },
        },
        null,
        2,
      ),
    );
    write(
      'new/same.json',
      JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {} }),
    );
    write('swagger.yaml', 'swagger: "2.0"\ninfo: { title: x, version: "1" }\npaths: {}\n');
    write(
      'broken.yaml',
      'openapi: 3.1.0\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    $ref: ./missing.yaml\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('--json: every change with id, level, bump, direction, operation, pointers on both sides; exit 1 when breaking', async () => {
    const result = await run(['old/api.yaml', 'new/api.json', '--json'], dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { bump: string; changes: Array<Record<string, unknown>> };
    expect(report.bump).toBe('major');
    const byId = Object.fromEntries(report.changes.map((change) => [change.id, change]));
    // The same enum value removed: breaking where the client writes it, not where it reads it.
    expect(byId['request-enum-value-removed']).toMatchObject({
      level: 'breaking',
      bump: 'major',
      direction: 'request',
      operation: 'POST /items',
      message: 'removed enum value `b`',
    });
    expect(byId['response-enum-value-removed']).toMatchObject({
      level: 'not-breaking',
      bump: 'minor',
      direction: 'response',
    });
    // 3.0 `nullable: true` → 3.1 without null: a response that is no longer nullable breaks no client.
    expect(byId['response-became-not-nullable']).toMatchObject({ level: 'not-breaking' });
    expect(byId['request-became-not-nullable']).toMatchObject({ level: 'breaking' });
    const removed = byId['request-enum-value-removed'] as { pointer: string; before: string; after: string };
    expect(removed.before).toMatch(/^#\/.*\/enum$/);
    expect(removed.after).toBe(
      '#/paths/~1items/post/requestBody/content/application~1json/schema/properties/state/enum',
    );
  });
  it('colours the level when asked (a terminal without NO_COLOR), never in JSON', async () => {
    let stdout = '';
    const io: SpecDiffIo = {
      stdout: (text) => {
        stdout += text;
      },
      stderr: () => {},
      cwd: dir,
      color: true,
    };
    expect(await main(['old/api.yaml', 'new/api.json'], io)).toBe(1);
    expect(stdout).toContain('\u001b[31mmajor\u001b[39m removed enum value `b` (request');
    stdout = '';
    await main(['old/api.yaml', 'new/api.json', '--json'], io);
    expect(stdout).not.toContain('\u001b[');
  });
  it('text: each line says request or response, the operation, the pointer and the id', async () => {
    const result = await run(['old/api.yaml', 'new/api.json'], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /^ {2}major removed enum value `b` \(request, POST \/items\) at #\/.*\/enum \[request-enum-value-removed\]$/m,
    );
    expect(result.stdout).toMatch(/needs a major bump\n$/);
  });
  it('--format github: an ::error annotation per breaking change on its line, ::notice for the rest', async () => {
    const result = await run(['old/api.yaml', 'new/api.json', '--format', 'github'], dir);
    expect(result.code).toBe(1);
    // The request's enum is the first `"enum"` of the new file (the request body comes before the responses).
    const text = readFileSync(join(dir, 'new/api.json'), 'utf8').split('\n');
    const enumLine = text.findIndex((line) => line.includes('"enum"')) + 1;
    expect(result.stdout).toContain(
      `::error file=new/api.json,line=${enumLine},title=spec-diff request-enum-value-removed (major)::removed enum value \`b\` (request, POST /items) at #/`,
    );
    expect(result.stdout).toMatch(
      /^::notice file=new\/api\.json,line=\d+,title=spec-diff response-enum-value-removed \(minor\)::/m,
    );
  });
  it('exit 0 when no change needs a major bump (the reverse is a widening of the request)', async () => {
    const same = await run(['new/same.json', 'new/same.json', '--json'], dir);
    expect(same.code).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ bump: 'none', changes: [] });
  });
  it('exit 2 naming the file: missing, not OpenAPI 3.x, a $ref that does not resolve', async () => {
    const missing = await run(['old/api.yaml', 'nope.yaml'], dir);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toBe('spec-diff: nope.yaml: no such file\n');
    const swagger = await run(['swagger.yaml', 'new/api.json'], dir);
    expect(swagger.code).toBe(2);
    expect(swagger.stderr).toMatch(/^spec-diff: swagger\.yaml: not an OpenAPI 3\.0 or 3\.1 document/);
    const broken = await run(['broken.yaml', 'new/api.json', '--json'], dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^spec-diff: broken\.yaml: could not be bundled:\n {2}.*missing\.yaml/);
    expect(broken.stderr).not.toContain(dir);
  });
  it('bad combinations exit 2 with the reason', async () => {
    expect(await run(['a', 'b', '--base', 'main'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/takes no positional arguments/),
    });
    expect(await run(['a', 'b', '--format', 'xml'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--format must be one of text, json, github, not "xml"/),
    });
    expect(await run(['a', 'b', 'c'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/got 3 positional/),
    });
  });
});

describe('spec-diff OLD.xsd NEW.xsd', () => {
  let dir: string;
  const order = (children: string) => `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:annotation><xs:documentation>Order (request of POST /orders).</xs:documentation></xs:annotation>
  <xs:element name="Order"><xs:complexType><xs:sequence>${children}</xs:sequence></xs:complexType></xs:element>
</xs:schema>`;
  const site = '<xs:element name="SiteId" type="xs:string"/>';
  const note = '<xs:element name="Note" type="xs:string"/>';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'spec-diff-xsd-'));
    writeFileSync(join(dir, 'old.xsd'), order(site));
    writeFileSync(join(dir, 'new.xsd'), order(site + note));
    writeFileSync(
      join(dir, 'bad.xsd'),
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:group name="G"/></xs:schema>',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the role from the documentation, or from --role', async () => {
    const request = await run(['old.xsd', 'new.xsd', '--json'], dir);
    expect(request.code).toBe(1);
    expect(JSON.parse(request.stdout).changes).toMatchObject([
      {
        id: 'xsd-request-required-element-added',
        level: 'breaking',
        direction: 'request',
        pointer: 'Order/Note',
      },
    ]);
    const response = await run(['old.xsd', 'new.xsd', '--json', '--role', 'response'], dir);
    expect(response.code).toBe(0);
    expect(JSON.parse(response.stdout).changes).toMatchObject([
      { id: 'xsd-response-required-element-added', level: 'not-breaking' },
    ]);
  });
  it('refuses an XSD against an OpenAPI document, --role elsewhere, and a construct outside the subset', async () => {
    expect(await run(['old.xsd', 'api.yaml'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/old\.xsd: an XSD compares with an XSD/),
    });
    expect(await run(['--base', 'main', '--role', 'request'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--role applies to two XSD files/),
    });
    expect(await run(['old.xsd', 'new.xsd', '--role', 'client'], dir)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--role must be request or response, not "client"/),
    });
    const bad = await run(['old.xsd', 'bad.xsd'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^spec-diff: after:bad\.xsd: <xs:group> in <xs:schema> is not supported/);
  });
});
