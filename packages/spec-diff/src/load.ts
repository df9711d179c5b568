// Reading a spec file for the two-file mode: bundled (cross-file `$ref`s followed) by the contract model,
// the one bundling implementation of the repository (Redocly's `bundle`, as `redocly bundle` does).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve, sep } from 'node:path';
import { bundleSpecs, checkSpecFile, parseSpecText } from '@svc-contracts/contract-model';
import { isObject } from '@svc-contracts/openapi-utils';
import type { OpenApiDocument } from './openapi/index.js';

/** A spec that could not be read: the message names the file and what is wrong. */
export class SpecReadError extends Error {
  override name = 'SpecReadError';
}

/** Bundles an OpenAPI 3.0 or 3.1 document (YAML or JSON, `$ref`s across files); throws SpecReadError. */
export async function loadSpecFile(file: string, cwd: string = process.cwd()): Promise<OpenApiDocument> {
  const root = resolve(cwd, file);
  if (!existsSync(root)) throw new SpecReadError(`${file}: no such file`);
  if (!statSync(root).isFile()) throw new SpecReadError(`${file}: not a file`);
  let loaded: Awaited<ReturnType<typeof bundleSpecs>>;
  try {
    // Alias chains ended: the comparison follows a bounded number of `$ref` hops.
    loaded = await bundleSpecs([{ name: basename(root), root }], {
      baseDir: dirname(root),
      aliasChains: 'ended',
    });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? '';
    // Redocly's words for a file with no document in it; `git show REF:path` of a deleted file writes nothing.
    const empty =
      message === 'Document must be JSON object, got undefined'
        ? 'holds no document (an empty file): if it was taken from a release where this file no longer exists, the service it described was removed there, with every operation'
        : message.startsWith('Document must be JSON object')
          ? 'not an OpenAPI document (expected an object at the top)'
          : message;
    throw new SpecReadError(`${file}: ${empty}`, { cause: error });
  }
  const [spec] = loaded.specs;
  if (!spec) throw new SpecReadError(`${file}: no such file`);
  if (spec.problems.length > 0)
    throw new SpecReadError(
      `${file}: could not be bundled:\n${spec.problems.map((problem) => `  ${relativeTo(problem, dirname(root))}`).join('\n')}`,
    );
  const document = spec.document as unknown;
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw new SpecReadError(`${file}: not an OpenAPI document (expected an object at the top)`);
  const version = (document as { openapi?: unknown }).openapi;
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version))
    throw new SpecReadError(
      `${file}: not an OpenAPI 3.0 or 3.1 document (\`openapi: ${version === undefined ? '(missing)' : String(version)}\`; a Swagger 2.0 file must be converted first)`,
    );
  return document as OpenApiDocument;
}

/** Redocly names files by absolute path in some messages; print them relative to the spec's folder. */
function relativeTo(message: string, dir: string): string {
  return message.split(`${dir}${sep}`).join('');
}

/** Reads an XSD file's text for the two-file mode; throws SpecReadError naming the file. */
export function readXsdFile(file: string, cwd: string = process.cwd()): string {
  const path = resolve(cwd, file);
  if (!existsSync(path)) throw new SpecReadError(`${file}: no such file`);
  if (!statSync(path).isFile()) throw new SpecReadError(`${file}: not a file`);
  return readFileSync(path, 'utf8');
}

/** The spec with an OpenAPI Overlay 1.0 document applied by openapi-format (a proposal `contract-check
 * --propose` wrote); an action whose target finds nothing means the overlay is for another spec. */
export async function applyOverlay(file: string, spec: OpenApiDocument, cwd: string) {
  const path = resolve(cwd, file);
  const refuse = (why: string) => new SpecReadError(`${file}: ${why}`);
  let overlay: unknown;
  try {
    overlay = parseSpecText(readFileSync(checkSpecFile(path, dirname(path)), 'utf8'), file);
  } catch (error) {
    throw refuse((error as Error).message);
  }
  if (!isObject(overlay) || !/^1\.0\./.test(String(overlay.overlay)) || !Array.isArray(overlay.actions))
    throw refuse('not an OpenAPI Overlay 1.0 document (`overlay: 1.0.0` and its `actions`)');
  const { openapiOverlay } = await import('openapi-format');
  const applied = await openapiOverlay(structuredClone(spec) as never, { overlaySet: overlay as never });
  const unused = (applied.resultData?.unusedActions ?? []) as Array<{ target?: unknown }>;
  const targets = unused.map((a) => a.target).slice(0, 3);
  if (unused.length > 0)
    throw refuse(`${unused.length} actions target nothing in the spec (${targets.join(', ')})`);
  return applied.data as OpenApiDocument;
}
