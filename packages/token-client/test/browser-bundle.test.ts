import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// esbuild comes with tsx; a bundler resolving the package by name honours its `browser` condition.
// This reads the built package (dist/), which `pnpm build` produces before the tests run.
const esbuild = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'))('esbuild') as {
  buildSync(options: Record<string, unknown>): { outputFiles: Array<{ text: string }> };
};
const packageDir = new URL('..', import.meta.url).pathname;

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function bundle(platform: 'browser' | 'node'): string {
  const entry = join(packageDir, `.bundle-entry-${platform}.mjs`);
  writeFileSync(
    entry,
    "import { AccessTokenProvider } from '@svc-contracts/token-client';\nexport const make = () => new AccessTokenProvider({});\n",
  );
  try {
    const result = esbuild.buildSync({
      entryPoints: [entry],
      bundle: true,
      write: false,
      format: 'esm',
      platform,
      logLevel: 'silent',
    });
    return result.outputFiles[0]?.text ?? '';
  } finally {
    rmSync(entry);
  }
}

describe('browser bundles', () => {
  it('get the throwing module and none of the token request code', async () => {
    const code = bundle('browser');
    expect(code).not.toContain('oauth2/token');
    dir = mkdtempSync(join(tmpdir(), 'token-browser-'));
    const file = join(dir, 'bundle.mjs');
    writeFileSync(file, code);
    await expect(import(pathToFileURL(file).href)).rejects.toThrow(/runs only on a server/);
  });

  it('server bundles get the client', () => {
    expect(bundle('node')).toContain('oauth2/token');
  });
});
