import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HarEntry } from '@svc-contracts/har';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offThreadMinChars } from '../src/big-exchanges.js';
import { startLiveCheck } from '../src/index.js';

// Large exchanges are judged on a thread of their own; a thread that fails costs only its own exchange.
// check.test.ts holds the real thread's verdicts to contract-check's; here a thread that dies on demand.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const configPath = join(repoRoot, 'redocly.yaml');
const recorded = JSON.parse(
  readFileSync(join(repoRoot, 'contract-tests/recordings/agents/get-agent-200.har'), 'utf8'),
).log.entries[0] as HarEntry;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'live-thread-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The recorded agent, its text padded with spaces to `chars` (still the same, valid JSON), its URL with
 * `query`. */
const agent = (chars: number, query = ''): HarEntry => {
  const text = (recorded.response.content.text as string).padEnd(chars, ' ');
  const request = { ...recorded.request, url: `${recorded.request.url}${query}` };
  const content = { ...recorded.response.content, text };
  return { ...recorded, request, response: { ...recorded.response, content } };
};

async function live(name: string, thread: string) {
  let output = '';
  const check = await startLiveCheck({
    out: join(dir, name),
    configPath,
    write: (text) => {
      output += text;
    },
    threadUrl: new URL(`./threads/${thread}`, import.meta.url),
  });
  return { check, output: () => output };
}

describe('contract-record --check judges large exchanges off the proxy thread', () => {
  it('a judging thread that dies costs its exchange alone: not judged with the reason, the rest judged, exit 2', async () => {
    const { check, output: text } = await live('dies.har', 'exiting-thread.mjs');
    check.judge(agent(0), 0);
    check.judge(agent(offThreadMinChars), 1);
    check.judge(agent(offThreadMinChars - 1000), 2);
    expect(await check.finish()).toBe(2);
    const output = text();
    expect(output).toMatch(/^PASS .*#0 GET /m);
    expect(output).toMatch(/^NOT JUDGED .*#1 GET /m);
    expect(output).toContain('the judging thread stopped (exit code 3)');
    expect(output).toMatch(/^PASS .*#2 GET /m);
    expect(output.trimEnd().split('\n').at(-1)).toMatch(/^2 passed, 0 failed, 1 not judged/);
  });

  it('--errors: a large request the contract refuses is refused from the thread; a thread that dies forwards it', async () => {
    // A body where the operation takes none: the mocks refuse it.
    const request = (chars: number) => ({
      method: 'POST',
      url: 'http://127.0.0.1:9/api/v1/campaign/381/pause',
      headers: [
        { name: 'Authorization', value: 'Bearer t' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      body: '{"x":1}'.padEnd(chars, ' '),
    });
    const write = () => undefined;
    const real = await startLiveCheck({ out: join(dir, 'refuses.har'), configPath, write, errors: true });
    const small = await real.answer?.(request(0));
    const large = await real.answer?.(request(offThreadMinChars));
    expect(small?.status).toBeGreaterThanOrEqual(400);
    expect(large).toEqual(small);
    await real.close();
    const dies = await startLiveCheck({
      out: join(dir, 'forwards.har'),
      configPath,
      write,
      errors: true,
      threadUrl: new URL('./threads/exiting-thread.mjs', import.meta.url),
    });
    expect((await dies.answer?.(request(0)))?.status).toBe(small?.status);
    expect(await dies.answer?.(request(offThreadMinChars))).toBeUndefined();
    await dies.close();
  });

  it('more than 1,000 exchanges waiting behind a large one: the proxy is held until its exchange is judged', async () => {
    const { check } = await live('behind.har', 'held-thread.mjs');
    const until = join(dir, 'go');
    expect(check.judge(agent(offThreadMinChars, `?until=${encodeURIComponent(until)}`), 0)).toBeUndefined();
    while (!existsSync(`${until}.started`)) await new Promise((resolve) => setTimeout(resolve, 10));
    const waits = Array.from({ length: 1000 }, (_, at) => check.judge(agent(0), at + 1));
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
    expect(await check.finish()).toBe(2); // the held one is not judged: the thread gave no verdict
  });
});
