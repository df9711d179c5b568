import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the repository root, wherever the script is started from. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function fromRoot(...segments: string[]): string {
  return resolve(repoRoot, ...segments);
}

/** Replaces absolute repository paths in a message with repository-relative ones. */
export function relativizePaths(message: string): string {
  return message.replaceAll(`${repoRoot}/`, '');
}
