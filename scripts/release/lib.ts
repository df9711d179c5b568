// The pure parts of `pnpm release`: arguments, the workspace's publishable packages, pending changesets and
// the check that a published manifest carries no `workspace:` range. No processes, no network: tested alone.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

export interface ReleaseOptions {
  /** Where to publish; undefined: the registry pnpm is configured with. */
  registry: string | undefined;
  /** Skip `check:generated` and `check:packages` (they also run in `pnpm test`). */
  skipChecks: boolean;
  /** Print the usage and do nothing else. */
  help: boolean;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

export const usage = `usage: pnpm release [--registry <url>] [--skip-checks]

  --registry URL   publish there (default: npm_config_registry, then pnpm's configured registry)
  --skip-checks    skip check:generated and check:packages (pnpm test runs them too)
  -h, --help       this text`;

/** `--registry <url>` (or `--registry=<url>`) wins over `npm_config_registry`. */
export function parseReleaseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ReleaseOptions {
  let values: {
    registry?: string | undefined;
    'skip-checks'?: boolean | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        registry: { type: 'string' },
        'skip-checks': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // parseArgs says "argument missing" or "ambiguous" for `--registry` alone or before another option.
    const message = (error as Error).message;
    throw new UsageError(message.includes("'--registry") ? '--registry needs a URL' : message);
  }
  let registry = values.registry ?? (env.npm_config_registry || env.NPM_CONFIG_REGISTRY || undefined);
  if (registry !== undefined) {
    let url: URL;
    try {
      url = new URL(registry);
    } catch {
      throw new UsageError(`--registry ${registry} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new UsageError(`--registry ${registry} is not an http(s) URL`);
    registry = url.href.endsWith('/') ? url.href : `${url.href}/`;
  }
  return { registry, skipChecks: values['skip-checks'] ?? false, help: values.help ?? false };
}

export interface WorkspacePackage {
  name: string;
  version: string;
  dir: string;
}

/** The packages under `packages/` that are published (not `private`). */
export function publishablePackages(root: string): WorkspacePackage[] {
  const base = join(root, 'packages');
  return readdirSync(base, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(base, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(base, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
        private?: boolean;
      };
      return { ...manifest, dir };
    })
    .filter((manifest) => manifest.private !== true)
    .map(({ name, version, dir }) => ({ name, version, dir }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The pending changesets: every `.changeset/*.md` but the README. */
export function pendingChangesets(root: string): string[] {
  const dir = join(root, '.changeset');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md')
    .sort();
}

const dependencyFields = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** Every `workspace:` range left in a manifest as published (`field: name@range`); empty when clean. */
export function workspaceRanges(manifest: Record<string, unknown>): string[] {
  const found: string[] = [];
  for (const field of dependencyFields) {
    const deps = manifest[field];
    if (typeof deps !== 'object' || deps === null) continue;
    for (const [name, range] of Object.entries(deps as Record<string, unknown>))
      if (typeof range === 'string' && range.startsWith('workspace:'))
        found.push(`${field}: ${name}@${range}`);
  }
  return found;
}

/** The registry document URL of a package (`@scope%2fname`, as npm asks for it). */
export function packageUrl(registry: string, name: string): string {
  return new URL(name.replace('/', '%2f'), registry).href;
}

/** The `name@version` tags of `packages` that are not among `tags` (what `changeset tag` should have made). */
export function missingTags(packages: readonly WorkspacePackage[], tags: readonly string[]): string[] {
  const present = new Set(tags.map((tag) => tag.trim()));
  return packages.map((pkg) => `${pkg.name}@${pkg.version}`).filter((tag) => !present.has(tag));
}

export const noGitIdentity = `git has no identity to make the release tags with (changeset tag runs \`git tag -m\`).
  Set one before releasing, nothing was published:
    git config user.name "Release Bot" && git config user.email "release@example.com"
  or GIT_COMMITTER_NAME and GIT_COMMITTER_EMAIL in the environment (changesets/action sets its own).`;
