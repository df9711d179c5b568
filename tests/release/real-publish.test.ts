// The real thing, end to end: a clone of the committed HEAD runs `pnpm release` against a throwaway
// Verdaccio; then a fresh project outside the workspace installs two clients from it (everything else from
// the npm registry), type-checks a program against them with our TypeScript (NodeNext, strict) and runs
// it against the mocks. Slow (about two minutes): it builds every package once more.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listServices, type MockSet, startMocks } from '@svc-contracts/mock-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { publishablePackages } from '../../scripts/release/lib.ts';
import { authLine, cleanEnv, exec, type Registry, repoRoot, startRegistry } from './support.ts';

const work = mkdtempSync(join(tmpdir(), 'svc-release-'));
const clone = join(work, 'repo');
const consumer = join(work, 'consumer');
let registry: Registry | undefined;
let mocks: MockSet | undefined;

beforeAll(async () => {
  const configPath = join(repoRoot, 'redocly.yaml');
  const ports = Object.fromEntries(listServices(configPath).map((service) => [service.name, 0]));
  // Each is kept as soon as it runs, so afterAll stops it even when the other failed to start.
  const started = await Promise.allSettled([
    startRegistry(join(work, 'verdaccio')).then((running) => {
      registry = running;
    }),
    startMocks({ configPath, ports, host: '127.0.0.1' }).then((running) => {
      mocks = running;
    }),
  ]);
  for (const outcome of started) if (outcome.status === 'rejected') throw outcome.reason;
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([registry?.stop(), mocks?.stop()]);
  rmSync(work, { recursive: true, force: true });
}, 60_000);

const consumerProgram = `
import { type AgentSummary, AgentsClient } from '@svc-contracts/agents-client';
import { VoiceApiError, VoiceClient } from '@svc-contracts/voice-client';

declare const process: { argv: string[]; exitCode?: number };
const [agentsUrl = '', voiceUrl = ''] = process.argv.slice(2);
// Generous: on a busy machine the first answer of a mock also loads Prism's mocker.
const bounded = { timeoutMs: 120_000, retry: false } as const;

const agents = new AgentsClient({
  baseUrl: agentsUrl,
  credentials: { apiKey: 'sk-published-0123456789', organizationId: 42 },
  ...bounded,
});
const active: AgentSummary[] = await agents.listAgents({ status: 'active' });
// @ts-expect-error: the published types know the statuses (this line fails to compile if they are any).
void (() => agents.listAgents({ status: 'no-such-status' }));

const voice = new VoiceClient({
  baseUrl: voiceUrl,
  accountId: '9900000',
  credentials: { username: 'user', password: 'secret' },
  ...bounded,
});
const created = await voice.createCall({
  from: '+14155550100',
  to: '+14155550199',
  answerUrl: 'https://app.example.com/voice/answer',
  applicationId: '7fc9698a-b04a-468b-9e8f-91238c0d0086',
});
let refused: { status: number; type: string | undefined } | undefined;
try {
  await voice.createCall({ from: '+14155550100', to: '+14155550199', answerUrl: 'ftp://example.com', applicationId: 'a' });
} catch (error) {
  if (!(error instanceof VoiceApiError)) throw error;
  refused = { status: error.status, type: error.type };
}
console.log(JSON.stringify({ active, created, refused }));
`;

it('publishes every package from a clean clone, and a project outside the workspace uses them', async () => {
  if (!registry || !mocks) throw new Error('setup failed');
  const started = Date.now();
  const npmrc = join(work, 'publish.npmrc');
  writeFileSync(npmrc, `${authLine(registry.url, registry.token)}\n`);
  const env = cleanEnv({ NPM_CONFIG_USERCONFIG: npmrc });
  const registryUrl = registry.url;
  // Where the minutes go, printed at the end: the test is the slowest of the suite.
  const phases: string[] = [];
  const timed = async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
    const since = Date.now();
    try {
      return await run();
    } finally {
      phases.push(`${phase} ${((Date.now() - since) / 1000).toFixed(1)} s`);
    }
  };

  // The committed HEAD, as CI and a release job see it.
  await timed('clone', () =>
    exec('git', ['clone', '--quiet', '--no-local', repoRoot, clone], {
      cwd: work,
      env,
      timeoutMs: 300_000,
    }),
  );
  // The tags `changeset tag` makes are annotated: they need an identity, which a clean machine lacks
  // (`.ci/run` runs the tests with none). The clone gets its own, as changesets/action gives its checkout.
  const identity: Array<[string, string]> = [
    ['user.name', 'Release Test'],
    ['user.email', 'release-test@example.com'],
  ];
  for (const [key, value] of identity)
    await exec('git', ['config', key, value], { cwd: clone, env, timeoutMs: 60_000 });
  await timed('install', async () => {
    const offline = await exec('pnpm', ['install', '--frozen-lockfile', '--offline'], {
      cwd: clone,
      env,
      timeoutMs: 300_000,
      allowFailure: true,
    });
    if (offline.code !== 0)
      await exec('pnpm', ['install', '--frozen-lockfile'], { cwd: clone, env, timeoutMs: 600_000 });
  });

  // check:generated and check:packages run in pnpm test's checks lane on this same tree; what the bumped
  // versions could break in a package is what the consumer below installs, type-checks and runs.
  const release = await timed('pnpm release', () =>
    exec('pnpm', ['release', '--registry', registryUrl, '--skip-checks'], {
      cwd: clone,
      env,
      timeoutMs: 900_000,
    }),
  );
  expect(release.output).toContain('no release tag yet');
  expect(release.output).toContain('release: checks (skipped: --skip-checks)');
  expect(release.output).toContain('New tag:');
  expect(release.output).toContain('with no workspace: range');
  // The release ends with its time and each step's.
  const releaseTimes =
    /^release: done in \d+\.\d s \(breaking-change gate [\d.]+ s, changeset version [\d.]+ s, build \(clean\) [\d.]+ s, checks [\d.]+ s, publish [\d.]+ s, verify [\d.]+ s\)$/m.exec(
      release.output,
    );
  expect(releaseTimes).not.toBeNull();
  // changeset version consumed the pending changesets and wrote the changelogs.
  const agentsManifest = JSON.parse(
    readFileSync(join(clone, 'packages/agents-client/package.json'), 'utf8'),
  ) as {
    version: string;
  };
  expect(agentsManifest.version).not.toBe('0.0.0');
  expect(existsSync(join(clone, 'packages/agents-client/CHANGELOG.md'))).toBe(true);
  // Every published package is tagged name@version in git (what changesets/action makes releases of).
  const tags = (
    await exec('git', ['tag', '--list', '@svc-contracts/*'], { cwd: clone, env, timeoutMs: 120_000 })
  ).output
    .trim()
    .split('\n');
  const publishable = publishablePackages(clone);
  expect(publishable.length).toBeGreaterThan(5);
  expect(tags.sort()).toEqual(publishable.map((pkg) => `${pkg.name}@${pkg.version}`).sort());
  const announced = release.output
    .split('\n')
    .filter((line) => line.includes('New tag:'))
    .map((line) => line.trim().split(/\s+/).at(-1));
  expect(announced.sort()).toEqual(tags);

  const published = (await (await fetch(new URL('@svc-contracts%2fagents-client', registry.url))).json()) as {
    'dist-tags': { latest: string };
    versions: Record<string, { dependencies: Record<string, string> }>;
  };
  expect(published['dist-tags'].latest).toBe(agentsManifest.version);
  const runtime = published.versions[agentsManifest.version]?.dependencies['@svc-contracts/client-runtime'];
  expect(runtime).toMatch(/^\d+\.\d+\.\d+$/);

  // A fresh project: only the @svc-contracts scope comes from Verdaccio, openapi-fetch from npm.
  mkdirSync(consumer);
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'release-consumer', private: true, type: 'module' }, null, 2),
  );
  writeFileSync(join(consumer, '.npmrc'), `@svc-contracts:registry=${registry.url}\n`);
  await timed('consumer install', () =>
    exec(
      'npm',
      ['install', '--no-audit', '--no-fund', '@svc-contracts/agents-client', '@svc-contracts/voice-client'],
      {
        cwd: consumer,
        env: cleanEnv({ NPM_CONFIG_USERCONFIG: join(consumer, 'no-user.npmrc') }),
        timeoutMs: 600_000,
      },
    ),
  );
  writeFileSync(join(consumer, 'main.ts'), consumerProgram);
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        types: [],
        strict: true,
        outDir: 'out',
        skipLibCheck: false,
      },
      files: ['main.ts'],
    }),
  );
  await timed('consumer tsc', () =>
    exec(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', consumer], {
      cwd: consumer,
      env,
      timeoutMs: 300_000,
    }),
  );
  const url = (name: string): string => mocks?.mocks.find((mock) => mock.name === name)?.url ?? '';
  const ran = await timed('consumer run', () =>
    exec(process.execPath, [join(consumer, 'out', 'main.js'), url('agents'), url('voice')], {
      cwd: consumer,
      env,
      timeoutMs: 120_000,
    }),
  );
  const result = JSON.parse(ran.output.trim().split('\n').at(-1) ?? 'null') as {
    active: Array<{ id: number; status: string }>;
    created: { callId: string; accountId: string };
    refused: { status: number; type: string };
  };
  expect(result.active.map((agent) => agent.id)).toContain(17);
  expect(result.created).toMatchObject({ callId: expect.any(String), accountId: '9900000' });
  expect(result.refused).toEqual({ status: 400, type: 'validation' });
  console.log(
    `real publish test: ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')})\n${releaseTimes?.[0]}`,
  );
}, 2_400_000);
