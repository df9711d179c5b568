// `pnpm pack:clients [--out DIR] [client ...]`: tarballs of clients and every workspace package they need
// at run time, for an application outside this repository before (or without) a release. `pnpm pack` of
// one client alone is not enough: its `@svc-contracts/client-runtime@0.0.0` dependency is on no registry
// (npm answers 404). Installed together, npm takes each from its tarball.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { didYouMean, explainArgsError, plural } from './lib/cli-output.ts';
import { repoRoot } from './lib/paths.ts';

export const usage = `Usage: pnpm pack:clients [--out DIR] [client ...]

Builds the packages, then writes a tarball of each client named (agents, voice, … or every client when
none is) and of every workspace package it needs at run time (client-runtime, redact, …) into DIR
(default dist/clients/). Install them together in your application:
  npm install DIR/*.tgz
  --out DIR    where the tarballs go
  -h, --help   this text`;

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

interface Package {
  name: string;
  dir: string;
  manifest: Manifest;
}

function workspace(root: string): Package[] {
  const base = join(root, 'packages');
  return readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(base, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(base, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
      return { name: manifest.name, dir, manifest };
    });
}

/** The client packages: `packages/<service>-client`. */
export function clientPackages(root: string): Package[] {
  return workspace(root).filter((pkg) => /-client$/.test(pkg.dir));
}

/**
 * `names` (service names, folder names or package names) and every workspace package they need at run
 * time (dependencies, peer and optional, transitively), in install order: dependencies first.
 */
export function packagesToPack(root: string, names: readonly string[]): Package[] {
  const all = workspace(root);
  const clients = clientPackages(root);
  const byName = new Map(all.map((pkg) => [pkg.name, pkg]));
  const wanted =
    names.length === 0
      ? clients
      : names.map((name) => {
          const found = clients.find(
            (pkg) => pkg.name === name || pkg.dir.endsWith(`/${name}`) || pkg.dir.endsWith(`/${name}-client`),
          );
          if (found === undefined) {
            const known = clients.map(
              (pkg) =>
                pkg.dir
                  .split('/')
                  .at(-1)
                  ?.replace(/-client$/, '') ?? '',
            );
            throw new Error(
              `no client "${name}"${didYouMean(name, known)}; the clients: ${known.join(', ')}`,
            );
          }
          return found;
        });
  const ordered: Package[] = [];
  const visit = (pkg: Package): void => {
    if (ordered.includes(pkg)) return;
    const { dependencies = {}, peerDependencies = {}, optionalDependencies = {} } = pkg.manifest;
    for (const dep of Object.keys({ ...dependencies, ...peerDependencies, ...optionalDependencies })) {
      const inWorkspace = byName.get(dep);
      if (inWorkspace) visit(inWorkspace);
    }
    ordered.push(pkg);
  };
  for (const pkg of wanted) visit(pkg);
  return ordered;
}

/** A path relative to the working directory when it is under it, else absolute. */
function nearer(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown === '' ? '.' : shown.startsWith('..') ? path : shown;
}

function main(argv: string[]): number {
  let parsed: { values: { out?: string | undefined; help?: boolean | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { out: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    console.error(`${explainArgsError(error, ['out', 'help', 'h'])}\n\n${usage}`);
    return 2;
  }
  if (parsed.values.help) {
    console.log(usage);
    return 0;
  }
  let packages: Package[];
  try {
    packages = packagesToPack(repoRoot, parsed.positionals);
  } catch (error) {
    console.error(`pack:clients: ${(error as Error).message}`);
    return 2;
  }
  const out = resolve(parsed.values.out ?? join(repoRoot, 'dist', 'clients'));
  mkdirSync(out, { recursive: true });
  const build = spawnSync('pnpm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('pack:clients: the build failed; nothing packed.');
    return 1;
  }
  const written: string[] = [];
  for (const pkg of packages) {
    // pnpm pack replaces `workspace:*` by the package's version, as pnpm publish does.
    const packed = spawnSync('pnpm', ['pack', '--pack-destination', out], {
      cwd: pkg.dir,
      encoding: 'utf8',
    });
    if (packed.status !== 0) {
      console.error(`pack:clients: pnpm pack of ${pkg.name} failed:\n${packed.stderr}${packed.stdout}`);
      return 1;
    }
    const file = packed.stdout.trim().split('\n').at(-1)?.trim() ?? '';
    written.push(file);
    console.log(`  ${pkg.name}@${pkg.manifest.version}  ${nearer(file)}`);
  }
  const shown = nearer(out);
  console.log(
    `pack:clients: ${plural(written.length, 'tarball')} in ${shown}/. In your application:\n  npm install ${written
      .map((file) => join(shown, file.split('/').at(-1) ?? ''))
      .join(' ')}`,
  );
  return 0;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1]))
  process.exitCode = main(process.argv.slice(2));
