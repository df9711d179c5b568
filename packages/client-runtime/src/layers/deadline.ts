import { TimeoutError } from '../errors.js';

/** The limit of a call's attempts and the caller's signal, behind one standard `AbortSignal`: the call's own
 * controller, aborted with a {@link TimeoutError} by one timer (restarted for each attempt) or with the
 * caller's reason by a listener on the caller's signal, removed when the call is released. */
export class Deadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private paused = false;
  private caller: AbortSignal | undefined;
  private onCallerAbort: (() => void) | undefined;

  constructor(private readonly timeoutMs: number) {}

  /** What `fetch`, the wait between attempts and the body read follow. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Follows the caller's signal too (once per call). */
  watch(caller: AbortSignal | null | undefined): void {
    if (caller === undefined || caller === null || this.caller !== undefined) return;
    this.caller = caller;
    if (caller.aborted) {
      this.controller.abort(caller.reason);
      return;
    }
    const onCallerAbort = (): void => this.controller.abort(caller.reason);
    this.onCallerAbort = onCallerAbort;
    caller.addEventListener('abort', onCallerAbort, { once: true });
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
    if (this.onCallerAbort !== undefined) this.caller?.removeEventListener('abort', this.onCallerAbort);
    this.onCallerAbort = undefined;
  }
}
