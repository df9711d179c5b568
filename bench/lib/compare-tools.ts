/**
 * The tools our figures are compared with that the workspace does not need (Prism's CLI, bandwidth-sdk):
 * installed by `pnpm bench` with npm into bench/compare, outside the pnpm workspace, at the pins of
 * bench/compare/package.json.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.ts';

export const compareDir = fromRoot('bench', 'compare');
const manifest = join(compareDir, 'package.json');
export const requireFromCompare = createRequire(manifest);
const pins = (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies: Record<string, string> })
  .dependencies;
export const compareTools = Object.keys(pins);
export const prismCli = join(compareDir, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

/** The installed version when it is the pinned one, else undefined. */
export function installedVersion(name: string): string | undefined {
  const file = join(compareDir, 'node_modules', name, 'package.json');
  if (!existsSync(file)) return undefined;
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
  return version === pins[name] ? version : undefined;
}

/** Why a compare tool cannot be used in this run, or undefined when it can. */
export function missingReason(name: string): string | undefined {
  return installedVersion(name)
    ? undefined
    : `${name} ${pins[name]} is not installed in bench/compare (pnpm bench installs it)`;
}

/** Installs the compare tools when one is missing; an error message when npm fails. */
export function ensureCompareTools(): string | undefined {
  const missing = () => compareTools.map(missingReason).find((reason) => reason !== undefined);
  if (!missing()) return undefined;
  const result = spawnSync(
    'npm',
    ['install', '--prefix', compareDir, '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (result.status !== 0)
    return `npm install --prefix bench/compare failed: ${result.error?.message ?? result.stderr.trim().split('\n').slice(-3).join(' ')}`;
  return missing();
}
