import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type MockSet, type RequestLogEntry, startMocks } from '../src/index.ts';
import { SpecError } from '../src/services.ts';
import { call } from './support.ts';

const fixtureConfig = resolve(import.meta.dirname, 'fixtures', 'redocly.yaml');
const sets: MockSet[] = [];

afterAll(async () => {
  await Promise.all(sets.map((set) => set.stop()));
});

async function start(options: Parameters<typeof startMocks>[0]): Promise<MockSet> {
  const set = await startMocks({ configPath: fixtureConfig, ...options });
  sets.push(set);
  return set;
}

describe('startMocks', () => {
  it('serves the selected services on the given ports and answers before resolving', async () => {
    const set = await start({ only: ['agents'], ports: { agents: 0 } });
    expect(set.mocks.map((mock) => mock.name)).toEqual(['agents']);
    expect(set.mocks[0]?.port).toBeGreaterThan(0);
    const answer = await call(set.mocks[0]?.url ?? '', '/api/v1/workflow/fetch', {
      headers: { authorization: 'Bearer t' },
    });
    expect(answer.status).toBe(200);
  });

  it('lists a service without a spec as skipped when no --only names it', async () => {
    await expect(start({ ports: { agents: 0, ghost: 0, broken: 0 } })).rejects.toThrow(
      /broken spec does not bundle/,
    );
  });

  it('refuses --only with a service that has no spec yet, or is not listed', async () => {
    await expect(start({ only: ['ghost'] })).rejects.toThrow(/No spec yet for ghost/);
    await expect(start({ only: ['nosuch'] })).rejects.toThrow(SpecError);
  });

  it('a spec with a broken $ref fails the start, naming the file', async () => {
    await expect(start({ only: ['broken'], ports: { broken: 0 } })).rejects.toThrow(
      /paths\/missing\.yaml|missing/,
    );
  });

  it('logs each answered request with its credentials masked, the rest readable', async () => {
    const entries: RequestLogEntry[] = [];
    const set = await start({
      only: ['agents'],
      ports: { agents: 0 },
      onRequest: (entry) => entries.push(entry),
    });
    await call(set.mocks[0]?.url ?? '', '/api/v1/workflow/fetch?status=active&access_token=query-secret-1', {
      headers: {
        authorization: 'Bearer bearer-secret-2',
        'X-SVC-AGENTS-API-KEY': 'key-secret-3',
        // Not named like a credential: masked because the spec's security schemes carry it.
        'X-SVC-ORGANIZATION-ID': '4242',
        accept: 'application/json',
      },
    });
    expect(entries).toHaveLength(1);
    const logged = JSON.stringify(entries);
    for (const secret of ['query-secret-1', 'bearer-secret-2', 'key-secret-3', '4242']) {
      expect(logged).not.toContain(secret);
    }
    expect(entries[0]?.url).toMatch(/^\/api\/v1\/workflow\/fetch\?status=active&access_token=/);
    expect(entries[0]?.headers).toContainEqual({ name: 'accept', value: 'application/json' });
    expect(entries[0]?.headers.find((header) => header.name === 'authorization')?.value).toMatch(/^Bearer /);
  });

  it('reports a mock that stops on its own: which one and why', async () => {
    const set = await start({ only: ['agents'], ports: { agents: 0 } });
    set.mocks[0]?.server.emit('error', new Error('EMFILE: too many open files'));
    await expect(set.died).resolves.toEqual({ name: 'agents', reason: 'EMFILE: too many open files' });
  });

  it('stop() closes every port and is not reported as a death', async () => {
    const set = await start({ only: ['agents'], ports: { agents: 0 } });
    const url = set.mocks[0]?.url ?? '';
    let died = false;
    void set.died.then(() => {
      died = true;
    });
    await set.stop();
    await expect(call(url, '/')).rejects.toThrow();
    await Promise.resolve();
    expect(died).toBe(false);
  });
});
