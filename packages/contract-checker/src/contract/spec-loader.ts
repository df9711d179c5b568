import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import type { Config } from '@redocly/openapi-core';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { parse } from 'yaml';

/** A service to check against: a name and its root OpenAPI document. */
export interface ServiceSource {
  name: string;
  /** Root document; relative paths resolve against the config's folder (or the working directory). */
  root: string;
}

export interface LoadedSpec {
  name: string;
  /** Absolute path of the root document. */
  root: string;
  /** Root document relative to the repository (the config's folder), `/`-separated, for messages. */
  relativeRoot: string;
  /** Folder of the root document; `x-xsd` paths are relative to it. */
  dir: string;
  document: OpenApiDocument;
  /** Errors Redocly reported while bundling (broken `$ref` and the like). */
  problems: string[];
}

/** Finds `redocly.yaml` in `start` or its nearest ancestor, the way the repository's scripts locate it. */
export function findConfigPath(start = process.cwd()): string | undefined {
  let dir = resolve(start);
  for (;;) {
    const candidate = resolve(dir, 'redocly.yaml');
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The services listed in the config's `apis`, in order (the single list every tool of the repo reads). */
export function servicesFromConfig(configPath: string): ServiceSource[] {
  const config = parse(readFileSync(configPath, 'utf8')) as {
    apis?: Record<string, { root?: string }>;
  } | null;
  return Object.entries(config?.apis ?? {})
    .filter(([, api]) => typeof api?.root === 'string')
    .map(([name, api]) => ({ name, root: resolve(dirname(configPath), api.root as string) }));
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

export interface BundledSpecs {
  specs: LoadedSpec[];
  /** Services whose root document does not exist yet. */
  missing: string[];
  /** Every file the bundles were read from (roots, split files, the config): absolute paths, or URLs. */
  files: string[];
}

/**
 * Bundles each service's split spec in memory, the way `redocly bundle` does. Services whose root
 * document does not exist yet are returned in `missing` rather than failing the load: specs are written
 * service by service and a listed-but-unwritten one must not block checking the others.
 */
export async function bundleSpecs(
  sources: ServiceSource[],
  opts: { configPath?: string; baseDir?: string } = {},
): Promise<BundledSpecs> {
  const baseDir = opts.baseDir ?? (opts.configPath ? dirname(opts.configPath) : process.cwd());
  // Loaded here, not at the top: it is the heaviest import of the checker, and a warm set-up cache
  // (contract-cache.ts) loads contracts without bundling.
  const { bundle, createConfig, loadConfig } = await import('@redocly/openapi-core');
  let config: Promise<Config> | undefined;
  const redoclyConfig = (): Promise<Config> => {
    // `createConfig()`, not `createConfig({})`: the same config, but relating `{}` to Redocly's config
    // type (thousands of lines of schema types) took tsc 5 s, two thirds of this package's type check.
    config ??= opts.configPath ? loadConfig({ configPath: opts.configPath }) : createConfig();
    return config;
  };
  const specs: LoadedSpec[] = [];
  const missing: string[] = [];
  const files = new Set<string>(opts.configPath ? [resolve(opts.configPath)] : []);
  for (const source of sources) {
    const root = isAbsolute(source.root) ? source.root : resolve(baseDir, source.root);
    if (!existsSync(root)) {
      missing.push(source.name);
      continue;
    }
    const relativeRoot = toPosix(relative(baseDir, root));
    const result = await bundle({ ref: root, config: await redoclyConfig() });
    files.add(root);
    // A remote `$ref` stays a URL (no file to read again); a local one becomes an absolute path.
    for (const file of result.fileDependencies)
      files.add(/^[a-z][a-z\d+.-]+:\/\//i.test(file) ? file : resolve(file));
    const problems = result.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => {
        const where = problem.location[0];
        const file = where ? toPosix(relative(baseDir, where.source.absoluteRef)) : relativeRoot;
        return `${file}${where?.pointer ?? ''}: ${problem.message}`;
      });
    specs.push({
      name: source.name,
      root,
      relativeRoot,
      dir: dirname(root),
      document: result.bundle.parsed as OpenApiDocument,
      problems,
    });
  }
  return { specs, missing, files: [...files] };
}
