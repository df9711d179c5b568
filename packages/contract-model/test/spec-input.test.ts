import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleSpecs, checkSpecFile, parseSpecText, SpecInputError, specBudgets } from '../src/index.js';

// The spec-input policy, rule by rule: each with the case it lets through and the case it refuses.
const dir = mkdtempSync(join(tmpdir(), 'contract-model-spec-input-'));
const root = join(dir, 'root');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const secret = write(join(dir, 'outside.yaml'), 'secret: do-not-print-me\n');
write(join(root, 'inside.yaml'), 'type: string\n');
write(join(root, 'sub', 'deeper.yaml'), 'type: string\n');
symlinkSync(secret, join(root, 'link-out.yaml'));
symlinkSync(join(root, 'inside.yaml'), join(root, 'link-in.yaml'));
mkdirSync(join(root, 'folder.yaml'));
execFileSync('mkfifo', [join(root, 'fifo.yaml')]);
write(join(root, 'big.yaml'), `a: ${'x'.repeat(200)}\n`);

function refusal(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof SpecInputError) return error.rule;
    throw error;
  }
}

describe('which files a spec may read', () => {
  const rows: Array<{ rule: string; file: string; refused?: string; budgets?: { maxFileBytes: number } }> = [
    { rule: 'remote-ref', file: 'inside.yaml' },
    { rule: 'remote-ref', file: 'http://127.0.0.1/s.yaml', refused: 'remote-ref' },
    { rule: 'remote-ref', file: 'file:///etc/passwd', refused: 'remote-ref' },
    { rule: 'outside-root', file: 'sub/../sub/deeper.yaml' },
    { rule: 'outside-root', file: '../outside.yaml', refused: 'outside-root' },
    { rule: 'outside-root', file: secret, refused: 'outside-root' },
    { rule: 'symlink-outside-root', file: 'link-in.yaml' },
    { rule: 'symlink-outside-root', file: 'link-out.yaml', refused: 'symlink-outside-root' },
    { rule: 'not-a-file', file: 'inside.yaml' },
    { rule: 'not-a-file', file: 'fifo.yaml', refused: 'not-a-file' },
    { rule: 'not-a-file', file: 'folder.yaml', refused: 'not-a-file' },
    { rule: 'not-a-file', file: 'missing.yaml', refused: 'not-a-file' },
    { rule: 'file-bytes', file: 'big.yaml', budgets: { maxFileBytes: 1000 } },
    { rule: 'file-bytes', file: 'big.yaml', budgets: { maxFileBytes: 100 }, refused: 'file-bytes' },
  ];
  it.each(rows)('$rule: $file → $refused', ({ file, budgets, refused }) => {
    expect(refusal(() => checkSpecFile(file, root, budgets))).toBe(refused);
  });

  it('names the file and the rule, never the content', () => {
    const error = (() => {
      try {
        checkSpecFile('link-out.yaml', root);
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toBe('link-out.yaml: a symbolic link out of the root [symlink-outside-root]');
  });
});

describe('parsing budgets', () => {
  // Two levels: 3 aliases of a 4-element list, 3 aliases of that: 1 + 3 + 3·(1+3·5)… well under 100 nodes.
  const bomb = 'a: &a [x, x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n';
  const rows: Array<{
    rule: string;
    text: string;
    budgets: Partial<ReturnType<typeof specBudgets>>;
    refused?: string;
  }> = [
    { rule: 'yaml-nodes', text: bomb, budgets: { maxNodes: 100 } },
    { rule: 'yaml-nodes', text: bomb, budgets: { maxNodes: 40 }, refused: 'yaml-nodes' },
    { rule: 'yaml-aliases', text: bomb, budgets: { maxAliases: 6 } },
    { rule: 'yaml-aliases', text: bomb, budgets: { maxAliases: 5 }, refused: 'yaml-aliases' },
    { rule: 'yaml-alias-cycle', text: 'a: &a [x]\nb: *a\n', budgets: {} },
    { rule: 'yaml-alias-cycle', text: 'a: &a [x, *a]\n', budgets: {}, refused: 'yaml-alias-cycle' },
  ];
  it.each(rows)('$rule: $budgets → $refused', ({ text, budgets, refused }) => {
    expect(refusal(() => parseSpecText(text, 'spec.yaml', specBudgets({}, budgets)))).toBe(refused);
  });

  it('counts the nodes of the expansion before expanding (the refusal names the budget and its variable)', () => {
    expect(() => parseSpecText(bomb, 'spec.yaml', specBudgets({}, { maxNodes: 40 }))).toThrow(
      /spec\.yaml: more than 40 YAML nodes .*SPEC_MAX_YAML_NODES/,
    );
  });

  it('reads a budget from its environment variable', () => {
    expect(specBudgets({ SPEC_MAX_YAML_NODES: '12' }).maxNodes).toBe(12);
    expect(specBudgets({ SPEC_MAX_YAML_NODES: 'lots' }).maxNodes).toBe(specBudgets({}).maxNodes);
  });

  it('parses as Redocly did: JSON, core schema, merge keys, no timestamps', () => {
    expect(parseSpecText('{"a": [1, true, null]}', 'a.json')).toEqual({ a: [1, true, null] });
    expect(parseSpecText('d: 2024-01-01\nb: &b {x: 1}\nc: {<<: *b, y: 2}\n', 'a.yaml')).toEqual({
      d: '2024-01-01',
      b: { x: 1 },
      c: { x: 1, y: 2 },
    });
  });
});

describe('bundling under the policy', () => {
  const spec = (ref: string) =>
    `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '${ref}'}\n`;

  it('bundles a $ref inside the root', async () => {
    const file = write(join(root, 'ok.yaml'), spec('./inside.yaml'));
    const { specs } = await bundleSpecs([{ name: 'ok', root: file }], { baseDir: root });
    expect(specs[0]?.problems).toEqual([]);
  });

  it('refuses a $ref out of the root with the file, the pointer and the rule, and no content', async () => {
    const file = write(join(root, 'out.yaml'), spec('../outside.yaml'));
    const { specs } = await bundleSpecs([{ name: 'out', root: file }], { baseDir: root });
    expect(specs[0]?.problems).toEqual([
      "out.yaml#/components/schemas/A: Can't resolve $ref: ../outside.yaml: outside the root the spec was given [outside-root]",
    ]);
    expect(JSON.stringify(specs[0]?.document)).not.toContain('do-not-print-me');
  });

  it('names a missing file inside the root among the files read, never a refused one', async () => {
    const missing = write(join(root, 'missing-ref.yaml'), spec('./not-yet.yaml'));
    const outside = write(join(root, 'out-files.yaml'), spec('../outside.yaml'));
    const { files } = await bundleSpecs(
      [
        { name: 'missing', root: missing },
        { name: 'out', root: outside },
      ],
      { baseDir: root },
    );
    expect(files).toContain(join(root, 'not-yet.yaml'));
    expect(files).not.toContain(secret);
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
      const file = write(join(root, 'remote.yaml'), spec(`http://127.0.0.1:${port}/s.yaml`));
      const { specs } = await bundleSpecs([{ name: 'remote', root: file }], { baseDir: root });
      expect(specs[0]?.problems[0]).toMatch(/\[remote-ref\]$/);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('refuses a root document that breaks a budget', async () => {
    const file = write(
      join(root, 'bomb.yaml'),
      `${spec('./inside.yaml')}x-bomb:\n  a: &a [x, x, x, x]\n  b: &b [*a, *a, *a]\n  c: [*b, *b, *b]\n`,
    );
    await expect(
      bundleSpecs([{ name: 'bomb', root: file }], { baseDir: root, budgets: { maxNodes: 40 } }),
    ).rejects.toThrow(/\[yaml-nodes\]/);
  });
});

describe('the nesting budget', () => {
  // A property of A is B, a property of B a file: 12 levels from the root (9 from A) once `$ref`s are followed.
  const nested = write(
    join(root, 'nested.yaml'),
    "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {properties: {b: {$ref: '#/components/schemas/B'}}}\n    B: {properties: {c: {$ref: './nested-c.yaml'}}}\n    Self: {properties: {again: {$ref: '#/components/schemas/Self'}}}\n",
  );
  write(join(root, 'nested-c.yaml'), 'properties: {d: {type: string}}\n');
  it.each([
    { maxDepth: 12, refused: false },
    { maxDepth: 8, refused: true },
  ])('maxDepth $maxDepth → refused $refused (a cycle counts once)', async ({ maxDepth, refused }) => {
    const bundling = bundleSpecs([{ name: 'nested', root: nested }], {
      baseDir: root,
      budgets: { maxDepth },
    });
    if (refused)
      await expect(bundling).rejects.toThrow(
        'nested.yaml#/components/schemas/A: nested more than 8 levels deep once its $refs are followed (raise the budget with SPEC_MAX_NESTING_DEPTH) [nesting-depth]',
      );
    else expect((await bundling).specs[0]?.problems).toEqual([]);
  });
});

describe('x-xsd files', () => {
  const xsdSpec = (schema: string) =>
    `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths:\n  /o:\n    post:\n      requestBody:\n        content:\n          application/xml:\n            x-xsd: {schema: '${schema}', element: Order}\n      responses: {'204': {description: ok}}\n`;
  write(join(root, 'xsd', 'Order.xsd'), '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>\n');
  write(join(dir, 'Secret.xsd'), '<secret>do-not-print-me</secret>\n');
  symlinkSync(join(dir, 'Secret.xsd'), join(root, 'xsd', 'Link.xsd'));
  execFileSync('mkfifo', [join(root, 'xsd', 'Fifo.xsd')]);
  it.each([
    { schema: 'xsd/Order.xsd', refused: undefined },
    { schema: 'xsd/Missing.xsd', refused: undefined },
    { schema: '../Secret.xsd', refused: 'outside-root' },
    { schema: 'xsd/Link.xsd', refused: 'symlink-outside-root' },
    { schema: 'xsd/Fifo.xsd', refused: 'not-a-file' },
  ])('$schema → $refused', async ({ schema, refused }) => {
    const file = write(join(root, 'xsd-spec.yaml'), xsdSpec(schema));
    const { specs } = await bundleSpecs([{ name: 'x', root: file }], { baseDir: root });
    const problems = specs[0]?.problems ?? [];
    expect(problems).toEqual(
      refused
        ? [
            expect.stringMatching(
              new RegExp(
                `^xsd-spec\\.yaml#/paths/~1o/post/requestBody/content/application~1xml/x-xsd/schema: .*\\[${refused}\\]$`,
              ),
            ),
          ]
        : [],
    );
    expect(problems.join('')).not.toContain('do-not-print-me');
    // A refused x-xsd is dropped from the bundle, so no loader reads it.
    expect(JSON.stringify(specs[0]?.document).includes('x-xsd')).toBe(refused === undefined);
  });
  it('refuses an x-xsd over the byte budget', async () => {
    write(join(root, 'xsd', 'Big.xsd'), `<!-- ${'x'.repeat(600)} -->\n`);
    const file = write(join(root, 'xsd-spec.yaml'), xsdSpec('xsd/Big.xsd'));
    const { specs } = await bundleSpecs([{ name: 'x', root: file }], {
      baseDir: root,
      budgets: { maxFileBytes: 500 },
    });
    expect(specs[0]?.problems[0]).toMatch(
      /xsd\/Big\.xsd: \d+ bytes, over the budget of 500 .*\[file-bytes\]$/,
    );
  });
});
