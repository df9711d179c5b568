import type { Authenticator } from './auth.js';
import { backoffDelay } from './backoff.js';
import { ConfigurationError, RedirectError, TimeoutError } from './errors.js';
import { isCredentialHeader, redactHeaders, redactUrl } from './redact.js';
import { parseRetryAfter } from './retry-after.js';
import {
  checkTimeout,
  DEFAULT_RETRY,
  REPEATABLE_METHODS,
  type RetryOptions,
  resolveRetryOptions,
} from './retry-options.js';
import { sleep } from './sleep.js';

/** The `fetch` the transport sends with (default: the global `fetch`, looked up at call time). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What the transport reports to an `onEvent` hook. URLs and headers are already redacted. */
export type TransportEvent =
  | { type: 'request'; method: string; url: string; attempt: number; headers: Record<string, string> }
  | { type: 'response'; method: string; url: string; attempt: number; status: number }
  | { type: 'retry'; method: string; url: string; attempt: number; status: number; delayMs: number }
  | { type: 'refresh-credentials'; method: string; url: string; attempt: number }
  | { type: 'redirect'; method: string; from: string; to: string; credentialsStripped: boolean };

export type CrossOriginRedirectPolicy = 'strip-credentials' | 'refuse';

export interface TransportOptions {
  auth?: Authenticator | undefined;
  /** Retry settings, or `false` for none. Default: 3 attempts on 429 and 503 for repeatable requests. */
  retry?: Partial<RetryOptions> | false | undefined;
  /** Limit of each attempt, redirects and body included (default 30 s; `Infinity` for none). */
  timeoutMs?: number | undefined;
  /** Redirects followed per attempt (default 5). */
  maxRedirects?: number | undefined;
  /**
   * A redirect to another origin (scheme, host or port): follow it without any credential header
   * (default), or refuse it with a `RedirectError`. Credentials are never sent to another origin.
   */
  crossOriginRedirects?: CrossOriginRedirectPolicy | undefined;
  fetch?: FetchLike | undefined;
  /** Logging hook: receives redacted events, never a credential. */
  onEvent?: ((event: TransportEvent) => void) | undefined;
  /** Source of randomness for backoff jitter (tests make it deterministic). */
  random?: (() => number) | undefined;
}

/** Per-call settings: override the client's for one request. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  retry?: Partial<RetryOptions> | false | undefined;
  /**
   * The caller vouches that this request may be sent twice (a POST that is idempotent on the service side,
   * or carries an idempotency key), so 429 and 503 are retried as for GET. Default false.
   */
  repeatable?: boolean | undefined;
}

/** The settings of one call, checked and merged over the client's. */
interface ResolvedCall {
  timeoutMs: number;
  retry: Readonly<RetryOptions>;
  repeatable: boolean;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ALWAYS_STRIPPED = ['authorization', 'proxy-authorization', 'cookie'];
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 5;

/**
 * The `fetch` openapi-fetch sends through: adds credentials before each attempt, retries 429 and 503 of
 * repeatable requests (honouring `Retry-After`, else exponential backoff with jitter), asks a token
 * provider for a fresh token once after a 401, bounds every attempt with a timeout, and follows
 * redirects itself so that credentials never reach another origin.
 */
export class Transport {
  /** The client-wide `fetch` to hand to openapi-fetch. */
  readonly fetch: (request: Request) => Promise<Response>;
  private readonly retry: Readonly<RetryOptions>;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly crossOrigin: CrossOriginRedirectPolicy;
  private readonly random: () => number;

  constructor(private readonly options: TransportOptions = {}) {
    this.retry = resolveRetryOptions(DEFAULT_RETRY, options.retry);
    this.timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    if (!Number.isInteger(this.maxRedirects) || this.maxRedirects < 0) {
      throw new ConfigurationError(`maxRedirects must be an integer >= 0, got ${this.maxRedirects}.`);
    }
    this.crossOrigin = options.crossOriginRedirects ?? 'strip-credentials';
    if (this.crossOrigin !== 'strip-credentials' && this.crossOrigin !== 'refuse') {
      throw new ConfigurationError(`crossOriginRedirects must be 'strip-credentials' or 'refuse'.`);
    }
    this.random = options.random ?? Math.random;
    const defaults: ResolvedCall = { timeoutMs: this.timeoutMs, retry: this.retry, repeatable: false };
    this.fetch = (request) => this.send(request, defaults);
  }

  /** A `fetch` for one call with its own settings (pass it as openapi-fetch's per-request `fetch`). */
  withOptions(call: CallOptions | undefined): (request: Request) => Promise<Response> {
    if (
      call === undefined ||
      (call.timeoutMs === undefined && call.retry === undefined && !call.repeatable)
    ) {
      return this.fetch;
    }
    const resolved: ResolvedCall = {
      timeoutMs: call.timeoutMs === undefined ? this.timeoutMs : checkTimeout(call.timeoutMs, 'timeoutMs'),
      retry: resolveRetryOptions(this.retry, call.retry),
      repeatable: call.repeatable === true,
    };
    return (request) => this.send(request, resolved);
  }

  /** The credential values in use, for redacting error messages. */
  secrets(): string[] {
    return this.options.auth?.secrets() ?? [];
  }

  private async send(request: Request, call: ResolvedCall): Promise<Response> {
    const method = request.method;
    const body = request.body === null ? undefined : await request.arrayBuffer();
    const signal = request.signal;
    const { retry, timeoutMs } = call;
    const repeatable = call.repeatable || REPEATABLE_METHODS.has(method);
    const auth = this.options.auth;

    let statusRetries = 0;
    let refreshed = false;
    let headers = new Headers(request.headers);
    let credential = auth === undefined ? undefined : await auth.apply(headers, { forceRefresh: false });
    for (let attempt = 1; ; attempt++) {
      const response = await this.attempt(request.url, method, headers, body, signal, timeoutMs, attempt);

      // A 401 means the request was not processed, so it is safe to repeat whatever the method.
      if (response.status === 401 && auth?.refreshable === true && !refreshed) {
        refreshed = true;
        const fresh = new Headers(request.headers);
        const freshCredential = await auth.apply(fresh, { forceRefresh: true });
        if (freshCredential !== credential) {
          this.emit({ type: 'refresh-credentials', method, url: redactUrl(request.url), attempt });
          headers = fresh;
          credential = freshCredential;
          continue;
        }
        return response;
      }

      if (
        !repeatable ||
        statusRetries + 1 >= retry.maxAttempts ||
        !retry.statuses.includes(response.status)
      ) {
        return response;
      }
      const retryAfter = parseRetryAfter(response.headers.get('retry-after'), Date.now());
      if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) return response;
      statusRetries++;
      const delayMs = retryAfter ?? backoffDelay(statusRetries, retry, this.random);
      this.emit({
        type: 'retry',
        method,
        url: redactUrl(request.url),
        attempt,
        status: response.status,
        delayMs,
      });
      await sleep(delayMs, signal);
      if (auth !== undefined) {
        headers = new Headers(request.headers);
        credential = await auth.apply(headers, { forceRefresh: false });
      }
    }
  }

  /** One attempt: redirects followed, body read, all within the timeout and the caller's signal. */
  private async attempt(
    url: string,
    method: string,
    headers: Headers,
    body: ArrayBuffer | undefined,
    signal: AbortSignal,
    timeoutMs: number,
    attempt: number,
  ): Promise<Response> {
    if (signal.aborted) throw signal.reason;
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => controller.abort(new TimeoutError(timeoutMs)), timeoutMs)
      : undefined;
    try {
      const response = await this.follow(url, method, headers, body, controller.signal, attempt);
      const buffered = await bufferBody(response);
      if (this.options.onEvent !== undefined) {
        this.emit({ type: 'response', method, url: redactUrl(url), attempt, status: buffered.status });
      }
      return buffered;
    } catch (error) {
      // fetch rejects with the abort reason, but a body read may reject with its own error: report the cause.
      if (controller.signal.aborted) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  private async follow(
    url: string,
    method: string,
    headers: Headers,
    body: ArrayBuffer | undefined,
    signal: AbortSignal,
    attempt: number,
  ): Promise<Response> {
    let current = url;
    let currentMethod = method;
    let currentHeaders = headers;
    let currentBody = body;
    let stripped = false;
    const send = this.options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    for (let hop = 0; ; hop++) {
      if (this.options.onEvent !== undefined) {
        const safeHeaders = redactHeaders(currentHeaders, this.options.auth?.headerNames ?? []);
        this.emit({
          type: 'request',
          method: currentMethod,
          url: redactUrl(current),
          attempt,
          headers: safeHeaders,
        });
      }
      const response = await send(current, {
        method: currentMethod,
        headers: currentHeaders,
        body: currentBody,
        signal,
        redirect: 'manual',
      });
      if (response.type === 'opaqueredirect') {
        // Browsers hide the target of a manual redirect, so it cannot be checked: refuse rather than guess.
        throw new RedirectError(
          `${currentMethod} ${redactUrl(current)} was redirected; browsers hide the target, so it is not followed.`,
        );
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await response.body?.cancel();
      const next = new URL(location, current).toString();
      if (hop >= this.maxRedirects) {
        throw new RedirectError(
          `${method} ${redactUrl(url)} was redirected more than ${this.maxRedirects} times.`,
        );
      }
      if (!stripped && new URL(next).origin !== new URL(url).origin) {
        if (this.crossOrigin === 'refuse') {
          throw new RedirectError(
            `${method} ${redactUrl(url)} was redirected to another origin (${new URL(next).origin}); refused.`,
          );
        }
        currentHeaders = withoutCredentials(currentHeaders, this.options.auth?.headerNames ?? []);
        stripped = true;
      }
      // As browsers do: 303 turns anything but HEAD into GET, 301 and 302 turn POST into GET; the body goes.
      if (
        (response.status === 303 && currentMethod !== 'HEAD') ||
        ((response.status === 301 || response.status === 302) && currentMethod === 'POST')
      ) {
        currentMethod = 'GET';
        currentBody = undefined;
        currentHeaders = new Headers(currentHeaders);
        currentHeaders.delete('content-type');
        currentHeaders.delete('content-length');
      }
      this.emit({
        type: 'redirect',
        method: currentMethod,
        from: redactUrl(current),
        to: redactUrl(next),
        credentialsStripped: stripped,
      });
      current = next;
    }
  }

  private emit(event: TransportEvent): void {
    this.options.onEvent?.(event);
  }
}

/** A copy of the headers with every credential header removed, for a hop to another origin. */
function withoutCredentials(headers: Headers, credentialHeaders: readonly string[]): Headers {
  const copy = new Headers();
  headers.forEach((value, name) => {
    if (!ALWAYS_STRIPPED.includes(name) && !credentialHeaders.includes(name) && !isCredentialHeader(name)) {
      copy.set(name, value);
    }
  });
  return copy;
}

/**
 * Reads the body inside the attempt, so the timeout covers a slow body too, and hands openapi-fetch a
 * response it can read without touching the network again.
 */
async function bufferBody(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const body = await response.arrayBuffer();
  const copy = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}
