// Issue 52: the docs server checked the path as a string, so a link inside its root served a file outside.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveStatic } from '../../scripts/docs/serve.ts';

const work = mkdtempSync(join(tmpdir(), 'docs-serve-'));
const root = join(work, 'site');
let server: StaticServer;
beforeAll(async () => {
  mkdirSync(join(root, 'xsd'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<h1>site</h1>');
  writeFileSync(join(root, 'xsd', 'a.xsd'), '<xs:schema/>');
  writeFileSync(join(work, 'secret.txt'), 'outside the root');
  mkdirSync(join(work, 'private'));
  writeFileSync(join(work, 'private', 'key.txt'), 'outside the root');
  symlinkSync(join(work, 'secret.txt'), join(root, 'secret.html'));
  symlinkSync(join(work, 'private'), join(root, 'private'));
  symlinkSync(join(root, 'xsd', 'a.xsd'), join(root, 'same.xsd'));
  server = await serveStatic(root, 0);
});
afterAll(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('serveStatic serves only real paths inside its root', () => {
  it.each([
    { path: '/', status: 200, text: '<h1>site</h1>' },
    { path: '/same.xsd', status: 200, text: '<xs:schema/>' },
    { path: '/secret.html', status: 404, text: 'Not found' },
    { path: '/private/key.txt', status: 404, text: 'Not found' },
    { path: '/..%2fsecret.txt', status: 403, text: 'Forbidden' },
    { path: '/nothing.html', status: 404, text: 'Not found' },
  ])('GET $path: $status', async ({ path, status, text }) => {
    const answer = await fetch(new URL(path, server.url));
    expect(answer.status).toBe(status);
    const body = await answer.text();
    expect(body).toBe(text);
    expect(body).not.toContain('outside the root');
  });
});
