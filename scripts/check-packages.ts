// `pnpm check:packages [dir...]`: every publishable workspace package must pass publint (package.json, exports,
// files) and arethetypeswrong (its types resolve the way its exports promise), and every workspace package's
// project references must match its workspace dependencies (what `tsc -b` builds in order). Every package is
// checked and reported, then the script exits 1 if any failed.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { buildGraphProblems } from './build/workspace.ts';
import { fromRoot, repoRoot } from './lib/paths.ts';

const run = promisify(execFile);
const attw = fromRoot('node_modules', '.bin', 'attw');

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

async function checkPackage(name: string, dir: string, manifest: Manifest): Promise<PackageCheck> {
  const problems: string[] = [];
  const { messages, pkg } = await publint({ pkgDir: dir, level: 'warning', pack: 'pnpm' });
  for (const message of messages)
    problems.push(
      `publint ${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`,
    );
  try {
    // The packages are ESM only: CommonJS resolution is reported by attw but not a failure.
    const excluded = dataEntrypoints(manifest);
    const exclude = excluded.length > 0 ? ['--exclude-entrypoints', ...excluded] : [];
    await run(attw, ['--pack', '.', '--profile', 'esm-only', '--format', 'table-flipped', ...exclude], {
      cwd: dir,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
    });
  } catch (error) {
    const output = (error as { stdout?: string }).stdout ?? (error as Error).message;
    problems.push(`arethetypeswrong:\n${output.trim()}`);
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

const dirs = parsed.positionals.map((dir) => resolve(dir));
const graphProblems = buildGraphProblems(repoRoot, dirs.length > 0 ? dirs : undefined);
if (graphProblems.length === 0) {
  console.log('✓ build graph: every workspace dependency has its project reference');
} else {
  console.log('✗ build graph (package.json workspace dependencies vs tsconfig.build.json references)');
  for (const problem of graphProblems) console.log(`    ${problem}`);
}

const packages = publishablePackages(parsed.positionals);
const results = await Promise.all(
  packages.map(({ name, dir, manifest }) => checkPackage(name, dir, manifest)),
);
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
