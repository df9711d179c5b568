import { TimeoutError } from '../errors.js';
import type { Layer } from './context.js';

/**
 * The limit of a call's attempts and the caller's signal, behind one standard `AbortSignal`: the call's own
 * controller (aborted with a {@link TimeoutError} by one timer, restarted for each attempt), joined to the
 * caller's signal with `AbortSignal.any`. A tick that comes while the call waits between attempts is
 * ignored. The timer is a `setTimeout` rather than `AbortSignal.timeout()` because the limit restarts per
 * attempt and pauses between them, and so that tests drive it with fake timers.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private paused = false;
  private caller: AbortSignal | undefined;
  /** What `fetch`, the wait between attempts and the body read follow. */
  signal: AbortSignal = this.controller.signal;

  constructor(private readonly timeoutMs: number) {}

  /** Follows the caller's signal too (once per call). */
  watch(caller: AbortSignal | null | undefined): void {
    if (caller === undefined || caller === null || this.caller !== undefined) return;
    this.caller = caller;
    this.signal = AbortSignal.any([this.controller.signal, caller]);
  }

  /** Starts the limit of an attempt (again). */
  arm(): void {
    this.paused = false;
    if (!Number.isFinite(this.timeoutMs)) return;
    const refreshable = this.timer as { refresh?: () => unknown } | undefined;
    if (typeof refreshable?.refresh === 'function') {
      // Node restarts a pending timer and reactivates one that already fired: one timer per call.
      refreshable.refresh();
      return;
    }
    // Browsers' timers are plain numbers: a new one for each further attempt there.
    clearTimeout(this.timer);
    const timeoutMs = this.timeoutMs;
    this.timer = setTimeout(() => {
      if (!this.paused) this.controller.abort(new TimeoutError(timeoutMs));
    }, timeoutMs);
  }

  /** Between attempts (a retry's wait, a token refresh): not part of an attempt's limit. */
  pause(): void {
    this.paused = true;
  }

  /** Stops the timer once the call is over (its body read). */
  release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/**
 * The timeout layer: each pass through it is one attempt, counted and given the call's limit afresh.
 * A call already aborted (by its caller, or its limit) sends nothing more.
 */
export const timeoutLayer: Layer = (next) => (request, context) => {
  context.attempt++;
  context.deadline.arm();
  const { signal } = context.deadline;
  if (signal.aborted) return Promise.reject(signal.reason);
  return next(request, context);
};
