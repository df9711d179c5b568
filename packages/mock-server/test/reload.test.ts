import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockSet, SpecError, startMocks } from '../src/index.ts';
import { call, configPath } from './support.ts';

/** `MockSet.reload` on a copy of the specs (a temporary folder; the repository's specs are never written). */
const dir = mkdtempSync(join(tmpdir(), 'mock-reload-'));
const example = join(dir, 'specs', 'agents', 'components', 'examples', 'campaignProgress.yaml');
const pathItem = join(dir, 'specs', 'agents', 'paths', 'campaign-progress.yaml');
const bearer = { authorization: 'Bearer reload-test' };
let set: MockSet;

function url(name: string): string {
  return set.mocks.find((mock) => mock.name === name)?.url ?? '';
}

async function totalRows(): Promise<unknown> {
  const answer = await call(url('agents'), '/api/v1/campaign/381/progress', { headers: bearer });
  return (JSON.parse(answer.text) as { total_rows?: unknown }).total_rows;
}

function edit(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

beforeAll(async () => {
  cpSync(join(dirname(configPath), 'specs'), join(dir, 'specs'), { recursive: true });
  cpSync(configPath, join(dir, 'redocly.yaml'));
  set = await startMocks({
    configPath: join(dir, 'redocly.yaml'),
    only: ['agents', 'token'],
    ports: { agents: 0, token: 0 },
  });
});

afterAll(async () => {
  await set?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('MockSet.reload', () => {
  it('serves the saved spec on the same port; the other mock answers as before', async () => {
    const port = set.mocks.find((mock) => mock.name === 'agents')?.port;
    const token = await call(url('token'), '/api/v1/oauth2/token', { method: 'POST' });
    expect(await totalRows()).toBe(1200);
    edit(example, (text) => text.replace('total_rows: 1200', 'total_rows: 1250'));
    const result = await set.reload('agents');
    expect(result.name).toBe('agents');
    expect(await totalRows()).toBe(1250);
    expect(set.mocks.find((mock) => mock.name === 'agents')?.port).toBe(port);
    const again = await call(url('token'), '/api/v1/oauth2/token', { method: 'POST' });
    expect([again.status, again.text]).toEqual([token.status, token.text]);
  });

  it('keeps the last good mock when the spec no longer bundles, and says why', async () => {
    edit(pathItem, (text) => text.replace('examples/campaignProgress.yaml', 'examples/gone.yaml'));
    try {
      await expect(set.reload('agents')).rejects.toThrow(SpecError);
      await expect(set.reload('agents')).rejects.toThrow(/gone\.yaml/);
      expect(await totalRows()).toBe(1250);
    } finally {
      edit(pathItem, (text) => text.replace('examples/gone.yaml', 'examples/campaignProgress.yaml'));
    }
    await set.reload('agents');
    expect(await totalRows()).toBe(1250);
  });

  it('refuses a service it does not serve', async () => {
    await expect(set.reload('voice')).rejects.toThrow(/"voice" is not served by these mocks/);
  });
});
