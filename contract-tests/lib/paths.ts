import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The contract-tests folder, wherever a script is started from. */
export const contractTestsRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = join(contractTestsRoot, '..');
export const configPath = join(repoRoot, 'redocly.yaml');
export const recordingsDir = join(contractTestsRoot, 'recordings');
export const negativeDir = join(contractTestsRoot, 'negative');

/** A path as written in reports: relative to contract-tests/, forward slashes, never a machine path. */
export function shown(path: string): string {
  return relative(contractTestsRoot, path).split('\\').join('/');
}
