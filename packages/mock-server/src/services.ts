import {
  bundleService as bundle,
  findConfigPath,
  isWritten,
  type Service,
  SpecError,
  listServices as servicesOf,
} from '@svc-contracts/contract-model';
import type { OpenApiDocument } from '@svc-contracts/openapi-utils';

/** The services come from the `apis` of a `redocly.yaml`, the one list every tool of the repository reads;
 * listing and bundling them is the contract model's (`@svc-contracts/contract-model`), so the mocks serve
 * exactly the documents the checker judges traffic against. */
export type ServiceSource = Pick<Service, 'name' | 'root' | 'dir'>;

export interface BundledService {
  source: ServiceSource;
  spec: OpenApiDocument;
}

export { isWritten, SpecError };

/** The nearest `redocly.yaml` from `startDir` upwards. */
export function findConfig(startDir: string = process.cwd()): string {
  const found = findConfigPath(startDir);
  if (!found) throw new SpecError(`No redocly.yaml found in ${startDir} or above it; pass --config <path>.`);
  return found;
}

export function listServices(configPath: string): Service[] {
  return servicesOf(configPath);
}

/** Bundles one service in memory the way `redocly bundle` does; a broken `$ref` is an error. */
export async function bundleService(configPath: string, source: ServiceSource): Promise<BundledService> {
  const loaded = await bundle(source, { configPath });
  if (loaded.problems.length > 0) {
    throw new SpecError(`The ${source.name} spec does not bundle:\n  ${loaded.problems.join('\n  ')}`);
  }
  return { source, spec: loaded.document };
}
