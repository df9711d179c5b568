import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromRoot } from '../../scripts/lib/paths.ts';

/**
 * A published package, installed with npm once per version under node_modules/.cache/vendor-packages/ and
 * reused by later runs (no registry needed then). The install is made beside its place and renamed into
 * it, so a run beside this one finds all of it or nothing. Returns the project folder, or why npm could
 * not reach the registry; a failed install with the registry reachable throws.
 */
export function vendorInstall(name: string, version: string): { project: string } | { unreachable: string } {
  const cache = fromRoot('node_modules', '.cache', 'vendor-packages');
  const project = join(cache, `${name.replace('/', '+')}@${version}`);
  const installed = () => existsSync(join(project, 'node_modules', ...name.split('/'), 'package.json'));
  if (installed()) return { project };
  mkdirSync(cache, { recursive: true });
  const scratch = mkdtempSync(join(cache, '.install-'));
  try {
    writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'vendor-check', private: true }));
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', `${name}@${version}`], {
      cwd: scratch,
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (install.status !== 0) {
      const probe = spawnSync('npm', ['view', `${name}@${version}`, 'version'], {
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (probe.status === 0 && probe.stdout.trim() === version)
        throw new Error(`npm install ${name}@${version} failed:\n${install.stderr}`);
      return {
        unreachable: `npm cannot reach the registry (npm view ${name}@${version}: ${probe.error?.message ?? (probe.stderr.trim().split('\n').pop() || `exit ${probe.status}`)})`,
      };
    }
    try {
      renameSync(scratch, project);
    } catch (error) {
      // Another run put its install there first.
      if (!installed()) throw error;
    }
    return { project };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
