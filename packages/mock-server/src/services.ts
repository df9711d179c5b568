import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { bundle, loadConfig } from '@redocly/openapi-core';
import { parse } from 'yaml';
import type { OpenApiDocument } from './openapi.js';

/**
 * The services come from the `apis` of a `redocly.yaml`, the one list every tool of the repository
 * reads. The package bundles the specs itself (instead of importing the repository's scripts) so that
 * it works when installed on its own: point it at any Redocly config.
 */
export interface ServiceSource {
  name: string;
  /** Absolute path of the root OpenAPI document. */
  root: string;
  /** Absolute path of the folder of the root document; `x-xsd` paths are relative to it. */
  dir: string;
}

export interface BundledService {
  source: ServiceSource;
  spec: OpenApiDocument;
}

export class SpecError extends Error {
  override readonly name = 'SpecError';
}

/** The nearest `redocly.yaml` from `startDir` upwards. */
export function findConfig(startDir: string = process.cwd()): string {
  for (let dir = resolve(startDir); ; dir = dirname(dir)) {
    const candidate = join(dir, 'redocly.yaml');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) {
      throw new SpecError(`No redocly.yaml found in ${startDir} or above it; pass --config <path>.`);
    }
  }
}

export function listServices(configPath: string): ServiceSource[] {
  const config = parse(readFileSync(configPath, 'utf8')) as { apis?: Record<string, { root?: string }> };
  return Object.entries(config.apis ?? {}).map(([name, api]) => {
    if (typeof api?.root !== 'string') throw new SpecError(`${configPath}: apis.${name} has no root.`);
    const root = resolve(dirname(configPath), api.root);
    return { name, root, dir: dirname(root) };
  });
}

/** Listed services whose root document exists: a service listed before its spec is written is skipped. */
export function isWritten(service: ServiceSource): boolean {
  return existsSync(service.root);
}

const configs = new Map<string, ReturnType<typeof loadConfig>>();

/** Bundles one service in memory the way `redocly bundle` does; a broken `$ref` is an error. */
export async function bundleService(configPath: string, source: ServiceSource): Promise<BundledService> {
  let configPromise = configs.get(configPath);
  if (!configPromise) {
    configPromise = loadConfig({ configPath });
    configs.set(configPath, configPromise);
  }
  const config = await configPromise;
  const result = await bundle({ ref: source.root, config });
  const problems = result.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => {
      const where = problem.location[0];
      const file = where ? relative(process.cwd(), where.source.absoluteRef) : source.root;
      return `${file}${where?.pointer ?? ''}: ${problem.message}`;
    });
  if (problems.length > 0) {
    throw new SpecError(`The ${source.name} spec does not bundle:\n  ${problems.join('\n  ')}`);
  }
  return { source, spec: result.bundle.parsed as OpenApiDocument };
}
