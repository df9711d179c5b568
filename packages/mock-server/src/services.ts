import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { bundleSpecs, findConfigPath, servicesFromConfig } from '@svc-contracts/contract-checker';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';

/**
 * The services come from the `apis` of a `redocly.yaml`, the one list every tool of the repository
 * reads; finding, listing and bundling them is the contract checker's, so the mocks serve exactly the
 * documents the checker judges traffic against.
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
  const found = findConfigPath(startDir);
  if (!found) throw new SpecError(`No redocly.yaml found in ${startDir} or above it; pass --config <path>.`);
  return found;
}

export function listServices(configPath: string): ServiceSource[] {
  return servicesFromConfig(configPath).map(({ name, root }) => ({ name, root, dir: dirname(root) }));
}

/** Listed services whose root document exists: a service listed before its spec is written is skipped. */
export function isWritten(service: ServiceSource): boolean {
  return existsSync(service.root);
}

/** Bundles one service in memory the way `redocly bundle` does; a broken `$ref` is an error. */
export async function bundleService(configPath: string, source: ServiceSource): Promise<BundledService> {
  const { specs } = await bundleSpecs([source], { configPath });
  const [loaded] = specs;
  if (!loaded) throw new SpecError(`The ${source.name} spec does not exist: ${source.root}`);
  if (loaded.problems.length > 0) {
    throw new SpecError(`The ${source.name} spec does not bundle:\n  ${loaded.problems.join('\n  ')}`);
  }
  return { source, spec: loaded.document };
}
