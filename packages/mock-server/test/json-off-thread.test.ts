// Large JSON bodies are checked off the serving thread (JsonCheckWorker), small ones inline: the answers
// are the same either way.
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { JsonCheckWorker, offThreadMinBytes } from '../src/json-check-worker.ts';
import { basicAuth, call, configPath, startOnFreePorts, voiceCallBody } from './support.ts';

// The first large body waits for the check thread (nice +10, so last on a busy machine) to load the
// contracts: a bound far above that, which only a hang reaches.
const offThreadAnswerMs = 120_000;

let set: MockSet;
const url = (name: string): string => set.mocks.find((mock) => mock.name === name)?.url ?? '';
const checkOffThread = vi.spyOn(JsonCheckWorker.prototype, 'check');

beforeAll(async () => {
  set = await startOnFreePorts({ only: ['voice', 'agents'] });
});
afterAll(() => set.stop());

const padding = 'x'.repeat(offThreadMinBytes);
const voiceCall = (extra: Record<string, unknown>) =>
  call(url('voice'), '/api/v2/accounts/a1/calls', {
    method: 'POST',
    headers: { authorization: basicAuth, 'content-type': 'application/json' },
    body: voiceCallBody(extra),
    timeoutMs: offThreadAnswerMs,
  });

describe('a JSON body of 64 KiB or more is checked off the serving thread', () => {
  it('a large valid body gets its 2xx', async () => {
    checkOffThread.mockClear();
    const answer = await voiceCall({ note: padding });
    expect(answer.status).toBe(200);
    expect(checkOffThread).toHaveBeenCalledTimes(1);
    // The bytes are decoded on the thread: text beyond ASCII, split across chunks, arrives whole.
    const wide = await voiceCall({ note: 'é€😀'.repeat(20_000), from: 'é' });
    expect(checkOffThread).toHaveBeenCalledTimes(2);
    expect(wide.status).toBe(400);
    expect(wide.text).toContain('/from');
  });

  it('a large body breaking the schema gets the same 400 as a small one', async () => {
    checkOffThread.mockClear();
    const large = await voiceCall({ from: 15551234567, note: padding });
    expect(checkOffThread).toHaveBeenCalledTimes(1);
    const small = await voiceCall({ from: 15551234567 });
    expect(checkOffThread).toHaveBeenCalledTimes(1);
    expect(large.status).toBe(400);
    expect(small.status).toBe(400);
    expect(large.text).toBe(small.text);
  });

  it('a body whose check failed on the thread gets the validation status, saying it was not checked', async () => {
    checkOffThread.mockResolvedValueOnce({
      kind: 'check-failure',
      reason: 'the check thread stopped (exit code 1)',
    });
    const answer = await voiceCall({ note: padding });
    expect(answer.status).toBe(400);
    const body = JSON.parse(answer.text) as { type: string; description: string };
    expect(body.type).toBe('validation');
    expect(body.description).toContain('The body was not checked: the check thread stopped (exit code 1)');
    expect(body.description).toContain("the mock's limit");
  });

  it('a small body stays inline', async () => {
    checkOffThread.mockClear();
    expect((await voiceCall({ note: 'short' })).status).toBe(200);
    expect(checkOffThread).not.toHaveBeenCalled();
  });

  it("agents: a large body breaking the schema gets its 422 in agents' shape", async () => {
    checkOffThread.mockClear();
    const answer = await call(url('agents'), '/api/v1/campaign/7/pause', {
      method: 'POST',
      headers: { authorization: 'Bearer test-access-token', 'content-type': 'application/json' },
      body: JSON.stringify([padding]),
      timeoutMs: offThreadAnswerMs,
    });
    expect(checkOffThread).toHaveBeenCalledTimes(1);
    expect([400, 422]).toContain(answer.status);
  });
});

describe('JsonCheckWorker', () => {
  const request = { method: 'GET', url: 'http://mock.invalid/api/v1/workflow/fetch/1', headers: [] };

  // One thread for both (each loads every contract): what it answers, and its priority.
  it("answers what ContractSet.checkRequest finds, below the serving thread's priority (nice +10, Linux), and lets the process exit when idle", async () => {
    const linux = process.platform === 'linux';
    /** The nice value of each thread of this process (field 19 of its stat). */
    const nices = (): number[] =>
      readdirSync('/proc/self/task').map((task) => {
        const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const base = getPriority();
    const lowered = (): number => nices().filter((nice) => nice >= Math.min(19, base + 10)).length;
    const before = linux ? lowered() : 0;
    const checks = new JsonCheckWorker({ configPath });
    const outcome = await checks.check(request, 'agents');
    expect(outcome).toMatchObject({ match: { operationId: expect.any(String) } });
    if (linux) expect(lowered()).toBe(before + 1);
    await checks.close();
    expect(checks.hasThread).toBe(false);
  });

  const faulty = new URL('./fixtures/threads/faulty.mjs', import.meta.url);

  it('a body that overruns the time budget fails alone; the next gets a new thread', async () => {
    const checks = new JsonCheckWorker({}, { threadUrl: faulty, timeoutMs: 300 });
    const [hung, next] = await Promise.all([checks.check(request, 'hang'), checks.check(request, 'ok')]);
    expect(hung).toEqual({
      kind: 'check-failure',
      reason: "checking it took longer than the mock's time budget of 300 ms",
    });
    expect(next).toEqual({ violations: [] });
    await checks.close();
  });

  it('a thread that dies, or passes its heap limit, fails the body it held; the next gets a new thread', async () => {
    const checks = new JsonCheckWorker(
      {},
      { threadUrl: faulty, resourceLimits: { maxOldGenerationSizeMb: 32 } },
    );
    expect(await checks.check(request, 'exit')).toEqual({
      kind: 'check-failure',
      reason: 'the check thread stopped (exit code 3)',
    });
    expect(await checks.check(request, 'heap')).toEqual({
      kind: 'check-failure',
      reason: 'the check thread ran out of memory',
    });
    expect(await checks.check(request, 'ok')).toEqual({ violations: [] });
    await checks.close();
  });

  it('a check that throws fails that body with the reason; contracts that do not load fail every body', async () => {
    const checks = new JsonCheckWorker({}, { threadUrl: faulty });
    expect(await checks.check(request, 'throw')).toEqual({
      kind: 'check-failure',
      reason: 'the check failed (Maximum call stack size exceeded)',
    });
    await checks.close();
    const none = new JsonCheckWorker({ configPath: '/nonexistent/redocly.yaml' });
    const both = await Promise.all([none.check(request, 'agents'), none.check(request, 'voice')]);
    for (const outcome of both)
      expect(outcome).toMatchObject({
        kind: 'check-failure',
        reason: expect.stringContaining('the check thread could not load the contracts ('),
      });
    await none.close();
  });

  it('bodies past the waiting limit are refused at once', async () => {
    const checks = new JsonCheckWorker({}, { threadUrl: faulty, maxWaiting: 1, timeoutMs: 300 });
    const first = checks.check(request, 'hang');
    const second = checks.check(request, 'ok');
    expect(await checks.check(request, 'ok')).toEqual({
      kind: 'check-failure',
      reason: "1 large bodies were already waiting to be checked (the mock's limit)",
    });
    await Promise.all([first, second]);
    await checks.close();
  });
});
