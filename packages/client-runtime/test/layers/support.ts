import type { CallContext, Outgoing, Send } from '../../src/layers/context.js';
import { Deadline } from '../../src/layers/timeout.js';
import { DEFAULT_RETRY, type RetryOptions } from '../../src/retry-options.js';

/** A call's context as the transport makes it: attempt 0 until the timeout layer counts one. */
export function context(
  options: { timeoutMs?: number; retry?: Partial<RetryOptions>; repeatable?: boolean } = {},
): CallContext {
  return {
    call: {
      timeoutMs: options.timeoutMs ?? 30_000,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      repeatable: options.repeatable ?? false,
    },
    deadline: new Deadline(options.timeoutMs ?? 30_000),
    attempt: 0,
    refreshed: false,
  };
}

export function outgoing(init: Partial<Outgoing> = {}): Outgoing {
  return {
    url: 'https://api.example.com/items',
    method: 'GET',
    headers: new Headers({ accept: 'application/json' }),
    body: undefined,
    ...init,
  };
}

/** A `next` that answers each call with the next of `answers` and records what it was sent. */
export function scripted(answers: Array<Response | Error | (() => Response)>): Send & { sent: Outgoing[] } {
  const sent: Outgoing[] = [];
  const send = (request: Outgoing): Promise<Response> => {
    sent.push(request);
    const answer = answers.shift();
    if (answer === undefined) return Promise.reject(new Error('no answer scripted'));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(typeof answer === 'function' ? answer() : answer);
  };
  return Object.assign(send, { sent });
}

export const status = (code: number, headers: Record<string, string> = {}): Response =>
  new Response(code === 204 || code === 304 ? null : '{}', { status: code, headers });
