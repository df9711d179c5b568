import { backoffDelay } from '../backoff.js';
import { redactUrl } from '../redact.js';
import { parseRetryAfter } from '../retry-after.js';
import { REPEATABLE_METHODS } from '../retry-options.js';
import { sleep } from '../sleep.js';
import { type CallContext, discard, type Emit, type Layer, type Outgoing } from './context.js';

/** Whether an answer may be retried after `retried` status retries: a retried status (429, 503), attempts
 * left, and a request that may be sent twice (a repeatable method, or the caller said so). */
export function mayRetry(status: number, method: string, context: CallContext, retried: number): boolean {
  const { retry, repeatable } = context.call;
  return (
    retried + 1 < retry.maxAttempts &&
    retry.statuses.includes(status) &&
    (repeatable || REPEATABLE_METHODS.has(method))
  );
}

/** How long to wait before repeating after `response`, or undefined when it is returned as it is: its
 * `Retry-After` (seconds or an HTTP date) when it has one within `maxRetryAfterMs`, else the backoff. */
export function retryDelay(
  response: Response,
  retry: number,
  context: CallContext,
  random: () => number,
): number | undefined {
  const options = context.call.retry;
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
  if (retryAfter !== undefined && retryAfter > options.maxRetryAfterMs) return undefined;
  return retryAfter ?? backoffDelay(retry, options, random);
}

/** The retry layer: repeats a 429 or 503 of a repeatable request after `Retry-After` or a jittered backoff. */
export function retryLayer(random: () => number, emit: Emit): Layer {
  return (next) => {
    // A promise chain rather than an async loop, made once per client: a call that is not retried pays
    // for one `then` and no closure of its own; a call without retries (`retry: false`) for nothing.
    const attempt = (request: Outgoing, context: CallContext, retried: number): Promise<Response> =>
      next(request, context).then((response) => {
        if (!mayRetry(response.status, request.method, context, retried)) return response;
        const delayMs = retryDelay(response, retried + 1, context, random);
        if (delayMs === undefined) return response;
        emit?.({
          type: 'retry',
          method: request.method,
          url: redactUrl(request.url),
          attempt: context.attempt,
          status: response.status,
          delayMs,
        });
        context.deadline.pause();
        return discard(response)
          .then(() => sleep(delayMs, context.deadline.signal))
          .then(() => attempt(request, context, retried + 1));
      });
    return (request, context) =>
      context.call.retry.maxAttempts > 1 ? attempt(request, context, 0) : next(request, context);
  };
}
