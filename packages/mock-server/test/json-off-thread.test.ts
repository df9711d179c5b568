// Large JSON bodies are checked off the serving thread (JsonCheckWorker), small ones inline: the answers
// are the same either way.
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockSet } from '../src/index.ts';
import { chunkBatchBytes, JsonCheckWorker, offThreadMinBytes } from '../src/json-check-worker.ts';
import { basicAuth, call, configPath, startOnFreePorts, voiceCallBody } from './support.ts';

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
    timeoutMs: 30_000,
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
      timeoutMs: 30_000,
    });
    expect(checkOffThread).toHaveBeenCalledTimes(1);
    expect([400, 422]).toContain(answer.status);
  });
});

describe('JsonCheckWorker', () => {
  const request = { method: 'GET', url: 'http://mock.invalid/api/v1/workflow/fetch/1', headers: [] };

  it('answers what ContractSet.checkRequest finds, and lets the process exit when idle', async () => {
    const checks = new JsonCheckWorker({ configPath });
    const outcome = await checks.check(request, 'agents');
    expect(outcome).toMatchObject({ match: { operationId: expect.any(String) } });
    await checks.close();
    expect(checks.hasThread).toBe(false);
  });

  it.skipIf(process.platform !== 'linux')(
    "the check thread runs below the serving thread's priority (nice +10)",
    async () => {
      /** The nice value of each thread of this process (field 19 of its stat). */
      const nices = (): number[] =>
        readdirSync('/proc/self/task').map((task) => {
          const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
      const base = getPriority();
      const lowered = (): number => nices().filter((nice) => nice >= Math.min(19, base + 10)).length;
      const before = lowered();
      const checks = new JsonCheckWorker({ configPath });
      await checks.check(request, 'agents');
      expect(lowered()).toBe(before + 1);
      await checks.close();
    },
  );

  it('a streamed body past a limit is reported before its end; one within them is checked whole', async () => {
    const checks = new JsonCheckWorker({ configPath });
    const limits = { maxJsonNodes: 20, maxJsonDepth: 4, maxJsonStringLength: 200 };
    const stopped = new Promise((resolve) => {
      const body = checks.open(limits, resolve);
      // Each write returns whether to read on: false once the thread is 512 KiB behind.
      // (Each chunk is transferred to the thread: a second one is made before.)
      const text = `[${'1,'.repeat(chunkBatchBytes / 2)}`;
      const [first, second] = [Buffer.from(text), Buffer.from(text)];
      expect([body.write(first), body.write(second)]).toEqual([true, false]);
    });
    expect(await stopped).toEqual({ kind: 'body-limit', reason: 'the JSON body holds more than 20 values' });
    const whole = checks.open(limits, () => expect.unreachable());
    whole.write(Buffer.from('{"a":'));
    whole.write(Buffer.from('1}'));
    const outcome = await whole.check(
      { method: 'POST', url: 'http://mock.invalid/api/v1/campaign/7/pause', headers: [] },
      'agents',
    );
    expect(outcome).toMatchObject({ match: { operationId: expect.any(String) } });
    await checks.close();
  });

  it('bodies arriving when the thread dies fail with the reason, before their end', async () => {
    const dying = new URL(
      'data:text/javascript,import{parentPort}from"node:worker_threads";parentPort.postMessage({type:"ready"});parentPort.on("message",(m)=>{if(m.type==="chunks")process.exit(4)});',
    );
    const checks = new JsonCheckWorker({}, { threadUrl: dying });
    const limits = { maxJsonNodes: 20, maxJsonDepth: 4, maxJsonStringLength: 200 };
    const stopped = new Promise((resolve) => {
      const body = checks.open(limits, resolve);
      body.write(Buffer.alloc(chunkBatchBytes, 0x20));
    });
    expect(await stopped).toEqual({
      kind: 'check-failure',
      reason: 'the check thread stopped (exit code 4)',
    });
    await checks.close();
  });

  it('a thread that does not answer within the time budget fails that body alone', async () => {
    const silent = new URL(
      'data:text/javascript,import{parentPort}from"node:worker_threads";parentPort.postMessage({type:"ready"});parentPort.on("message",()=>{});',
    );
    const checks = new JsonCheckWorker({}, { threadUrl: silent, timeoutMs: 50 });
    const outcome = await checks.check(request, 'agents');
    expect(outcome).toEqual({
      kind: 'check-failure',
      reason: "checking it took longer than the mock's time budget of 50 ms",
    });
    await checks.close();
  });

  it('a thread that dies fails the body it held; a thread that cannot load fails every body waiting', async () => {
    const dying = new URL(
      'data:text/javascript,import{parentPort}from"node:worker_threads";parentPort.postMessage({type:"ready"});parentPort.on("message",()=>process.exit(3));',
    );
    const checks = new JsonCheckWorker({}, { threadUrl: dying });
    expect(await checks.check(request, 'agents')).toEqual({
      kind: 'check-failure',
      reason: 'the check thread stopped (exit code 3)',
    });
    await checks.close();
    const broken = new URL(
      'data:text/javascript,import{parentPort}from"node:worker_threads";parentPort.postMessage({type:"broken",reason:"no spec"});',
    );
    const none = new JsonCheckWorker({}, { threadUrl: broken });
    const both = await Promise.all([none.check(request, 'agents'), none.check(request, 'voice')]);
    for (const outcome of both)
      expect(outcome).toEqual({
        kind: 'check-failure',
        reason: 'the check thread could not load the contracts (no spec)',
      });
    await none.close();
  });

  it('a check that throws on the thread fails that body with the reason', async () => {
    const throwing = new URL(
      'data:text/javascript,import{parentPort}from"node:worker_threads";parentPort.postMessage({type:"ready"});parentPort.on("message",(job)=>parentPort.postMessage({type:"failed",job:job.job,reason:"Maximum call stack size exceeded"}));',
    );
    const checks = new JsonCheckWorker({}, { threadUrl: throwing });
    expect(await checks.check(request, 'agents')).toEqual({
      kind: 'check-failure',
      reason: 'the check failed (Maximum call stack size exceeded)',
    });
    await checks.close();
  });

  it('bodies past the waiting limit are refused at once', async () => {
    const silent = new URL(
      'data:text/javascript,import{parentPort}from"node:worker_threads";parentPort.on("message",()=>{});',
    );
    const checks = new JsonCheckWorker({}, { threadUrl: silent, maxWaiting: 1 });
    void checks.check(request, 'agents');
    expect(await checks.check(request, 'agents')).toMatchObject({ kind: 'check-failure' });
    await checks.close();
  });
});
