// `changeset tag` makes annotated tags; without a git identity it prints "New tag:", exits 0 and tags
// nothing. `pnpm release` refuses such a machine before its first step, so nothing is published untagged.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { missingTags } from '../../scripts/release/lib.ts';
import { cleanEnv, repoRoot } from './support.ts';

const home = mkdtempSync(join(tmpdir(), 'svc-no-identity-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** An environment with no git identity anywhere: empty HOME, no global or system config, no GIT_* names. */
function noIdentity(): NodeJS.ProcessEnv {
  const env = cleanEnv({ HOME: home, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' });
  for (const key of Object.keys(env))
    if (/^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL)$|^EMAIL$/.test(key)) delete env[key];
  return env;
}

describe('pnpm release without a git identity', () => {
  it('stops before the first step, says how to set one, and publishes nothing', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/release/release.ts', '--registry', 'http://127.0.0.1:9/'],
      { cwd: repoRoot, env: noIdentity(), encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('git has no identity to make the release tags with');
    expect(result.stderr).toContain('git config user.name');
    expect(result.stdout).not.toContain('breaking-change gate');
  });

  it('goes on with an identity from the environment alone', () => {
    const env = {
      ...noIdentity(),
      GIT_COMMITTER_NAME: 'Release Bot',
      GIT_COMMITTER_EMAIL: 'release@example.com',
    };
    const ident = spawnSync('git', ['var', 'GIT_COMMITTER_IDENT'], { cwd: repoRoot, env, encoding: 'utf8' });
    expect(ident.status).toBe(0);
    expect(ident.stdout).toMatch(/^Release Bot <release@example.com>/);
  });
});

describe('missingTags', () => {
  const packages = [
    { name: '@svc-contracts/a', version: '1.0.0', dir: 'a' },
    { name: '@svc-contracts/b', version: '0.2.0', dir: 'b' },
  ];
  it('names every package whose name@version tag is absent', () => {
    expect(missingTags(packages, [''])).toEqual(['@svc-contracts/a@1.0.0', '@svc-contracts/b@0.2.0']);
    expect(missingTags(packages, ['@svc-contracts/a@1.0.0', '@svc-contracts/b@0.1.0'])).toEqual([
      '@svc-contracts/b@0.2.0',
    ]);
  });
  it('is empty when every package is tagged', () => {
    expect(missingTags(packages, ['@svc-contracts/b@0.2.0 ', '@svc-contracts/a@1.0.0'])).toEqual([]);
  });
});
