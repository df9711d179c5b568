import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeFailure, ThreadOfOne, type ThreadOfOneOptions } from '../src/index.js';

type Task = { what?: string; value?: unknown };
const url = new URL('./fixtures/tasks.mjs', import.meta.url);
const threads: ThreadOfOne<Task, unknown>[] = [];
const start = (options: Partial<ThreadOfOneOptions<unknown>> = {}) => {
  const thread = new ThreadOfOne<Task, unknown>({ url, ...options });
  threads.push(thread);
  return thread;
};
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

// Far above what a task takes on a busy machine; only the hanging ones reach it. A short budget goes with a
// warm-up, so that starting the thread is not counted in it.
const timeoutMs = 60_000;
const ready = { timeoutMs: 300, warmUp: {} };

describe('ThreadOfOne', () => {
  it('starts on the first task, answers each in order, and warms a new thread up outside the budget', async () => {
    const thread = start();
    expect(thread.hasThread).toBe(false);
    const warmUp = { what: 'warm' };
    const answers = await Promise.all([1, 2, 3].map((value) => thread.run({ value }, { timeoutMs, warmUp })));
    expect(answers).toEqual([1, 2, 3].map((value) => ({ ok: true, value })));
    expect(thread.hasThread).toBe(true);
    expect(await thread.run({ what: 'warmed' }, { timeoutMs, warmUp })).toEqual({ ok: true, value: 1 });
  });

  it.each([
    { what: 'hang', budget: ready, failure: { kind: 'timeout', timeoutMs: 300 } },
    { what: 'wait', budget: ready, failure: { kind: 'timeout', timeoutMs: 300 } },
    { what: 'exit', budget: { timeoutMs }, failure: { kind: 'exit', code: 3 } },
    {
      what: 'throw',
      budget: { timeoutMs },
      failure: { kind: 'crash', message: 'Maximum call stack size exceeded' },
    },
  ])('fails a task that does $what alone; the next task is answered', async ({ what, budget, failure }) => {
    const thread = start();
    const failed = thread.run({ what }, budget);
    const next = thread.run({ value: 'next' }, { timeoutMs });
    expect(await failed).toEqual({ ok: false, failure });
    expect(await next).toEqual({ ok: true, value: 'next' });
  });

  it('fails a task that fills the heap past its limit', async () => {
    const thread = start({ resourceLimits: { maxOldGenerationSizeMb: 32 } });
    expect(await thread.run({ what: 'heap' }, { timeoutMs })).toEqual({
      ok: false,
      failure: { kind: 'out-of-memory' },
    });
  });

  it('refuses a task beyond maxWaiting and answers those it kept', async () => {
    const thread = start({ maxWaiting: 1 });
    const held = thread.run({ what: 'hang' }, ready);
    const waiting = thread.run({ value: 'kept' }, { timeoutMs });
    expect(await thread.run({ value: 'refused' }, { timeoutMs })).toEqual({
      ok: false,
      failure: { kind: 'busy', maxWaiting: 1 },
    });
    expect((await held).ok).toBe(false);
    expect(await waiting).toEqual({ ok: true, value: 'kept' });
  });

  it('fails the task it holds and those waiting when closed, and starts again after', async () => {
    const thread = start();
    const held = thread.run({ what: 'wait' }, { timeoutMs });
    const waiting = thread.run({ value: 1 }, { timeoutMs });
    await vi.waitFor(() => expect(thread.hasThread).toBe(true), { timeout: 60_000 });
    await thread.close();
    const closed = { ok: false, failure: { kind: 'closed' } };
    expect([await held, await waiting]).toEqual([closed, closed]);
    expect(await thread.run({ value: 2 }, { timeoutMs })).toEqual({ ok: true, value: 2 });
  });

  it('replaces the thread after a result isBroken names, and keeps it otherwise', async () => {
    const thread = start({ isBroken: (value) => value === 'broken' });
    const warmUp = { what: 'warm' };
    await thread.run({ value: 'fine' }, { timeoutMs, warmUp });
    expect(await thread.run({ what: 'warmed' }, { timeoutMs, warmUp })).toEqual({ ok: true, value: 1 });
    await thread.run({ value: 'broken' }, { timeoutMs, warmUp });
    // A new thread: warmed up once more, from its own count.
    expect(await thread.run({ what: 'warmed' }, { timeoutMs, warmUp })).toEqual({ ok: true, value: 1 });
  });

  it('ends an idle thread after idleTimeoutMs', async () => {
    const thread = start({ idleTimeoutMs: 50 });
    await thread.run({ value: 1 }, { timeoutMs });
    await vi.waitFor(() => expect(thread.hasThread).toBe(false), { timeout: 60_000 });
  });
});

it('words each failure the way its caller gave', () => {
  const words = {
    timeout: ({ timeoutMs }: { timeoutMs: number }) => `over ${timeoutMs} ms`,
    'out-of-memory': () => 'out of memory',
    exit: ({ code }: { code: number }) => `exit ${code}`,
    crash: ({ message }: { message: string }) => `crash: ${message}`,
    closed: () => 'closed',
    busy: ({ maxWaiting }: { maxWaiting: number }) => `${maxWaiting} waiting`,
  };
  expect(describeFailure({ kind: 'timeout', timeoutMs: 5 }, words)).toBe('over 5 ms');
  expect(describeFailure({ kind: 'busy', maxWaiting: 2 }, words)).toBe('2 waiting');
});
