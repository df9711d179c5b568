import type { Change } from '../change.js';
import { compareRootExtensions } from './extensions.js';
import { comparePaths } from './operations.js';
import { compareSecuritySchemes } from './security.js';
import { compareServers } from './servers.js';
import { documentation, rootLoc, Walk } from './walk.js';
import { compareWebhooks } from './webhooks.js';

/** A bundled OpenAPI 3.0 or 3.1 document as a plain object (the output of `redocly bundle`). */
export type OpenApiDocument = Record<string, unknown>;

/** Classifies every difference between two bundled OpenAPI documents (see the catalogue in the README). */
export function diffSpecs(before: OpenApiDocument, after: OpenApiDocument): Change[] {
  const walk = new Walk(before, after);
  documentation(walk, before.info, after.info, rootLoc('#/info'));
  compareServers(walk, before, after, rootLoc('#'));
  comparePaths(walk);
  compareWebhooks(walk);
  compareSecuritySchemes(walk);
  compareRootExtensions(walk);
  return walk.changes;
}
