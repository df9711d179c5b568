// `pnpm check:packages [dir...]`: every publishable workspace package must pass publint (package.json, exports,
// files) and arethetypeswrong (its types resolve the way its exports promise), and every workspace package's
// project references must match its workspace dependencies (what `tsc -b` builds in order). Every package is
// checked and reported, then the script exits 1 if any failed.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import type { Problem } from '@arethetypeswrong/core';
import { buildGraphProblems } from './build/workspace.ts';
import { fromRoot, repoRoot } from './lib/paths.ts';

const run = promisify(execFile);

/**
 * The packages are ESM only: how CommonJS resolution (`require`, `node10`) would see them is not a
 * failure, as with `attw --profile esm-only`.
 */
const ignoredResolutions = new Set(['node10', 'node16-cjs']);

interface PackageCheck {
  name: string;
  dir: string;
  problems: string[];
}

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
}

/** The package folders named on the command line, or every folder under `packages/`. */
function publishablePackages(dirs: string[]): Array<{ name: string; dir: string; manifest: Manifest }> {
  const root = fromRoot('packages');
  const candidates =
    dirs.length > 0
      ? dirs.map((dir) => resolve(dir))
      : readdirSync(root, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(root, entry.name));
  return candidates
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({ name: manifest.name as string, dir, manifest: manifest as Manifest }));
}

/** Subpaths that export data rather than a module (`./spectral.yaml`, `./package.json`): no types to check. */
function dataEntrypoints(manifest: Manifest): string[] {
  return Object.entries(manifest.exports ?? {})
    .filter(([, target]) => typeof target === 'string' && /\.(ya?ml|json)$/.test(target))
    .map(([subpath]) => subpath);
}

/** A tarball pnpm would publish (`files`, `publishConfig`, workspace versions resolved), as `pnpm pack --json` tells. */
interface Packed {
  name: string;
  filename: string;
}

/** A copy of its own, exactly the file: its `buffer` can go to publint as it is. */
async function readTarball(filename: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await readFile(filename));
}

/** One package packed alone. */
async function pack(dir: string, into: string): Promise<Uint8Array<ArrayBuffer>> {
  const { stdout } = await run('pnpm', ['pack', '--json', '--pack-destination', into], { cwd: dir });
  return readTarball((JSON.parse(stdout) as Packed).filename);
}

/**
 * The tarball of each package (or why it could not be packed), by folder. The workspace's packages are
 * packed by one `pnpm -r pack`: one pnpm start-up, not one per package (most of this script's time when
 * each had its own). A package that batch did not pack (a folder outside the workspace, or every package
 * when the batch failed) is packed alone, so a failure is reported for the package it belongs to.
 */
async function packAll(
  packages: Array<{ name: string; dir: string }>,
  scratch: string,
): Promise<Map<string, Uint8Array<ArrayBuffer> | Error>> {
  const tarballs = new Map<string, Uint8Array<ArrayBuffer> | Error>();
  const batchDir = await mkdtemp(join(scratch, 'pack-'));
  const filters = packages.flatMap(({ dir }) => ['--filter', `./${relative(repoRoot, dir)}`]);
  const packed = await run('pnpm', ['-r', ...filters, 'pack', '--json', '--pack-destination', batchDir], {
    cwd: repoRoot,
    maxBuffer: 64 * 1024 * 1024,
  })
    // Nothing is printed when no folder is a workspace package, an object for one, an array for several.
    .then(({ stdout }) => (stdout.trim() === '' ? [] : [JSON.parse(stdout) as Packed | Packed[]].flat()))
    .catch((): Packed[] => []);
  const byName = new Map(packed.map((tarball) => [tarball.name, tarball.filename]));
  await Promise.all(
    packages.map(async ({ name, dir }) => {
      const filename = byName.get(name);
      try {
        tarballs.set(
          dir,
          filename === undefined
            ? await pack(dir, await mkdtemp(join(scratch, 'pack-')))
            : await readTarball(filename),
        );
      } catch (error) {
        tarballs.set(dir, error as Error);
      }
    }),
  );
  return tarballs;
}

/** The problem's kind and whatever places it: entrypoint, resolution, file, the specifier that failed. */
function describeProblem(problem: Problem): string {
  const fields = problem as unknown as Record<string, unknown>;
  const where = ['entrypoint', 'resolutionKind', 'resolutionOption', 'fileName', 'moduleSpecifier']
    .filter((key) => typeof fields[key] === 'string')
    .map((key) => `${key} ${String(fields[key])}`);
  return `${problem.kind}${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
}

/**
 * publint and arethetypeswrong on one tarball, packed once: both read what would be published. The
 * type check runs in this process (one TypeScript for every package) rather than one `attw` each.
 */
async function checkPackage(
  name: string,
  dir: string,
  manifest: Manifest,
  tarball: Uint8Array<ArrayBuffer> | Error | undefined,
): Promise<PackageCheck> {
  const problems: string[] = [];
  try {
    if (!(tarball instanceof Uint8Array)) throw tarball ?? new Error('not packed');
    // From the tarball, a file the exports name but `files` leaves out is simply missing, as it will be.
    const { messages, pkg } = await publint({ level: 'warning', pack: { tarball: tarball.buffer } });
    for (const message of messages)
      problems.push(
        `publint ${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`,
      );
    const analysis = await checkTypes(createPackageFromTarballData(tarball), {
      excludeEntrypoints: dataEntrypoints(manifest),
    });
    if (analysis.types) {
      for (const problem of analysis.problems) {
        if ('resolutionKind' in problem && ignoredResolutions.has(problem.resolutionKind)) continue;
        problems.push(`arethetypeswrong: ${describeProblem(problem)}`);
      }
    }
  } catch (error) {
    problems.push(`could not be packed or checked: ${(error as Error).message}`);
  }
  return { name, dir, problems };
}

const usage = `Usage: pnpm check:packages [dir...]

Runs publint and arethetypeswrong on the built dist/ of every publishable package (or of the package folders
given), and checks that their tsconfig.build.json project references match their workspace dependencies.
Exit codes: 0 every check passed; 1 some package failed; 2 bad arguments.`;

let parsed: { values: { help?: boolean | undefined }; positionals: string[] };
try {
  parsed = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}

// The checkers (TypeScript among them) load once the arguments are read: `--help` answers at once.
const [{ checkPackage: checkTypes, createPackageFromTarballData }, { publint }, { formatMessage }] =
  await Promise.all([import('@arethetypeswrong/core'), import('publint'), import('publint/utils')]);

const dirs = parsed.positionals.map((dir) => resolve(dir));
const graphProblems = buildGraphProblems(repoRoot, dirs.length > 0 ? dirs : undefined);
if (graphProblems.length === 0) {
  console.log('✓ build graph: every workspace dependency has its project reference');
} else {
  console.log('✗ build graph (package.json workspace dependencies vs tsconfig.build.json references)');
  for (const problem of graphProblems) console.log(`    ${problem}`);
}

const packages = publishablePackages(parsed.positionals);
const scratch = await mkdtemp(join(tmpdir(), 'check-packages-'));
const results = await packAll(packages, scratch)
  .then((tarballs) =>
    Promise.all(
      packages.map(({ name, dir, manifest }) => checkPackage(name, dir, manifest, tarballs.get(dir))),
    ),
  )
  .finally(() => rm(scratch, { recursive: true, force: true }));
for (const result of results) {
  const where = relative(repoRoot, result.dir);
  if (result.problems.length === 0) {
    console.log(`✓ ${result.name.padEnd(36)} ${where}`);
  } else {
    console.log(`✗ ${result.name.padEnd(36)} ${where}`);
    for (const problem of result.problems) console.log(`    ${problem.replaceAll('\n', '\n    ')}`);
  }
}
const failed = results.filter((result) => result.problems.length > 0).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 || graphProblems.length > 0 ? 1 : 0);
