// `pnpm pack:clients`: a client and the workspace packages it needs, as tarballs an application outside the
// repository installs together (one client's tarball alone asks npm for client-runtime@0.0.0: 404).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../scripts/lib/paths.ts';
import { clientPackages, packagesToPack } from '../../scripts/pack-clients.ts';

const root = fromRoot();
const work = mkdtempSync(join(tmpdir(), 'svc-pack-clients-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The environment of npm: without the npm_* settings of the pnpm that runs the tests. */
function npmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!/^(npm_|pnpm_|NODE_OPTIONS$)/i.test(key)) env[key] = value;
  return env;
}

describe('which packages', () => {
  it('a client comes with the workspace packages it needs at run time, dependencies first', () => {
    const names = packagesToPack(root, ['agents']).map((pkg) => pkg.name);
    expect(names.at(-1)).toBe('@svc-contracts/agents-client');
    expect(names).toContain('@svc-contracts/client-runtime');
    expect(names.indexOf('@svc-contracts/client-runtime')).toBeLessThan(names.length - 1);
    // Development dependencies stay out.
    expect(names.every((name) => !name.includes('mock-server'))).toBe(true);
  });
  it('takes a service, folder or package name; no name packs every client, each package once', () => {
    expect(packagesToPack(root, ['@svc-contracts/voice-client']).at(-1)?.name).toBe(
      '@svc-contracts/voice-client',
    );
    expect(packagesToPack(root, ['numbers-client']).at(-1)?.name).toBe('@svc-contracts/numbers-client');
    const all = packagesToPack(root, []).map((pkg) => pkg.name);
    expect(new Set(all).size).toBe(all.length);
    for (const client of clientPackages(root)) expect(all).toContain(client.name);
  });
  it('refuses an unknown client with the one meant and the list', () => {
    expect(() => packagesToPack(root, ['vioce'])).toThrow(
      /no client "vioce" \(did you mean voice\?\); the clients: .*agents/,
    );
  });
});

describe('pnpm pack:clients', () => {
  it('writes tarballs that an application outside the workspace installs and imports', () => {
    const packs = join(work, 'packs');
    // The script pnpm pack:clients runs (tests/scripts/arguments.test.ts: a root script is that command).
    const script = ['--import', 'tsx', 'scripts/pack-clients.ts'];
    const output = execFileSync(process.execPath, [...script, '--out', packs, 'agents'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(output).toContain('In your application:');
    const tarballs = readdirSync(packs).sort();
    expect(tarballs).toEqual(
      packagesToPack(root, ['agents'])
        .map((pkg) => `${pkg.name.replace('@', '').replace('/', '-')}-${pkg.manifest.version}.tgz`)
        .sort(),
    );
    const app = join(work, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    execFileSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        ...tarballs.map((file) => join(packs, file)),
      ],
      {
        cwd: app,
        env: { ...npmEnv(), NPM_CONFIG_USERCONFIG: join(app, 'no-user.npmrc') },
        stdio: 'pipe',
        timeout: 120_000,
      },
    );
    writeFileSync(
      join(app, 'main.mjs'),
      `import { AgentsClient } from '@svc-contracts/agents-client';
const agents = new AgentsClient({ baseUrl: 'http://127.0.0.1:9', credentials: { bearerToken: () => 'token' } });
console.log(typeof agents.listAgents);\n`,
    );
    expect(execFileSync(process.execPath, ['main.mjs'], { cwd: app, encoding: 'utf8' }).trim()).toBe(
      'function',
    );
  }, 240_000);
});
