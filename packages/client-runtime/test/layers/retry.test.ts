import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransportEvent } from '../../src/layers/context.js';
import { retryLayer } from '../../src/layers/retry.js';
import { context, outgoing, scripted, status } from './support.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('retry layer', () => {
  // given: the method, whether the caller vouched for it, the answers; want: attempts made, final status, waits
  const rows: Array<{
    name: string;
    method: string;
    repeatable?: boolean;
    answers: Array<[number, Record<string, string>?]>;
    maxAttempts?: number;
    want: { sent: number; status: number; waits: number[] };
  }> = [
    {
      name: 'a 200 is returned at once',
      method: 'GET',
      answers: [[200]],
      want: { sent: 1, status: 200, waits: [] },
    },
    {
      name: 'a 503 GET waits the jittered backoff, then succeeds',
      method: 'GET',
      answers: [[503], [200]],
      want: { sent: 2, status: 200, waits: [250] },
    },
    {
      name: 'a 429 honours Retry-After in seconds',
      method: 'PUT',
      answers: [[429, { 'retry-after': '7' }], [200]],
      want: { sent: 2, status: 200, waits: [7_000] },
    },
    {
      name: 'a Retry-After beyond maxRetryAfterMs returns the answer',
      method: 'GET',
      answers: [[503, { 'retry-after': '3600' }]],
      want: { sent: 1, status: 503, waits: [] },
    },
    {
      name: 'a POST is never retried',
      method: 'POST',
      answers: [[503, { 'retry-after': '0' }]],
      want: { sent: 1, status: 503, waits: [] },
    },
    {
      name: 'a POST the caller says is repeatable is retried',
      method: 'POST',
      repeatable: true,
      answers: [[503, { 'retry-after': '0' }], [201]],
      want: { sent: 2, status: 201, waits: [0] },
    },
    {
      name: 'other statuses are not retried',
      method: 'GET',
      answers: [[500]],
      want: { sent: 1, status: 500, waits: [] },
    },
    {
      name: 'stops after maxAttempts with the last answer',
      method: 'GET',
      maxAttempts: 2,
      answers: [
        [429, { 'retry-after': '1' }],
        [429, { 'retry-after': '1' }],
      ],
      want: { sent: 2, status: 429, waits: [1_000] },
    },
    {
      name: 'backoff doubles its ceiling with each retry',
      method: 'GET',
      answers: [[503], [503], [200]],
      want: { sent: 3, status: 200, waits: [250, 500] },
    },
  ];

  it.each(rows)('$name', async ({ method, repeatable, answers, maxAttempts, want }) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const next = scripted(
      answers.map(
        ([code, headers]) =>
          () =>
            status(code, headers),
      ),
    );
    const events: TransportEvent[] = [];
    const send = retryLayer(
      () => 0.5,
      (event) => events.push(event),
    )(next);
    const pending = send(
      outgoing({ method }),
      context({ repeatable, retry: { maxAttempts: maxAttempts ?? 3 } }),
    );
    await vi.runAllTimersAsync();
    const response = await pending;
    expect(response.status).toBe(want.status);
    expect(next.sent).toHaveLength(want.sent);
    expect(events.map((event) => (event.type === 'retry' ? event.delayMs : event.type))).toEqual(want.waits);
  });

  it('does not send again before the wait is over', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const next = scripted([status(503, { 'retry-after': '2' }), status(200)]);
    const pending = retryLayer(() => 0.5, undefined)(next)(outgoing(), context());
    await vi.advanceTimersByTimeAsync(1_999);
    expect(next.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
    expect(next.sent).toHaveLength(2);
  });

  it('ends the wait with the caller’s reason when the call is aborted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const caller = new AbortController();
    const call = context();
    call.deadline.watch(caller.signal);
    const next = scripted([status(503, { 'retry-after': '30' })]);
    const pending = retryLayer(() => 0.5, undefined)(next)(outgoing(), call);
    const assertion = expect(pending).rejects.toThrow('caller gave up');
    await vi.advanceTimersByTimeAsync(10);
    caller.abort(new Error('caller gave up'));
    await assertion;
    expect(next.sent).toHaveLength(1);
  });
});
