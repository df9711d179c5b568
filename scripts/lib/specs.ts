import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { bundle, type Config, loadConfig } from '@redocly/openapi-core';
import { parse } from 'yaml';
import { fromRoot, relativizePaths, repoRoot } from './paths.ts';

/** One service as listed in `redocly.yaml` (`apis`), the single list every tool reads. */
export interface Service {
  name: string;
  /** Absolute path of the root OpenAPI document. */
  root: string;
  /** Root document path relative to the repository, for messages. */
  relativeRoot: string;
  /** Absolute path of the service folder (`specs/<name>`); `x-xsd` paths are relative to it. */
  dir: string;
}

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
};

export interface BundledService {
  service: Service;
  spec: OpenApiDocument;
  /** Problems Redocly reported while resolving (broken $ref and the like). */
  problems: string[];
}

export const defaultConfigPath = fromRoot('redocly.yaml');

/** The services of a Redocly config (default: the repository's `redocly.yaml`), roots resolved against it. */
export function listServices(configPath = defaultConfigPath): Service[] {
  const config = parse(readFileSync(configPath, 'utf8')) as { apis?: Record<string, { root: string }> };
  return Object.entries(config.apis ?? {}).map(([name, api]) => {
    const root = resolve(dirname(configPath), api.root);
    return { name, root, relativeRoot: relative(repoRoot, root), dir: dirname(root) };
  });
}

/** Services whose root document exists: a service listed before its spec is written is skipped. */
export function listWrittenServices(): Service[] {
  return listServices().filter((service) => existsSync(service.root));
}

export function getService(name: string): Service {
  const service = listServices().find((candidate) => candidate.name === name);
  if (!service) {
    const known = listServices()
      .map((candidate) => candidate.name)
      .join(', ');
    throw new Error(`Unknown service "${name}". Services listed in redocly.yaml: ${known}.`);
  }
  return service;
}

let configPromise: Promise<Config> | undefined;

function redoclyConfig(): Promise<Config> {
  configPromise ??= loadConfig({ configPath: defaultConfigPath });
  return configPromise;
}

/** Bundles a service's split spec into one document in memory, the way `redocly bundle` does. */
export async function bundleService(nameOrService: string | Service): Promise<BundledService> {
  const service = typeof nameOrService === 'string' ? getService(nameOrService) : nameOrService;
  const result = await bundle({ ref: service.root, config: await redoclyConfig() });
  const problems = result.problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => {
      const where = problem.location[0];
      const file = where ? relative(repoRoot, where.source.absoluteRef) : service.relativeRoot;
      return `${file}${where?.pointer ?? ''}: ${relativizePaths(problem.message)}`;
    });
  return { service, spec: result.bundle.parsed as OpenApiDocument, problems };
}
