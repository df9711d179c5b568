/** What the transport reads of a call's abort signal, and what it hands to `fetch` and `sleep`. */
export interface CallSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: 'abort', listener: (this: CallSignal) => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: (this: CallSignal) => void): void;
}

/** The abort side of a call: an `AbortController`, or a {@link PlainAbortSignal} that is its own. */
export interface CallAbort {
  readonly signal: CallSignal;
  abort(reason: unknown): void;
}

/**
 * An abort signal without an `EventTarget` behind it, for Node's built-in `fetch` (undici) only.
 *
 * undici follows a request's `signal` by duck typing: it reads `aborted` and `reason`, adds an `abort`
 * listener, and checks the listener count with `node:events`' `getMaxListeners`, `setMaxListeners` and
 * `getEventListeners` (the EventEmitter-style methods below). A real `AbortSignal` costs a per-call
 * `EventTarget`, a max-listeners change and an `EventTarget` listener, about 10 µs of a 200 µs loopback
 * call (bench/clients); this object cancels the request the same way (undici aborts its own controller,
 * which closes the connection) for a fraction of that. Browsers and other `fetch` implementations
 * require a real `AbortSignal`: {@link plainSignalsWork} checks, once, that this runtime's `Request`
 * follows this object, and the transport hands it only to the built-in `fetch`.
 */
export class PlainAbortSignal implements CallSignal, CallAbort {
  aborted = false;
  reason: unknown = undefined;
  private handlers: Array<(this: CallSignal) => void> = [];

  get signal(): this {
    return this;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const handlers = this.handlers;
    this.handlers = [];
    // undici's listener reads the reason and removes itself through `this`, as on an AbortSignal.
    for (const handler of handlers) handler.call(this);
  }

  addEventListener(type: string, listener: (this: CallSignal) => void): void {
    // Every listener is called once, when the signal aborts, as with `{ once: true }`.
    if (type === 'abort' && !this.aborted) this.handlers.push(listener);
  }

  removeEventListener(type: string, listener: (this: CallSignal) => void): void {
    if (type !== 'abort') return;
    const index = this.handlers.indexOf(listener);
    if (index !== -1) this.handlers.splice(index, 1);
  }

  /** For `node:events`' `getEventListeners`, which undici calls to count the listeners. */
  listeners(type: string): ReadonlyArray<(this: CallSignal) => void> {
    return type === 'abort' ? this.handlers : [];
  }

  /** For `node:events`' `getMaxListeners`: a fresh signal reports the default, as an EventTarget does. */
  getMaxListeners(): number {
    return 10;
  }

  /** For `node:events`' `setMaxListeners`, which undici calls on a signal with the default: no limit here. */
  setMaxListeners(_count: number): void {}
}

let plainWorks: boolean | undefined;

/**
 * Whether this runtime's `Request` (the one the built-in `fetch` builds) follows a {@link PlainAbortSignal}:
 * it must accept it and be aborted with it. Checked once; false in browsers and anywhere else that wants
 * a real `AbortSignal`.
 */
export function plainSignalsWork(): boolean {
  if (plainWorks === undefined) {
    try {
      const probe = new PlainAbortSignal();
      const request = new Request('http://127.0.0.1/', { signal: probe as unknown as AbortSignal });
      probe.abort(undefined);
      plainWorks = request.signal.aborted;
    } catch {
      plainWorks = false;
    }
  }
  return plainWorks;
}
