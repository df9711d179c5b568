import { createHash, randomUUID } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import {
  type BundledSpec,
  type BundledSpecs,
  bundleSpecs,
  checkSpecFile,
  type ServiceSource,
  specRootOfFile,
} from '@svc-contracts/contract-model';
import { compiledValidatorsOf, usePrecompiledValidators } from './schema-validator.js';
import { SetupXsdCache } from './setup-xsd-cache.js';
import type { XmlLimits, XsdCache } from './xsd-cache.js';

/**
 * The set-up cache: what loading derives from the specs (the bundled documents, every schema an operation
 * uses compiled to Ajv standalone code, which XSDs compile) kept on disk, so that a process whose inputs
 * have not changed loads its contracts without Redocly, without compiling a schema, and compiles its XSDs
 * when first used.
 *
 * One file per set of services (config, roots, folders and the versions of the code that derives the
 * data), three lines: a header, the bundle, the validators. The header lists every input file with a hash
 * of its content (each file the bundler read, the config, the XSDs); a file is used only when its header
 * names the expected set, every input still hashes the same and the data hashes as recorded, so an edited
 * spec or XSD, a truncated write or a foreign file is a miss that rewrites it. Files are written under a
 * unique name and renamed into place, so concurrent loads (shards, worker threads) never read half a file.
 */

/** `false`: neither read nor write; `dir`: where the files go (default {@link defaultCacheDir}). */
export type ContractCacheOption = false | { dir?: string };

const cacheFormat = 2;
/** Files kept per folder: one per set of services, and sets of temporary folders come and go. */
const keptFiles = 32;

interface CacheHeader {
  format: number;
  key: string;
  /** Every file the data was derived from and a hash of its content (`null`: the file did not exist). */
  inputs: Array<[path: string, hash: string | null]>;
  /** The XSDs the contracts use that compiled (also among the inputs): compiled on first use on a hit. */
  xsds: string[];
  /** Hash of the two lines that follow the header. */
  dataHash: string;
}

/** Line 2 of a cache file. */
interface CachedBundle {
  specs: BundledSpec[];
  missing: string[];
}

/** Line 3: per service name, modules of Ajv standalone code (more when a later load compiled more). */
type CachedValidators = Record<string, string[]>;

interface CacheEntry {
  header: CacheHeader;
  /** Line 2 as read, written again unchanged when validators are added. */
  bundleLine: string;
  bundle: CachedBundle;
  validators: CachedValidators;
}

export interface ContractCacheSession {
  /** The bundled specs: from the cache when it holds them, else bundled with Redocly now. */
  bundle(): Promise<BundledSpecs>;
  /** The XSD cache to compile the contracts with: it records the XSDs used, and defers known-good ones. */
  xsdCache(): XsdCache;
  /** Waits for the compiled contracts and, after a miss, writes what they derived to the cache. */
  store<T>(compiled: Promise<T>): Promise<T>;
  /** Whether {@link bundle} read the cache (`hit`), bundled (`miss`), or the cache is off. */
  outcome(): 'hit' | 'miss' | 'off' | 'not read yet';
}

/** `node_modules/.cache/<name>` under the project folder (the find-cache-dir convention), or the variable's. */
export function defaultCacheDir(projectDir: string): string {
  const fromEnvironment = process.env.SVC_CONTRACTS_CACHE_DIR;
  if (fromEnvironment) return resolve(fromEnvironment);
  return join(projectDir, 'node_modules', '.cache', 'svc-contracts-contract-checker');
}

export function openContractCache(
  sources: ServiceSource[],
  opts: { configPath?: string; baseDir?: string; cache?: ContractCacheOption; xmlLimits?: XmlLimits },
): ContractCacheSession {
  const bundleOptions = {
    ...(opts.configPath ? { configPath: opts.configPath } : {}),
    ...(opts.baseDir ? { baseDir: opts.baseDir } : {}),
  };
  const projectDir = opts.baseDir ?? (opts.configPath ? dirname(resolve(opts.configPath)) : process.cwd());
  const xsd = new SetupXsdCache(opts.xmlLimits);
  const xsdCache = (): XsdCache => xsd;
  if (opts.cache === false) {
    return {
      bundle: () => bundleSpecs(sources, bundleOptions),
      xsdCache,
      store: (compiled) => compiled,
      outcome: () => 'off',
    };
  }

  const dir = opts.cache?.dir === undefined ? defaultCacheDir(projectDir) : resolve(opts.cache.dir);
  // Every root, written or not: a service whose root appears later must miss.
  const roots = sources.map((source) => resolve(projectDir, source.root));
  const key = sha256(
    JSON.stringify({
      format: cacheFormat,
      code: codeFingerprint(),
      configPath: opts.configPath === undefined ? null : resolve(opts.configPath),
      baseDir: resolve(projectDir),
      sources: sources.map((source, i) => [source.name, roots[i]]),
    }),
  );
  const file = join(dir, `${key.slice(0, 32)}.cache`);
  let fresh:
    | { bundled: BundledSpecs; bundleLine: string; inputs: Array<[string, string | null]> }
    | undefined;
  let reused: CacheEntry | undefined;

  return {
    async bundle() {
      reused = readCache(file, key);
      if (reused) {
        xsd.compileOnFirstUse(reused.header.xsds);
        const { specs, missing } = reused.bundle;
        for (const spec of specs) {
          const modules = reused.validators[spec.name];
          if (Array.isArray(modules)) usePrecompiledValidators(spec.document, modules);
        }
        return { specs, missing, files: reused.header.inputs.map(([path]) => path) };
      }
      const bundled = await bundleSpecs(sources, bundleOptions);
      // Serialised and hashed now, before compiling: the cache holds the bundle exactly as Redocly made it,
      // with the files as they were when it read them (as near as can be known).
      const cached: CachedBundle = { specs: bundled.specs, missing: bundled.missing };
      fresh = { bundled, bundleLine: JSON.stringify(cached), inputs: hashesOf([...bundled.files, ...roots]) };
      return bundled;
    },
    xsdCache,
    outcome: () => (reused ? 'hit' : fresh ? 'miss' : 'not read yet'),
    async store(compiled) {
      const result = await compiled;
      if (fresh) {
        const { bundled, bundleLine, inputs } = fresh;
        // A bundle with errors may depend on a file it could not read (a broken $ref), which no hash
        // covers; a remote $ref has no file to hash.
        const cacheable =
          bundled.specs.every((spec) => spec.problems.length === 0) &&
          bundled.files.every((path) => isAbsolute(path));
        if (cacheable) {
          writeCache(file, {
            key,
            inputs: [...inputs, ...hashesOf(xsdInputs(xsd.used))],
            xsds: await xsd.compiledXsds(),
            bundleLine,
            validators: withCompiled(bundled.specs, {}),
          });
        }
      } else if (reused) {
        // Compiled now what the cache lacked (the checker precompiles more than when it was written):
        // keep that too, so that the next load does not compile it again.
        const { header, bundle, bundleLine, validators } = reused;
        if (bundle.specs.some((spec) => compiledValidatorsOf(spec.document) !== undefined)) {
          writeCache(file, {
            key,
            inputs: [...header.inputs, ...hashesOf(xsdInputs(xsd.used))],
            xsds: await xsd.compiledXsds(),
            bundleLine,
            validators: withCompiled(bundle.specs, validators),
          });
        }
      }
      return result;
    },
  };
}

/** `previous` modules per service, plus one of what was compiled for each document since. */
function withCompiled(specs: BundledSpec[], previous: CachedValidators): CachedValidators {
  const validators: CachedValidators = {};
  for (const spec of specs) {
    const compiled = compiledValidatorsOf(spec.document);
    validators[spec.name] = [...(previous[spec.name] ?? []), ...(compiled === undefined ? [] : [compiled])];
  }
  return validators;
}

function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The XSDs the contracts name and every XSD beside them: the schemas they include or import are read by
 * the XSD engine, which does not say which, and are almost always there. (Not below: an XSD at the top
 * of a project would make that every file of the project.)
 */
function xsdInputs(xsds: Iterable<string>): string[] {
  const files = new Set<string>();
  const folders = new Set<string>();
  for (const xsd of xsds) {
    files.add(xsd);
    folders.add(dirname(xsd));
  }
  for (const folder of folders) {
    try {
      for (const name of readdirSync(folder))
        if (name.toLowerCase().endsWith('.xsd')) files.add(join(folder, name));
    } catch {
      // A folder that cannot be listed: its XSDs named in the specs are still inputs.
    }
  }
  return [...files].sort();
}

function hashesOf(paths: string[]): Array<[string, string | null]> {
  return [...new Set(paths)].map((path) => [path, hashOfFile(path)]);
}

function hashOfFile(path: string): string | null {
  try {
    return sha256(readFileSync(checkSpecFile(path, specRootOfFile(path))));
  } catch {
    return null;
  }
}

let fingerprint: string | undefined;

/**
 * The code that derives the cached data: the modules that bundle and compile (their content, so a
 * change to them during development misses too), the checker's manifest, and the manifests (versions
 * and pinned dependencies) of Ajv, ajv-formats, the contract model, Redocly and the XML validator
 * (whether an XSD compiles) as installed, read without loading them.
 */
function codeFingerprint(): string {
  if (fingerprint !== undefined) return fingerprint;
  const here = fileURLToPath(import.meta.url);
  const ext = extname(here);
  const requireHere = createRequire(import.meta.url);
  const modules = ['contract-cache', 'schema-validator'].map((name) =>
    hashOfFile(join(dirname(here), `${name}${ext}`)),
  );
  // Bundling is the contract model's: its bundle modules (beside its entry), and Redocly as it resolves it.
  let requireModel: NodeJS.Require | undefined;
  try {
    const model = requireHere.resolve('@svc-contracts/contract-model');
    for (const name of ['bundle', 'redocly'])
      modules.push(hashOfFile(join(dirname(model), `${name}${extname(model)}`)));
    requireModel = createRequire(model);
  } catch {
    modules.push(null);
  }
  const manifestOf = (name: string, from: NodeJS.Require | undefined): string => {
    try {
      return `${name}@${installedManifest((from ?? requireHere).resolve(name), name)}`;
    } catch {
      return `${name}@?`;
    }
  };
  const packages = [
    ...['ajv', 'ajv-formats', '@svc-contracts/contract-model', '@svc-contracts/xml-validator'].map((name) =>
      manifestOf(name, requireHere),
    ),
    manifestOf('@redocly/openapi-core', requireModel),
  ];
  fingerprint = sha256(
    JSON.stringify({
      modules,
      manifest: hashOfFile(join(dirname(here), '..', '..', 'package.json')),
      packages,
    }),
  );
  return fingerprint;
}

/** Hash of the manifest of the package `name` that `entry` (a file resolved from `name`) belongs to. */
function installedManifest(entry: string, name: string): string {
  for (let dir = dirname(entry); dirname(dir) !== dir; dir = dirname(dir)) {
    try {
      const text = readFileSync(join(dir, 'package.json'), 'utf8');
      if ((JSON.parse(text) as { name?: string }).name === name) return sha256(text);
    } catch {
      // No manifest in this folder: keep climbing.
    }
  }
  return '?';
}

function readCache(file: string, key: string): CacheEntry | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const [headerLine, bundleLine, validatorsLine, ...rest] = text.split('\n');
    if (headerLine === undefined || bundleLine === undefined || validatorsLine === undefined)
      return undefined;
    if (rest.length > 0) return undefined;
    const header = JSON.parse(headerLine) as CacheHeader;
    if (header.format !== cacheFormat || header.key !== key || !Array.isArray(header.inputs))
      return undefined;
    if (!Array.isArray(header.xsds) || header.xsds.some((path) => typeof path !== 'string')) return undefined;
    for (const [path, hash] of header.inputs) if (hashOfFile(path) !== hash) return undefined;
    if (sha256(`${bundleLine}\n${validatorsLine}`) !== header.dataHash) return undefined;
    const bundle = JSON.parse(bundleLine) as CachedBundle;
    const validators = JSON.parse(validatorsLine) as CachedValidators;
    if (!Array.isArray(bundle.specs) || !Array.isArray(bundle.missing)) return undefined;
    if (typeof validators !== 'object' || validators === null) return undefined;
    return { header, bundleLine, bundle, validators };
  } catch {
    return undefined;
  }
}

function writeCache(
  file: string,
  entry: {
    key: string;
    inputs: Array<[string, string | null]>;
    xsds: string[];
    bundleLine: string;
    validators: CachedValidators;
  },
): void {
  const validatorsLine = JSON.stringify(entry.validators);
  const header: CacheHeader = {
    format: cacheFormat,
    key: entry.key,
    inputs: [...new Map(entry.inputs)],
    xsds: entry.xsds,
    dataHash: sha256(`${entry.bundleLine}\n${validatorsLine}`),
  };
  const temporary = join(dirname(file), `${basename(file)}.${process.pid}-${threadId}-${randomUUID()}.tmp`);
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, `${JSON.stringify(header)}\n${entry.bundleLine}\n${validatorsLine}`);
    renameSync(temporary, file);
    pruneOldFiles(dirname(file));
  } catch {
    // A cache that cannot be written (read-only folder, full disk) only costs the next load its time.
    rmSync(temporary, { force: true });
  }
}

/** Keeps the newest files, and drops what a killed writer left half-written an hour ago or more. */
function pruneOldFiles(dir: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(dir).filter((name) => name.endsWith('.tmp'))) {
    try {
      if (statSync(join(dir, name)).mtimeMs < hourAgo) unlinkSync(join(dir, name));
    } catch {
      // Renamed or removed meanwhile by its writer.
    }
  }
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.cache'))
    .map((name) => {
      const path = join(dir, name);
      try {
        return { path, mtime: statSync(path).mtimeMs };
      } catch {
        return { path, mtime: Number.POSITIVE_INFINITY };
      }
    })
    .sort((a, b) => b.mtime - a.mtime);
  for (const { path } of files.slice(keptFiles)) {
    try {
      unlinkSync(path);
    } catch {
      // Removed meanwhile by another process.
    }
  }
}
