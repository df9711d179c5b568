// ThreadOfOne on a stand-in thread (an event emitter that records what it is sent) and fake timers:
// every time budget and idle delay is reached by advancing the clock, never by waiting.
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ThreadJob,
  type ThreadMessage,
  ThreadOfOne,
  type ThreadOfOneOptions,
} from '../src/thread-of-one.js';

/** A stand-in for a worker thread: what it was posted, whether it holds the process, and its end. */
class FakeThread extends EventEmitter {
  posted: Array<{ job?: number; text?: string; type?: string }> = [];
  referenced = false;
  terminated = false;
  postMessage(message: { job?: number; text?: string }): void {
    this.posted.push(message);
  }
  ref(): void {
    this.referenced = true;
  }
  unref(): void {
    this.referenced = false;
  }
  async terminate(): Promise<number> {
    this.terminated = true;
    return 1;
  }
  answer(message: ThreadMessage & Record<string, unknown>): void {
    this.emit('message', message);
  }
}

const reasons: ThreadOfOneOptions['reasons'] = {
  timedOut: (ms) => `took longer than ${ms} ms`,
  crashed: (message) => `crashed (${message})`,
  exited: (code) => `exited (${code})`,
  stopped: 'stopped',
};

/** A job posting `text`, whose answer is the thread's `text` back, failing with `failed: <reason>`. */
const job = (text: string, timeoutMs = 1000): ThreadJob<string> => ({
  timeoutMs,
  post: (worker, id) => worker.postMessage({ type: 'job', job: id, text }),
  answer: (message) => ({ outcome: String((message as { text?: string }).text) }),
  fail: (reason) => `failed: ${reason}`,
});

let threads: FakeThread[];
const start = (): Worker => {
  const thread = new FakeThread();
  threads.push(thread);
  return thread as unknown as Worker;
};
const last = (): FakeThread => threads.at(-1) as FakeThread;

beforeEach(() => {
  threads = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ThreadOfOne', () => {
  it('starts the thread on the first job, posts nothing before it is ready, then one job at a time in order', async () => {
    const onReady = vi.fn();
    const thread = new ThreadOfOne({ start, onReady, reasons });
    expect(thread.worker).toBeUndefined();
    const first = thread.run(job('a'));
    const second = thread.run(job('b'));
    expect(threads).toHaveLength(1);
    expect(last().posted).toEqual([]);
    // Held while jobs wait.
    expect(last().referenced).toBe(true);
    last().answer({ type: 'ready' });
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(last().posted).toEqual([{ type: 'job', job: 1, text: 'a' }]);
    expect(thread.waiting).toBe(1);
    last().answer({ type: 'done', job: 1, text: 'A' });
    expect(await first).toBe('A');
    expect(last().posted.at(-1)).toEqual({ type: 'job', job: 2, text: 'b' });
    last().answer({ type: 'done', job: 2, text: 'B' });
    expect(await second).toBe('B');
    // Idle: the thread no longer holds the process.
    expect(last().referenced).toBe(false);
    expect(threads).toHaveLength(1);
  });

  it('ignores answers for another job, and gives messages without a job to onMessage', async () => {
    const onMessage = vi.fn();
    const thread = new ThreadOfOne({ start, onMessage, reasons });
    const outcome = thread.run(job('a'));
    last().answer({ type: 'ready' });
    last().answer({ type: 'done', job: 7, text: 'stale' });
    last().answer({ type: 'note' });
    expect(onMessage).toHaveBeenCalledWith({ type: 'note' }, last());
    last().answer({ type: 'done', job: 1, text: 'A' });
    expect(await outcome).toBe('A');
  });

  it('fails a job past its budget alone, counted from when the thread got it; the next job gets a new thread', async () => {
    const onGone = vi.fn();
    const thread = new ThreadOfOne({ start, onGone, reasons });
    const slow = thread.run(job('slow', 100));
    // Waiting for the thread to be ready is not charged.
    vi.advanceTimersByTime(500);
    last().answer({ type: 'ready' });
    const next = thread.run(job('next', 100));
    vi.advanceTimersByTime(99);
    expect(last().terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await slow).toBe('failed: took longer than 100 ms');
    expect(onGone).toHaveBeenCalledWith('took longer than 100 ms', 'timedOut');
    expect(threads[0]?.terminated).toBe(true);
    expect(threads).toHaveLength(2);
    last().answer({ type: 'ready' });
    last().answer({ type: 'done', job: 2, text: 'N' });
    expect(await next).toBe('N');
  });

  it('fails the job a dying thread held with the reason; the jobs waiting go to the next thread', async () => {
    const onGone = vi.fn();
    const thread = new ThreadOfOne({ start, onGone, reasons });
    const held = thread.run(job('a'));
    const waiting = thread.run(job('b'));
    last().answer({ type: 'ready' });
    last().emit('exit', 3);
    expect(await held).toBe('failed: exited (3)');
    expect(onGone).toHaveBeenCalledWith('exited (3)', 'died');
    expect(threads).toHaveLength(2);
    last().answer({ type: 'ready' });
    expect(last().posted).toEqual([{ type: 'job', job: 2, text: 'b' }]);
    last().emit('error', new Error('out of memory'));
    expect(await waiting).toBe('failed: crashed (out of memory)');
  });

  it('replaces the thread after an answer that says so, and settles a job from `before` without posting it', async () => {
    const thread = new ThreadOfOne({ start, reasons });
    const stopping = thread.run({ ...job('a'), answer: () => ({ outcome: 'failed there', stop: true }) });
    last().answer({ type: 'ready' });
    last().answer({ type: 'failure', job: 1 });
    expect(await stopping).toBe('failed there');
    expect(threads[0]?.terminated).toBe(true);
    expect(thread.worker).toBeUndefined();
    const skipped = thread.run({ ...job('b'), before: () => 'not run' });
    last().answer({ type: 'ready' });
    expect(await skipped).toBe('not run');
    expect(last().posted).toEqual([]);
  });

  it('replaces the thread once idle after a job that grows it, and keeps it after other jobs', async () => {
    const thread = new ThreadOfOne({ start, reasons, recycle: { whenIdleMs: 2000 } });
    const small = thread.run(job('small'));
    last().answer({ type: 'ready' });
    last().answer({ type: 'done', job: 1, text: 'S' });
    await small;
    vi.advanceTimersByTime(10_000);
    expect(thread.worker).toBe(threads[0]);
    const large = thread.run(job('large'), true);
    last().answer({ type: 'done', job: 2, text: 'L' });
    await large;
    // A job within the idle delay keeps the thread (and is not charged a new one).
    vi.advanceTimersByTime(1999);
    const another = thread.run(job('another'));
    last().answer({ type: 'done', job: 3, text: 'A' });
    await another;
    expect(thread.worker).toBe(threads[0]);
    vi.advanceTimersByTime(2000);
    expect(thread.worker).toBeUndefined();
    expect(threads[0]?.terminated).toBe(true);
  });

  it('close fails the running and waiting jobs, stops the thread; failWaiting fails only those waiting', async () => {
    const thread = new ThreadOfOne({ start, reasons });
    const running = thread.run(job('a'));
    const waiting = thread.run(job('b'));
    last().answer({ type: 'ready' });
    thread.failWaiting('no contracts');
    expect(await waiting).toBe('failed: no contracts');
    await thread.close();
    expect(await running).toBe('failed: stopped');
    expect(last().terminated).toBe(true);
  });

  it('keeps the process alive while `busy` says something besides jobs needs the thread', () => {
    let busy = true;
    const thread = new ThreadOfOne({ start, reasons, busy: () => busy });
    thread.started();
    thread.refresh();
    expect(last().referenced).toBe(true);
    busy = false;
    thread.refresh();
    expect(last().referenced).toBe(false);
  });
});
