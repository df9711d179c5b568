import { readFileSync } from 'node:fs';
import { fromRoot } from '../../scripts/lib/paths.ts';

/** The `version` of a package.json, by absolute path or by path from the repository root. */
export function packageVersion(packageJson: string): string {
  return (JSON.parse(readFileSync(fromRoot(packageJson), 'utf8')) as { version: string }).version;
}
