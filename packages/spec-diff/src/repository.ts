// What the gate reads from a git working tree: the contract changes since a base ref, the packages whose
// files changed, and the pending changesets. Read-only: the base specs come from `git archive`, no checkout.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleSpecs, checkSpecFile } from '@svc-contracts/contract-model';
import { parse } from 'yaml';
import type { Change } from './change.js';
import { type Changeset, readChangesetsAddedSince } from './changesets.js';
import { diffSpecs } from './openapi/index.js';
import { diffXsd } from './xsd.js';

export interface RepositoryChanges {
  /** Classified contract changes per client package. */
  changes: Record<string, Change[]>;
  changedPackages: string[];
  pendingChangesets: Changeset[];
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The top of the git working tree that holds `cwd`. */
export function repositoryRoot(cwd: string): string {
  return git(cwd, 'rev-parse', '--show-toplevel').trim();
}

/** A spec of the repository or of the base that could not be bundled: the gate cannot judge it. */
export class RepositorySpecError extends Error {
  override readonly name = 'RepositorySpecError';
}

/** A service's spec bundled by the contract model (the repository's one bundler), with its config; every
 * `$ref` inside the config's folder (the spec-input policy). A spec that does not bundle is refused. */
async function bundled(configPath: string, root: string): Promise<Record<string, unknown> | undefined> {
  if (!existsSync(root)) return undefined;
  // Alias chains ended: the comparison follows a bounded number of `$ref` hops.
  const { specs } = await bundleSpecs([{ name: root, root }], { configPath, aliasChains: 'ended' });
  const [spec] = specs;
  if (spec && spec.problems.length > 0)
    throw new RepositorySpecError(
      `${spec.relativeRoot} could not be bundled:\n  ${spec.problems.join('\n  ')}`,
    );
  return spec?.document as Record<string, unknown> | undefined;
}

/** `specs/<service>/` belongs to `@svc-contracts/<service>-client`; `packages/<dir>/` to that package when
 * the file is part of what it publishes (its manifest, `src/` that `dist/` is built from, or a `files`
 * entry): a change to its tests alone asks for no release. */
function packageOf(repo: string, file: string): string | undefined {
  const spec = /^specs\/([^/]+)\//.exec(file);
  if (spec?.[1] && spec[1] !== 'common') return `@svc-contracts/${spec[1]}-client`;
  const pkg = /^packages\/([^/]+)\/(.+)$/.exec(file);
  if (!pkg?.[1] || !pkg[2]) return undefined;
  const manifest = join(repo, 'packages', pkg[1], 'package.json');
  if (!existsSync(manifest)) return undefined;
  const {
    name,
    private: isPrivate,
    files = [],
  } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    name: string;
    private?: boolean;
    files?: string[];
  };
  const inside = pkg[2];
  const published = ['package.json', 'src', ...files.map((entry) => entry.replace(/^\.\/|\/$/g, ''))].some(
    (entry) => inside === entry || inside.startsWith(`${entry}/`),
  );
  return isPrivate === true || !published ? undefined : name;
}

/** A file of a tree, read only when the spec-input policy allows it (inside the tree, a regular file). */
const readInside = (file: string, tree: string) => readFileSync(checkSpecFile(file, tree), 'utf8');

function xsdChanges(repo: string, old: string, service: string): Change[] {
  const xsdDir = join(repo, 'specs', service, 'xsd');
  if (!existsSync(xsdDir)) return [];
  const found: Change[] = [];
  for (const file of readdirSync(xsdDir).filter((f) => f.endsWith('.xsd'))) {
    const oldFile = join(old, 'specs', service, 'xsd', file);
    if (!existsSync(oldFile)) continue;
    for (const change of diffXsd(readInside(oldFile, old), readInside(join(xsdDir, file), repo)))
      found.push({ ...change, pointer: `${file}#${change.pointer}`, file: join(xsdDir, file) });
  }
  return found;
}

/** Extracts `specs/` and `redocly.yaml` of a git ref into a new temporary folder (no checkout). */
export function extractRef(repo: string, ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'spec-diff-'));
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', ref, 'specs', 'redocly.yaml'], {
      cwd: repo,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    return dir;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Classified contract changes per client package between two trees holding `specs/` and `redocly.yaml`:
 * every service the new tree's `redocly.yaml` lists, bundled in each, and its XSDs. */
export async function contractChangesBetween(old: string, repo: string): Promise<Record<string, Change[]>> {
  const configPath = join(repo, 'redocly.yaml');
  const apis =
    (parse(readFileSync(configPath, 'utf8')) as { apis?: Record<string, { root: string }> }).apis ?? {};
  const changes: Record<string, Change[]> = {};
  for (const [service, api] of Object.entries(apis)) {
    const before = await bundled(join(old, 'redocly.yaml'), join(old, api.root));
    const after = await bundled(configPath, resolve(repo, api.root));
    if (!before || !after) continue;
    const root = resolve(repo, api.root);
    const found = [
      ...diffSpecs(before, after).map((change) => ({ ...change, file: root })),
      ...xsdChanges(repo, old, service),
    ];
    if (found.length > 0) changes[`@svc-contracts/${service}-client`] = found;
  }
  return changes;
}

async function contractChanges(repo: string, base: string): Promise<Record<string, Change[]>> {
  const old = extractRef(repo, base);
  try {
    return await contractChangesBetween(old, repo);
  } finally {
    rmSync(old, { recursive: true, force: true });
  }
}

function changedPackages(repo: string, base: string): string[] {
  const changedFiles = [
    ...git(repo, 'diff', '--name-only', base).split('\n'),
    ...git(repo, 'ls-files', '--others', '--exclude-standard').split('\n'),
  ].filter(Boolean);
  const names = changedFiles.map((file) => packageOf(repo, file)).filter((n): n is string => n !== undefined);
  return [...new Set(names)];
}

/** Everything the gate needs to know about the working tree at `repo` compared with `base`. */
export async function readRepositoryChanges(repo: string, base: string): Promise<RepositoryChanges> {
  return {
    changes: await contractChanges(repo, base),
    changedPackages: changedPackages(repo, base),
    pendingChangesets: readChangesetsAddedSince(repo, base),
  };
}
