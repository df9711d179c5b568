/**
 * The tools our figures are compared with and that the workspace does not need: `prism mock` (the CLI a
 * user would start once per spec), bandwidth-sdk (the vendor's SDK for messaging, voice and
 * verification), and the streaming JSON libraries a HAR reader would otherwise use (`@streamparser/json`,
 * `stream-json`). They live in bench/compare/, outside the pnpm workspace, installed with npm by
 * `pnpm bench` so that `pnpm install` stays lean and the pins in bench/compare/package.json hold.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { packageVersion } from './versions.ts';

export const compareDir = fromRoot('bench', 'compare');
const manifest = join(compareDir, 'package.json');

export const requireFromCompare = createRequire(manifest);

/** The pinned version of a compare tool, from bench/compare/package.json. */
export function pinnedVersion(name: string): string {
  const { dependencies } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const version = dependencies[name];
  if (!version) throw new Error(`${name} is not a dependency of bench/compare/package.json`);
  return version;
}

/** The installed version, or undefined when the tool is not installed at its pinned version. */
export function installedVersion(name: string): string | undefined {
  const file = join(compareDir, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return undefined;
  const version = packageVersion(file);
  return version === pinnedVersion(name) ? version : undefined;
}

export const prismCli = join(compareDir, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');
export const bandwidthSdk = join(compareDir, 'node_modules', 'bandwidth-sdk', 'dist', 'index.js');

export type CompareTool = '@stoplight/prism-cli' | 'bandwidth-sdk' | '@streamparser/json' | 'stream-json';
export const compareTools: CompareTool[] = [
  '@stoplight/prism-cli',
  'bandwidth-sdk',
  '@streamparser/json',
  'stream-json',
];

/** Why a compare tool cannot be used in this run, or undefined when it can. */
export function missingReason(name: CompareTool): string | undefined {
  return installedVersion(name)
    ? undefined
    : `${name} ${pinnedVersion(name)} is not installed in bench/compare (pnpm bench installs it)`;
}

/** Installs the compare tools when any is missing; returns an error message when npm fails. */
export function ensureCompareTools(): string | undefined {
  const missing = () => compareTools.map(missingReason).find((reason) => reason !== undefined);
  if (!missing()) return undefined;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['install', '--prefix', compareDir, '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (result.error) return `npm install --prefix bench/compare failed: ${result.error.message}`;
  if (result.status !== 0) {
    return `npm install --prefix bench/compare exited with ${result.status}: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`;
  }
  return missing();
}
