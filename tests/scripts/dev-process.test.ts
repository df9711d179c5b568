import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DevSession,
  progressExample,
  setTotalRows,
  startDevSession,
  totalRows,
} from '../../bench/dev/session.ts';
import { describeFailure, runBounded } from '../../scripts/lib/bounded.ts';
import { repoRoot } from '../../scripts/lib/paths.ts';

/**
 * `pnpm dev` in a process of its own, on a copy of the specs in a temporary folder (the session removes
 * it; the repository's specs/ are never written, even when a test fails). Two services: agents is edited,
 * voice must keep answering as before.
 */
let session: DevSession;
const voiceProbe = '/api/v2/accounts/9900000/calls/c-0001';

async function answer(url: string): Promise<string> {
  const response = await fetch(url, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
  return `${response.status} ${await response.text()}`;
}

beforeAll(async () => {
  // The mocks are imported from their dist/: bring it up to date (the lane runs after the build anyway).
  const tsc = ['node_modules/typescript/bin/tsc', '-b', 'packages/mock-server/tsconfig.build.json'];
  const options = { cwd: repoRoot, timeoutMs: 150_000 };
  const built = await runBounded(process.execPath, tsc, options);
  if (built.code !== 0) throw new Error(describeFailure('node', tsc, built, options));
  session = await startDevSession(['agents', 'voice']);
}, 300_000);

afterAll(async () => {
  await session?.stop();
});

describe('pnpm dev', () => {
  it('serves an edited example from the running mock, same port, without a restart', async () => {
    const url = session.urls.agents ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const voiceBefore = await answer(`${session.urls.voice}${voiceProbe}`);
    expect(await totalRows(url)).toBe(1200);
    const pid = session.child.pid;

    const from = session.output().length;
    setTotalRows(session, 1234);
    await session.waitFor('✓ agents: the mock serves the saved spec', from);
    expect(await totalRows(url)).toBe(1234);
    await session.waitFor('waiting for saves', from);
    expect(session.child.pid).toBe(pid);
    expect(session.child.exitCode).toBeNull();
    // The other service was not reloaded and answers as it did.
    expect(session.output().slice(from)).not.toMatch(/voice: the mock/);
    expect(await answer(`${session.urls.voice}${voiceProbe}`)).toBe(voiceBefore);
  });

  it('keeps the last good mock when the spec no longer bundles, and prints why with file:line', async () => {
    const url = session.urls.agents ?? '';
    const voiceBefore = await answer(`${session.urls.voice}${voiceProbe}`);
    const from = session.output().length;
    session.edit('specs/agents/paths/campaign-progress.yaml', (text) =>
      text.replace('../components/examples/campaignProgress.yaml', '../components/examples/missing.yaml'),
    );
    await session.waitFor('waiting for saves', from);
    const printed = session.output().slice(from);
    expect(printed).toContain('✗ agents: the mock keeps the last good spec');
    expect(printed).toContain('✗ agents: does not bundle');
    expect(printed).toContain('missing.yaml');
    // The lint finding names the file and the line of the broken $ref.
    expect(printed).toMatch(/specs\/agents\/paths\/campaign-progress\.yaml\n/);
    expect(printed).toMatch(/\n {2}\d+:\d+\s+error\s+redocly\/no-unresolved-refs/);
    expect(await totalRows(url)).toBe(1234);
    expect(await answer(`${session.urls.voice}${voiceProbe}`)).toBe(voiceBefore);

    // Fixed again: served again.
    const again = session.output().length;
    session.edit('specs/agents/paths/campaign-progress.yaml', (text) =>
      text.replace('../components/examples/missing.yaml', '../components/examples/campaignProgress.yaml'),
    );
    setTotalRows(session, 1300);
    await session.waitFor('✓ agents: the mock serves the saved spec', again);
    expect(await totalRows(url)).toBe(1300);
  });

  it('serves every save that replaces the file, three in a row, beside a symbolic link loop', async () => {
    const url = session.urls.agents ?? '';
    const from = session.output().length;
    symlinkSync('..', join(session.dir, 'specs', 'agents', 'loop'));
    await session.waitFor('! watcher: agents/loop: a symbolic link to a folder that holds it', from);
    for (const rows of [1401, 1402, 1403]) {
      const before = session.output().length;
      setTotalRows(session, rows, 'replace');
      await session.waitFor('✓ agents: the mock serves the saved spec', before);
      expect(await totalRows(url)).toBe(rows);
      await session.waitFor('waiting for saves', before);
    }
    expect(session.child.exitCode).toBeNull();
  });

  it('works on its copy only', () => {
    expect(session.dir).not.toContain(repoRoot);
    expect(progressExample.startsWith('specs/')).toBe(true);
  });
});
