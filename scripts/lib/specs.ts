// The repository's tooling lists and bundles specs with the contract model, the one registry and bundler.

import { relative } from 'node:path';
import {
  bundleService as bundle,
  isWritten,
  type Service,
  listServices as servicesOf,
} from '@svc-contracts/contract-model';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';
import { fromRoot, relativizePaths, repoRoot } from './paths.ts';

export type { OpenApiDocument, Service };

export interface BundledService {
  service: Service;
  spec: OpenApiDocument;
  /** Problems Redocly reported while resolving (broken $ref and the like). */
  problems: string[];
}

export const defaultConfigPath = fromRoot('redocly.yaml');

/**
 * The services of a Redocly config (default: the repository's `redocly.yaml`), roots resolved against it;
 * `relativeRoot` relative to the repository, also for a config elsewhere (messages name repository files).
 */
export function listServices(configPath = defaultConfigPath): Service[] {
  return servicesOf(configPath).map((service) => ({
    ...service,
    relativeRoot: relative(repoRoot, service.root),
  }));
}

/** Services whose root document exists: a service listed before its spec is written is skipped. */
export function listWrittenServices(): Service[] {
  return listServices().filter(isWritten);
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

/**
 * Bundles a service's split spec into one document in memory, the way `redocly bundle` does, within the
 * spec root of `configPath` (the config the service was listed from).
 */
export async function bundleService(
  nameOrService: string | Service,
  configPath = defaultConfigPath,
): Promise<BundledService> {
  const service = typeof nameOrService === 'string' ? getService(nameOrService) : nameOrService;
  if (!isWritten(service)) throw new Error(`${service.relativeRoot} does not exist.`);
  const loaded = await bundle(service, { configPath });
  return { service, spec: loaded.document, problems: loaded.problems.map(relativizePaths) };
}
