import { existsSync } from 'node:fs';
import { dirname, relative } from 'node:path';
// The repository's tooling reads and bundles specs exactly as the contract checker does: one loader.
import { bundleSpecs, servicesFromConfig } from '@svc-contracts/contract-checker';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { fromRoot, relativizePaths, repoRoot } from './paths.ts';

export type { OpenApiDocument };

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

export interface BundledService {
  service: Service;
  spec: OpenApiDocument;
  /** Problems Redocly reported while resolving (broken $ref and the like). */
  problems: string[];
}

export const defaultConfigPath = fromRoot('redocly.yaml');

/** The services of a Redocly config (default: the repository's `redocly.yaml`), roots resolved against it. */
export function listServices(configPath = defaultConfigPath): Service[] {
  return servicesFromConfig(configPath).map(({ name, root }) => ({
    name,
    root,
    relativeRoot: relative(repoRoot, root),
    dir: dirname(root),
  }));
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

/** Bundles a service's split spec into one document in memory, the way `redocly bundle` does. */
export async function bundleService(nameOrService: string | Service): Promise<BundledService> {
  const service = typeof nameOrService === 'string' ? getService(nameOrService) : nameOrService;
  const { specs } = await bundleSpecs([service], { configPath: defaultConfigPath });
  const [loaded] = specs;
  if (!loaded) throw new Error(`${service.relativeRoot} does not exist.`);
  return { service, spec: loaded.document, problems: loaded.problems.map(relativizePaths) };
}
