import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError } from '../../src/errors.js';
import { timeoutLayer } from '../../src/layers/timeout.js';
import { context, outgoing } from './support.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A `next` that never answers until its signal aborts, as `fetch` does. */
const hanging = (_: unknown, call: ReturnType<typeof context>) =>
  new Promise<Response>((_resolve, reject) => {
    const { signal } = call.deadline;
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

describe('timeout layer', () => {
  it('counts each attempt it starts', async () => {
    const call = context();
    const send = timeoutLayer(async () => new Response(null, { status: 204 }));
    await send(outgoing(), call);
    await send(outgoing(), call);
    expect(call.attempt).toBe(2);
    call.deadline.release();
  });

  it.each([
    { timeoutMs: 1_000, advance: 999, want: 'pending' },
    { timeoutMs: 1_000, advance: 1_000, want: 'TimeoutError' },
    { timeoutMs: 200, advance: 200, want: 'TimeoutError' },
  ])('with $timeoutMs ms, after $advance ms: $want', async ({ timeoutMs, advance, want }) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const call = context({ timeoutMs });
    let outcome: unknown = 'pending';
    timeoutLayer(hanging)(outgoing(), call).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(advance);
    if (want === 'pending') expect(outcome).toBe('pending');
    else expect(outcome).toBeInstanceOf(TimeoutError);
    call.deadline.release();
  });

  it('does not count the wait between attempts, and restarts the limit for the next', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const call = context({ timeoutMs: 100 });
    await timeoutLayer(async () => new Response(null, { status: 503 }))(outgoing(), call);
    call.deadline.pause();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(call.deadline.signal.aborted).toBe(false);
    let outcome: unknown = 'pending';
    timeoutLayer(hanging)(outgoing(), call).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(99);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(TimeoutError);
  });

  it('follows the caller’s signal and sends nothing once it aborted', async () => {
    const call = context();
    call.deadline.watch(AbortSignal.abort(new Error('no')));
    expect(call.deadline.signal).toBeInstanceOf(AbortSignal);
    const next = vi.fn(async () => new Response(null));
    await expect(timeoutLayer(next)(outgoing(), call)).rejects.toThrow('no');
    expect(next).not.toHaveBeenCalled();
  });

  // given: when the caller aborts; want: the call's signal
  it.each([
    {
      name: 'an abort during the call aborts it with the caller’s reason',
      abortAfterRelease: false,
      want: true,
    },
    { name: 'an abort after the call was released leaves it alone', abortAfterRelease: true, want: false },
  ])('$name', ({ abortAfterRelease, want }) => {
    const caller = new AbortController();
    const call = context();
    call.deadline.watch(caller.signal);
    if (abortAfterRelease) call.deadline.release();
    const reason = new Error('stop');
    caller.abort(reason);
    expect(call.deadline.signal.aborted).toBe(want);
    if (want) expect(call.deadline.signal.reason).toBe(reason);
  });
});
