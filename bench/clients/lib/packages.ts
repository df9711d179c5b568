// The built packages the clients bench measures, and the openapi-fetch they resolve (checked before timing).
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CallRequest } from '@svc-contracts/client-runtime';
import { fromRoot, repoRoot } from '../../../scripts/lib/paths.ts';
import { packageVersion } from '../../lib/versions.ts';

/** Our client packages (their versions go into the section). */
export const CLIENTS = [
  'agents-client',
  'token-client',
  'messaging-client',
  'voice-client',
  'mfa-client',
  'numbers-client',
];
export const dist = (name: string) => fromRoot('packages', name, 'dist', 'index.js');
const openapiFetchDir = fromRoot('packages', 'client-runtime', 'node_modules', 'openapi-fetch');
export const openapiFetchEntry = `${openapiFetchDir}/dist/index.mjs`;
export const openapiFetchVersion = packageVersion(`${openapiFetchDir}/package.json`);

/** Throws when a build the bundles import, or openapi-fetch, is missing. */
export function checkBuilds(): void {
  // The client bundles import these builds (the clients, and the workspace packages they depend on).
  for (const entry of [...CLIENTS, 'client-runtime', 'xml-validator'].map(dist)) {
    if (!existsSync(entry)) {
      throw new Error(
        `${relative(repoRoot, entry)} is missing: run \`pnpm build\` first (the bundle sizes measure the built packages).`,
      );
    }
  }
  if (!existsSync(openapiFetchEntry)) {
    throw new Error(`${relative(repoRoot, openapiFetchEntry)} is missing: run \`pnpm install\` first.`);
  }
}

/** The part of an untyped openapi-fetch client the comparison calls (its paths typed as plain strings). */
export interface PlainOpenapiFetch {
  GET(path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
  POST(path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

export interface OpenapiFetchModule {
  default: (options: {
    baseUrl: string;
    Request?: unknown;
    fetch?: (request: CallRequest) => Promise<Response>;
  }) => PlainOpenapiFetch;
}

/** openapi-fetch as our clients resolve it (client-runtime's copy). */
export async function loadOpenapiFetch(): Promise<OpenapiFetchModule> {
  // architecture-allow dynamic-import: the openapi-fetch our clients resolve (client-runtime's), not a second copy.
  return (await import(pathToFileURL(openapiFetchEntry).href)) as OpenapiFetchModule;
}
