import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from './helpers.js';

// Spectral follows `$ref`s through the spec-input resolver: each rule with the case it lets through.
const dir = mkdtempSync(join(tmpdir(), 'spectral-spec-input-'));
const root = join(dir, 'root');
mkdirSync(root);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'secret.yaml'), 'type: object\nproperties: {spectral-secret-4b1f: {type: string}}\n');
writeFileSync(join(root, 'inside.yaml'), 'type: string\n');
symlinkSync(join(dir, 'secret.yaml'), join(root, 'link-out.yaml'));
writeFileSync(join(root, 'bomb.yaml'), 'a: &a [x, x, x, x]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n');

const spec = (ref: string) =>
  `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '${ref}'}\n`;

async function refusals(ref: string) {
  const results = await lint(spec(ref), { source: join(root, 'openapi.yaml'), root });
  const text = JSON.stringify(results);
  expect(text).not.toContain('spectral-secret-4b1f');
  return results
    .filter((result) => result.code === 'invalid-ref')
    .map((result) => ({ rule: /\[([a-z-]+)\]$/.exec(result.message)?.[1], path: result.path.join('/') }));
}

describe('Spectral reads a spec under the spec-input policy', () => {
  it.each([
    { ref: './inside.yaml', rule: undefined },
    { ref: '../secret.yaml', rule: 'outside-root' },
    { ref: './link-out.yaml', rule: 'symlink-outside-root' },
    // Spectral makes `file:///etc/passwd` a path under the document's folder: never /etc/passwd.
    { ref: 'file:///etc/passwd', rule: 'not-a-file' },
  ])('$ref → $rule', async ({ ref, rule }) => {
    expect(await refusals(ref)).toEqual(rule ? [{ rule, path: 'components/schemas/A/$ref' }] : []);
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
      expect(await refusals(`http://127.0.0.1:${port}/s.yaml`)).toEqual([
        { rule: 'remote-ref', path: 'components/schemas/A/$ref' },
      ]);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });

  it('parses a named file under the budgets before Spectral does', async () => {
    process.env.SPEC_MAX_YAML_NODES = '40';
    try {
      expect(await refusals('./bomb.yaml')).toEqual([
        { rule: 'yaml-nodes', path: 'components/schemas/A/$ref' },
      ]);
    } finally {
      delete process.env.SPEC_MAX_YAML_NODES;
    }
  });
});
