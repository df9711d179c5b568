import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { fromRoot } from '../../lib/paths.ts';

/** The two functions of openapi-typescript's programmatic API we use (its types are not visible from here). */
export interface OpenapiTsModule {
  default: (source: object, options?: { silent?: boolean }) => Promise<unknown[]>;
  astToString: (ast: unknown[]) => string;
}

/**
 * openapi-typescript is a dev dependency of `@svc-contracts/client-runtime` (the package that owns the
 * generated code), not of the repository root, so pnpm's strict layout hides it from `scripts/`. We
 * resolve it from that package, the way its own build would.
 */
export async function loadOpenapiTypescript(): Promise<OpenapiTsModule> {
  const require = createRequire(fromRoot('packages', 'client-runtime', 'package.json'));
  const entry = require.resolve('openapi-typescript');
  return (await import(pathToFileURL(entry).href)) as OpenapiTsModule;
}
