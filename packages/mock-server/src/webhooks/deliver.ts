import { isIP } from 'node:net';
import type { HarNameValue } from '@svc-contracts/har';

/** One callback to send. */
export interface Delivery {
  /** `numbers/orderNotification`. */
  webhook: string;
  url: string;
  method: string;
  headers: HarNameValue[];
  body: string;
}

/** What one attempt got: an answer (any status), or the reason there was none. */
export interface Attempt {
  startedDateTime: string;
  milliseconds: number;
  /** The receiver's answer; undefined when the connection failed or timed out. */
  response?: { status: number; statusText: string; headers: HarNameValue[]; body: string | undefined };
  /** Why it failed, for a log line: `connection refused`, `no answer within 5000 ms`, `answered 500`. */
  failure?: string;
}

export const accepted = (attempt: Attempt): boolean =>
  attempt.response !== undefined && attempt.response.status >= 200 && attempt.response.status < 300;

export interface AttemptOptions {
  /** Bound of one attempt, connection to last byte of the answer (default 5 s). */
  timeoutMs?: number;
  /** Bytes of the receiver's answer kept (default 64 KiB); the rest is read and dropped. */
  maxResponseBytes?: number;
  /** Ends the attempt (and the waits between attempts) early: the mock is stopping. */
  signal?: AbortSignal;
}

export class DeliveryUrlError extends Error {
  override readonly name = 'DeliveryUrlError';
}

/** An absolute http(s) URL without user info; throws {@link DeliveryUrlError} saying why not. */
export function deliveryUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DeliveryUrlError(`"${text}" is not an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new DeliveryUrlError(`${url.protocol} is not http or https.`);
  if (url.username !== '' || url.password !== '')
    throw new DeliveryUrlError('the URL carries user info; credentials go in the Authorization header.');
  return url;
}

/** Whether a URL's host is this machine: `localhost`, 127.0.0.0/8, ::1. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1' || /^::ffff:127\./.test(host);
  return false;
}

/** Sends one callback and reads the answer, bounded in time (`timeoutMs` for all of it) and in memory
 * (`maxResponseBytes` kept). */
export async function attempt(delivery: Delivery, options: AttemptOptions = {}): Promise<Attempt> {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const keep = options.maxResponseBytes ?? 64 * 1024;
  const startedDateTime = new Date().toISOString();
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const elapsed = (): number => Math.round(performance.now() - started);
  try {
    const answer = await fetch(delivery.url, {
      method: delivery.method,
      headers: delivery.headers.map(({ name, value }) => [name, value] as [string, string]),
      body: delivery.body,
      redirect: 'manual',
      signal,
    });
    const headers: HarNameValue[] = [];
    answer.headers.forEach((value, name) => {
      headers.push({ name, value });
    });
    const body = await boundedText(answer, keep);
    const response = { status: answer.status, statusText: answer.statusText, headers, body };
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      startedDateTime,
      milliseconds: elapsed(),
      response,
      ...(ok
        ? {}
        : { failure: `answered ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}` }),
    };
  } catch (error) {
    const failure = options.signal?.aborted ? 'stopped' : failureReason(error, timeout, timeoutMs);
    return { startedDateTime, milliseconds: elapsed(), failure };
  }
}

async function boundedText(answer: Response, keep: number): Promise<string | undefined> {
  if (!answer.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
    if (size < keep) chunks.push(chunk.subarray(0, keep - size));
    size += chunk.byteLength;
  }
  if (size === 0) return undefined;
  return Buffer.concat(chunks).toString('utf8');
}

function failureReason(error: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted) return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  switch (cause?.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'connection closed before an answer';
    default: {
      const message = cause?.message ?? (error instanceof Error ? error.message : String(error));
      // fetch refuses the ports of the Fetch standard's "bad port" list (1, 9, 25, 6000, ...).
      return message === 'bad port'
        ? "a port fetch refuses to call (the Fetch standard's bad ports)"
        : message;
    }
  }
}

/** How a failed delivery is tried again: the source shows neither retries nor their timing, so this is the
 * mock's choice. */
export interface RetryPolicy {
  attempts: number;
  delayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 3, delayMs: 500 };

/** At most `size` holders at once (attempts, each one connection); the others wait in turn, at most
 * `maxWaiting` of them: past that, `take` says no at once, so a burst holds neither sockets nor memory. */
export class Slots {
  private used = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly size: number,
    readonly maxWaiting: number,
  ) {}

  /** A slot's release, once one is free; undefined when `maxWaiting` already wait. */
  take(): Promise<() => void> | undefined {
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve(this.release());
    }
    if (this.waiting.length >= this.maxWaiting) return undefined;
    return new Promise((resolve) => this.waiting.push(() => resolve(this.release())));
  }

  private release(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.used--;
    };
  }
}

/** Tries a delivery until accepted or the attempts run out; `onAttempt` sees each one. */
export async function deliverWithRetries(
  delivery: Delivery,
  policy: RetryPolicy,
  options: AttemptOptions & {
    onAttempt?: (attempt: Attempt, number: number) => void | Promise<void>;
    /** Bounds the attempts in flight at once, shared by every delivery of a mock. */
    slots?: Slots;
  },
): Promise<Attempt> {
  let last: Attempt | undefined;
  for (let number = 1; number <= Math.max(1, policy.attempts); number++) {
    if (number > 1) {
      await pause(policy.delayMs * 2 ** (number - 2), options.signal);
      if (options.signal?.aborted) break;
    }
    const slot = options.slots?.take();
    if (options.slots && !slot) {
      const failure = `not sent: ${options.slots.maxWaiting} deliveries already wait for one of ${options.slots.size} connections`;
      last = { startedDateTime: new Date().toISOString(), milliseconds: 0, failure };
      await options.onAttempt?.(last, number);
      continue;
    }
    const release = await slot;
    try {
      last = await attempt(delivery, options);
    } finally {
      release?.();
    }
    await options.onAttempt?.(last, number);
    if (accepted(last)) return last;
  }
  return last as Attempt;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
