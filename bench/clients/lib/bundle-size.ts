import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The part of esbuild's API we use (its types are not visible from the repository root). */
interface Esbuild {
  version: string;
  build(options: Record<string, unknown>): Promise<{ outputFiles: Array<{ contents: Uint8Array }> }>;
}

export interface BundleSize {
  minBytes: number;
  gzipBytes: number;
}

/**
 * esbuild is not a dependency of the repository root but comes with tsx (and vitest); we load it from
 * there rather than add a dependency for the benchmark.
 */
function loadEsbuild(): Esbuild {
  const fromTsx = createRequire(createRequire(import.meta.url).resolve('tsx/package.json'));
  return fromTsx('esbuild') as Esbuild;
}

/** The version of the esbuild that bundles. */
export function esbuildVersion(): string {
  return loadEsbuild().version;
}

/**
 * Minified and gzipped size of a bundle of `entry` (module source that imports a client and calls one
 * method), as an application would ship it: ESM, tree-shaken, minified, Node built-ins left out.
 */
export async function bundleSize(entry: string, platform: 'node' | 'browser' = 'node'): Promise<BundleSize> {
  const esbuild = loadEsbuild();
  const dir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    const file = join(dir, 'entry.mjs');
    writeFileSync(file, entry);
    const result = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      minify: true,
      format: 'esm',
      platform,
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]?.contents ?? new Uint8Array();
    return { minBytes: code.byteLength, gzipBytes: gzipSync(code, { level: 9 }).byteLength };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
