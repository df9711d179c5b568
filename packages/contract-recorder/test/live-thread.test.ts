import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
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

/** The recorded agent, its text padded with spaces to `chars` (still the same, valid JSON). */
const agent = (chars: number): HarEntry => {
  const text = recorded.response.content.text as string;
  const padded = text.padEnd(chars, ' ');
  return {
    ...recorded,
    response: { ...recorded.response, content: { ...recorded.response.content, text: padded } },
  };
};

describe('contract-record --check judges large exchanges off the proxy thread', () => {
  it('a judging thread that dies costs its exchange alone: not judged with the reason, the rest judged, exit 2', async () => {
    let output = '';
    const check = await startLiveCheck({
      out: join(dir, 'dies.har'),
      configPath,
      write: (text) => {
        output += text;
      },
      threadUrl: new URL('./threads/exiting-thread.mjs', import.meta.url),
    });
    check.judge(agent(0), 0);
    check.judge(agent(offThreadMinChars), 1);
    check.judge(agent(offThreadMinChars - 1000), 2);
    expect(await check.finish()).toBe(2);
    expect(output).toMatch(/^PASS .*#0 GET /m);
    expect(output).toMatch(/^NOT JUDGED .*#1 GET /m);
    expect(output).toContain('the judging thread stopped (exit code 3)');
    expect(output).toMatch(/^PASS .*#2 GET /m);
    expect(output.trimEnd().split('\n').at(-1)).toMatch(/^2 passed, 0 failed, 1 not judged/);
  });
});
