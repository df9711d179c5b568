import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HarEntry } from '@svc-contracts/har';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LiveCheck, startLiveCheck } from '../src/index.js';

// The live check hands entries to its thread: here a fake thread (threads/fake-thread.mjs), so that a
// thread that dies or falls behind can be had on demand. check.test.ts holds the real thread's verdicts.

const configPath = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));
const threadUrl = new URL('./threads/fake-thread.mjs', import.meta.url);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'live-thread-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const entry = (path: string): HarEntry =>
  ({
    request: { method: 'GET', url: `http://127.0.0.1:9${path}`, headers: [] },
    response: { status: 200, headers: [], content: { size: 0, mimeType: 'text/plain' } },
  }) as unknown as HarEntry;

async function live(name: string): Promise<{ check: LiveCheck; output: () => string }> {
  let text = '';
  const write = (chunk: string): void => {
    text += chunk;
  };
  const check = await startLiveCheck({ out: join(dir, name), configPath, write, threadUrl });
  return { check, output: () => text };
}

describe('contract-record --check judges on a thread of its own', () => {
  it('hands the entries over in batches; their lines and the stop report are the thread’s, in order', async () => {
    const { check, output } = await live('batches.har');
    for (const index of [0, 1, 2]) expect(check.judge(entry('/a'), index)).toBeUndefined();
    expect(await check.finish()).toBe(0);
    expect(output()).toBe(
      '#0 taken in a batch of 3\n#1 taken in a batch of 3\n#2 taken in a batch of 3\nfake report: 3 taken\n',
    );
  });

  it('a thread that dies: the stop names why, counts what was not judged and exits 2 (not 0)', async () => {
    const { check, output } = await live('dies.har');
    check.judge(entry('/exit'), 0);
    check.judge(entry('/a'), 1);
    expect(await check.finish()).toBe(2);
    expect(output()).toMatch(
      /^contract-record: the live check stopped at #0 \(the check thread stopped \(exit code 3\)\): 2 exchange\(s\) from there on were not judged and there is no report; check the HAR with contract-check .*dies\.har\n$/,
    );
  });

  it('a thread that dies at the stop: no report, exit 2', async () => {
    const { check, output } = await live('dies-at-stop.har');
    expect(await check.finish()).toBe(2);
    expect(output()).toMatch(
      /^contract-record: the live check could not give its report \(the check thread stopped \(exit code 4\)\); check the HAR with contract-check .*dies-at-stop\.har\n$/,
    );
  });

  it('a thread far behind: the 1,000th entry waiting holds the proxy until the thread catches up', async () => {
    const { check, output } = await live('behind.har');
    const until = join(dir, 'go');
    expect(check.judge(entry(`/slow?until=${encodeURIComponent(until)}`), 0)).toBeUndefined();
    while (!existsSync(`${until}.started`)) await new Promise((resolve) => setTimeout(resolve, 10));
    const waits = Array.from({ length: 1000 }, (_, at) => check.judge(entry('/a'), at + 1));
    expect(waits.slice(0, 999).every((wait) => wait === undefined)).toBe(true);
    const held = waits[999];
    expect(held).toBeInstanceOf(Promise);
    let released = false;
    void held?.then(() => {
      released = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(released).toBe(false);
    await writeFile(until, '');
    await held;
    expect(await check.finish()).toBe(0);
    expect(output()).toContain('#1000 taken in a batch of 1000\nfake report: 1001 taken\n');
  });

  it('a start the thread refuses is refused with its reason, before the proxy listens', async () => {
    await expect(live('refused.har')).rejects.toThrow('no such service: nope');
  });
});
