import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { isObject, type OpenApiDocument, resolvePointer } from '@svc-contracts/openapi-utils';
import { EXTENSION } from './extensions/names.js';
import { XSD_PATH_FIELDS, xsdReferencesIn } from './extensions/xsd.js';
import { openBundler } from './redocly.js';
import type { SpecInputPolicy } from './resolver.js';
import {
  findConfigPath,
  isWritten,
  type Service,
  type ServiceSource,
  serviceOf,
  toPosix,
} from './services.js';
import { checkSpecFile, isInside, type SpecBudgets, SpecInputError, specBudgets } from './spec-input.js';

/** A service's spec bundled into one document (every `$ref` across files followed), as `redocly bundle` does. */
export interface BundledSpec extends Service {
  document: OpenApiDocument;
  /** Errors Redocly reported while bundling (broken `$ref` and the like): `file#/pointer: message`. */
  problems: string[];
}

export interface BundledSpecs {
  specs: BundledSpec[];
  /** Services whose root document does not exist yet. */
  missing: string[];
  /** Every file the bundles were read from (roots, split files, the config): absolute paths, or URLs. */
  files: string[];
}

export interface BundleOptions {
  /** The `redocly.yaml` whose rules and resolution apply; its folder is the base of relative roots. */
  configPath?: string | undefined;
  /** Base folder of relative roots and of the paths in messages (default: the config's folder, or the working directory). */
  baseDir?: string | undefined;
  /** The folder every `$ref` must stay inside (default: the repository holding the config, else its folder, else each root's). */
  root?: string;
  /** Parsing budgets (default: `specBudgets()`, the environment's or the defaults). */
  budgets?: Partial<SpecBudgets>;
  /** The root document's `$ref`s to alias chains as written (default) or pointed at each chain's end. */
  aliasChains?: SpecInputPolicy['aliasChains'];
}

/** Bundles each service's split spec in memory; a service whose root document is not written yet is in `missing`. */
export async function bundleSpecs(
  sources: ReadonlyArray<ServiceSource | Service>,
  opts: BundleOptions = {},
): Promise<BundledSpecs> {
  const baseDir = opts.baseDir ?? (opts.configPath ? dirname(opts.configPath) : process.cwd());
  // Redocly is loaded on the first root to bundle, not at the top: it is a heavy import.
  const bundle = openBundler(opts.configPath || undefined);
  const root = opts.root ?? (opts.configPath ? specRootOf(opts.configPath) : undefined);
  const specs: BundledSpec[] = [];
  const missing: string[] = [];
  const files = new Set<string>(opts.configPath ? [resolve(opts.configPath)] : []);
  for (const source of sources) {
    const service = serviceOf(source, baseDir);
    if (!isWritten(service)) {
      missing.push(service.name);
      continue;
    }
    const result = await bundle(service.root, {
      root: root ?? service.dir,
      ...(opts.budgets ? { budgets: opts.budgets } : {}),
      ...(opts.aliasChains ? { aliasChains: opts.aliasChains } : {}),
    });
    files.add(service.root);
    for (const file of result.fileDependencies)
      files.add(/^[a-z][a-z\d+.-]+:\/\//i.test(file) ? file : resolve(file));
    const problems = result.problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => {
        const where = problem.location[0];
        const file = where ? toPosix(relative(baseDir, where.source.absoluteRef)) : service.relativeRoot;
        return `${file}${where?.pointer ?? ''}: ${problem.message}`;
      });
    const document = result.bundle.parsed as OpenApiDocument;
    problems.push(...xsdRefusals(document, service, root ?? service.dir, opts.budgets));
    specs.push({ ...service, document, problems });
  }
  return { specs, missing, files: [...files] };
}

/** The `x-xsd` files the policy refuses, as problems at their place, their `x-xsd` dropped so nothing reads them. */
function xsdRefusals(
  document: OpenApiDocument,
  service: Service,
  root: string,
  budgets: Partial<SpecBudgets> | undefined,
): string[] {
  const problems: string[] = [];
  for (const reference of xsdReferencesIn(document))
    for (const field of XSD_PATH_FIELDS) {
      const path = reference[field] === undefined ? undefined : resolve(service.dir, reference[field]);
      if (path === undefined || (!existsSync(path) && isInside(path, resolve(root)))) continue;
      try {
        checkSpecFile(path, root, specBudgets(process.env, budgets));
      } catch (error) {
        if (!(error instanceof SpecInputError)) throw error;
        problems.push(
          `${service.relativeRoot}#${reference.pointer}/${EXTENSION.xsd}/${field}: ${error.message}`,
        );
        const holder = resolvePointer(document, reference.pointer);
        if (isObject(holder)) delete holder[EXTENSION.xsd];
      }
    }
  return problems;
}

/** A spec that does not exist or does not bundle. */
export class SpecError extends Error {
  override readonly name = 'SpecError';
}

/** Bundles one service; SpecError when its root document does not exist, Redocly's problems returned. */
export async function bundleService(
  service: ServiceSource | Service,
  opts: BundleOptions = {},
): Promise<BundledSpec> {
  const { specs } = await bundleSpecs([service], opts);
  const [loaded] = specs;
  if (!loaded) throw new SpecError(`The ${service.name} spec does not exist: ${service.root}`);
  return loaded;
}

/** The root a config's specs are read within: the repository holding it, else the config's folder. */
export function specRootOf(configPath: string): string {
  const dir = dirname(resolve(configPath));
  return repositoryOf(dir) ?? dir;
}

/** The root a file a spec names (an XSD) is read within: its repository, else the nearest `redocly.yaml`'s folder, else its own. */
export function specRootOfFile(file: string): string {
  const dir = dirname(resolve(file));
  const config = findConfigPath(dir);
  return repositoryOf(dir) ?? (config ? dirname(config) : dir);
}

/** The git working tree holding `dir` (its nearest folder with a `.git`). */
function repositoryOf(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(resolve(at, '.git'))) return at;
    if (dirname(at) === at) return undefined;
  }
}
