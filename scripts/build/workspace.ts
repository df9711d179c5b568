// The build graph of the workspace, read from where it is declared: each package.json's `workspace:`
// dependencies, and the project references of each packages/*/tsconfig.build.json that `tsc -b` follows.
// The two must agree, or `tsc -b` builds a package before the one it imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';

export interface WorkspacePackage {
  name: string;
  /** Absolute folder, `packages/<dir>`. */
  dir: string;
  /** Names of the workspace packages its package.json depends on (any dependency field). */
  dependsOn: string[];
}

const dependencyFields = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** Every folder under `packages/` with a package.json, sorted by folder. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const base = join(root, 'packages');
  const found = readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(base, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(base, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
      const declared = dependencyFields.flatMap((field) =>
        Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
      );
      return { name: manifest.name as string, dir, declared };
    })
    .sort((a, b) => a.dir.localeCompare(b.dir));
  const names = new Set(found.map((pkg) => pkg.name));
  return found.map(({ name, dir, declared }) => ({
    name,
    dir,
    dependsOn: [...new Set(declared.filter((dep) => names.has(dep)))].sort(),
  }));
}

/**
 * The `references` of a tsconfig (JSON with comments and trailing commas, as tsc reads it), as absolute
 * tsconfig paths. Read with jsonc-parser rather than TypeScript: loading TypeScript was most of the time
 * of `prepare`, which every `pnpm build` runs.
 */
export function projectReferences(tsconfigPath: string): string[] {
  const text = readFileSync(tsconfigPath, 'utf8');
  const errors: ParseError[] = [];
  const config: unknown = parse(text, errors, { allowTrailingComma: true });
  const [first] = errors;
  if (first !== undefined) {
    const before = text.slice(0, first.offset).split('\n');
    const where = `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
    throw new Error(`${tsconfigPath} (${where}): ${printParseErrorCode(first.error)}`);
  }
  const references = (config as { references?: Array<{ path: string }> } | undefined)?.references ?? [];
  return references.map((reference) => {
    const target = resolve(tsconfigPath, '..', reference.path);
    return target.endsWith('.json') ? target : join(target, 'tsconfig.json');
  });
}

/** Workspace packages a package's sources import (`from '@svc-contracts/x'`, `import('@svc-contracts/x')`). */
export function importedWorkspacePackages(pkg: WorkspacePackage, names: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|cts|mts|cjs|mjs|js)$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8');
        for (const match of text.matchAll(
          /(?:from\s+|import\s*\(\s*|require\s*\(\s*)['"](@[^/'"]+\/[^/'"]+)/g,
        ))
          if (match[1] && names.has(match[1]) && match[1] !== pkg.name) found.add(match[1]);
      }
    }
  };
  walk(join(pkg.dir, 'src'));
  return [...found].sort();
}

/**
 * Every disagreement between what the packages declare and what `tsc -b` follows: an import of a workspace
 * package missing from package.json, a dependency without its project reference (or a reference without its
 * dependency), and a package missing from the root tsconfig.build.json. Empty when the graph is sound.
 */
export function buildGraphProblems(root: string, only?: readonly string[]): string[] {
  const packages = workspacePackages(root);
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const names = new Set(byName.keys());
  const checked = only ? packages.filter((pkg) => only.includes(pkg.dir)) : packages;
  const problems: string[] = [];
  const shown = (path: string) => relative(root, path);
  const tsconfigOf = (pkg: WorkspacePackage) => join(pkg.dir, 'tsconfig.build.json');

  for (const pkg of checked) {
    for (const imported of importedWorkspacePackages(pkg, names))
      if (!pkg.dependsOn.includes(imported))
        problems.push(`${pkg.name} imports ${imported} but its package.json does not depend on it`);
    if (!existsSync(tsconfigOf(pkg))) {
      problems.push(`${pkg.name} has no ${shown(tsconfigOf(pkg))}`);
      continue;
    }
    const references = new Set(projectReferences(tsconfigOf(pkg)));
    const expected = new Set(pkg.dependsOn.map((name) => tsconfigOf(byName.get(name) as WorkspacePackage)));
    for (const path of expected)
      if (!references.has(path))
        problems.push(
          `${shown(tsconfigOf(pkg))} lacks { "path": "${relative(pkg.dir, path)}" } in "references"`,
        );
    for (const path of references)
      if (!expected.has(path))
        problems.push(
          `${shown(tsconfigOf(pkg))} references ${shown(path)}, not a dependency in its package.json`,
        );
  }

  const solution = join(root, 'tsconfig.build.json');
  const listed = new Set(existsSync(solution) ? projectReferences(solution) : []);
  for (const pkg of checked)
    if (!listed.has(tsconfigOf(pkg)))
      problems.push(
        `tsconfig.build.json does not reference ${shown(tsconfigOf(pkg))}: pnpm run build skips it`,
      );
  return problems;
}

/** Where `tsc -b` keeps a package's build state (outside dist/: never published). */
export function buildInfoPath(dir: string): string {
  return join(dir, 'node_modules', '.cache', 'tsconfig.build.tsbuildinfo');
}

/**
 * Build states whose dist/ was deleted: `tsc -b` trusts the build state and would call the package up to
 * date with no output at all, so these must go before it runs.
 */
export function orphanedBuildInfo(root: string): string[] {
  return workspacePackages(root)
    .filter((pkg) => existsSync(buildInfoPath(pkg.dir)) && !existsSync(join(pkg.dir, 'dist')))
    .map((pkg) => buildInfoPath(pkg.dir));
}
