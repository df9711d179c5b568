import type { Authenticator } from './auth.js';
import { backoffDelay } from './backoff.js';
import { CallRequest } from './call-request.js';
import { type CallAbort, type CallSignal, PlainAbortSignal, plainSignalsWork } from './call-signal.js';
import {
  ConfigurationError,
  NetworkError,
  RedirectError,
  ResponseBodyError,
  SdkError,
  TimeoutError,
} from './errors.js';
import { isCredentialHeader, redactHeaders, redactText, redactUrl } from './redact.js';
import { parseRetryAfter } from './retry-after.js';
import {
  checkTimeout,
  DEFAULT_RETRY,
  REPEATABLE_METHODS,
  type RetryOptions,
  resolveRetryOptions,
} from './retry-options.js';
import { sleep } from './sleep.js';

/** What the transport is handed: a WHATWG `Request`, or the lighter {@link CallRequest} of a client method. */
export type OutgoingRequest = Request | CallRequest;

/**
 * The `fetch` of one call whose caller reads the answer's body itself (within the call's limit) and then
 * calls `release()`: the answer is handed over as the runtime gave it, not buffered.
 */
export interface CallScope {
  fetch: (request: OutgoingRequest) => Promise<Response>;
  /** Stops the call's timer and forgets the caller's signal; call it once the body has been read. */
  release(): void;
  /** What to throw for an error raised while the caller read the body (the timeout, a network failure). */
  failure(error: unknown): unknown;
}

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
   * Largest answer body read, in bytes, after decompression (default 64 MiB; `Infinity` for none). A
   * larger one is not read further: the call fails with a `ResponseBodyError` (`too-large`).
   */
  maxResponseBytes?: number | undefined;
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

/** The global `fetch` as this module found it: a replacement installed later gets real `AbortSignal`s. */
const builtinFetch: typeof fetch | undefined = globalThis.fetch;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ALWAYS_STRIPPED = ['authorization', 'proxy-authorization', 'cookie'];
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 5;
/** Default of {@link TransportOptions.maxResponseBytes}: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/**
 * The `fetch` openapi-fetch sends through: adds credentials before each attempt, retries 429 and 503 of
 * repeatable requests (honouring `Retry-After`, else exponential backoff with jitter), asks a token
 * provider for a fresh token once after a 401, bounds every attempt with a timeout, follows redirects
 * itself so that credentials never reach another origin, and turns a network failure into a
 * `NetworkError` without credentials.
 */
export class Transport {
  /** The client-wide `fetch` to hand to openapi-fetch (the answer's body is read within the timeout). */
  readonly fetch: (request: OutgoingRequest) => Promise<Response>;
  private readonly retry: Readonly<RetryOptions>;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly maxResponseBytes: number;
  private readonly crossOrigin: CrossOriginRedirectPolicy;
  private readonly random: () => number;
  private readonly defaults: ResolvedCall;
  /** The `fetch` each hop goes through (the global one is looked up at call time, so it can be patched). */
  private readonly sender: FetchLike;
  /** Credential headers set without a promise on each attempt (see `Authenticator.fixedHeaders`). */
  private readonly fixedAuth: Readonly<Record<string, string>> | undefined;
  /** Credentials that must be awaited before each attempt (a token provider's). */
  private readonly awaitsAuth: boolean;

  constructor(private readonly options: TransportOptions = {}) {
    this.retry = resolveRetryOptions(DEFAULT_RETRY, options.retry);
    this.timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    if (!Number.isInteger(this.maxRedirects) || this.maxRedirects < 0) {
      throw new ConfigurationError(`maxRedirects must be an integer >= 0, got ${this.maxRedirects}.`);
    }
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    if (
      !(this.maxResponseBytes > 0) ||
      (Number.isFinite(this.maxResponseBytes) && !Number.isInteger(this.maxResponseBytes))
    ) {
      throw new ConfigurationError(
        `maxResponseBytes must be a positive integer (or Infinity), got ${this.maxResponseBytes}.`,
      );
    }
    this.crossOrigin = options.crossOriginRedirects ?? 'strip-credentials';
    if (this.crossOrigin !== 'strip-credentials' && this.crossOrigin !== 'refuse') {
      throw new ConfigurationError(`crossOriginRedirects must be 'strip-credentials' or 'refuse'.`);
    }
    this.random = options.random ?? Math.random;
    this.sender = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.fixedAuth = options.auth?.refreshable === true ? undefined : options.auth?.fixedHeaders;
    this.awaitsAuth = options.auth !== undefined && this.fixedAuth === undefined;
    this.defaults = { timeoutMs: this.timeoutMs, retry: this.retry, repeatable: false };
    const defaults = this.defaults;
    this.fetch = (request) => this.buffered(request, defaults);
  }

  /** A `fetch` for one call with its own settings (pass it as openapi-fetch's per-request `fetch`). */
  withOptions(call: CallOptions | undefined): (request: OutgoingRequest) => Promise<Response> {
    const resolved = this.resolve(call);
    if (resolved === this.defaults) return this.fetch;
    return (request) => this.buffered(request, resolved);
  }

  /**
   * One call whose caller reads the body and then releases the scope: the answer that ends the call is
   * handed over untouched (no copy of the body), under one timer for the call.
   */
  openCall(call: CallOptions | undefined): CallScope {
    const resolved = this.resolve(call);
    const deadline = new Deadline(resolved.timeoutMs, this.plainSignals());
    let answered: OutgoingRequest | undefined;
    let status = 0;
    return {
      fetch: (request) =>
        this.send(request, resolved, deadline).then((response) => {
          answered = request;
          status = response.status;
          return this.limited(response, request);
        }),
      release: () => deadline.release(),
      // Only what failed while the body was read is the transport's to explain: a body that is not what
      // its media type says (a SyntaxError of the parser) or a failed read. An error of the caller's own
      // code stays as it is.
      failure: (error) => {
        if (answered === undefined) return error;
        if (deadline.signal.aborted) return deadline.signal.reason;
        if (error instanceof SyntaxError) {
          return new ResponseBodyError({
            status,
            method: answered.method,
            url: answered.url,
            problem: 'malformed',
            cause: error,
            secrets: this.secrets(),
          });
        }
        if (!(error instanceof TypeError)) return error;
        return this.failure(error, answered.method, answered.url, deadline.signal, status);
      },
    };
  }

  /**
   * The answer with its body bounded by `maxResponseBytes`: one that declares a larger size is refused at
   * once; one whose size is not known in advance (chunked, or compressed: `fetch` inflates it) is counted
   * as it is read and fails with a `ResponseBodyError` past the limit.
   */
  private limited(response: Response, request: OutgoingRequest): Response {
    const limit = this.maxResponseBytes;
    if (response.body === null || !Number.isFinite(limit)) return response;
    const tooLarge = (): ResponseBodyError =>
      new ResponseBodyError({
        status: response.status,
        method: request.method,
        url: request.url,
        problem: 'too-large',
        limitBytes: limit,
        secrets: this.secrets(),
      });
    const declared = response.headers.get('content-length');
    const encoding = response.headers.get('content-encoding');
    if (
      declared !== null &&
      /^\s*\d+\s*$/.test(declared) &&
      (encoding === null || encoding.trim().toLowerCase() === 'identity')
    ) {
      // The runtime never hands on more bytes than the declared length.
      if (Number(declared) <= limit) return response;
      void discard(response);
      throw tooLarge();
    }
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    const copy = new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(copy, 'url', { value: response.url });
    return copy;
  }

  /** The credential values in use, for redacting error messages. */
  secrets(): string[] {
    return this.options.auth?.secrets() ?? [];
  }

  /**
   * Whether this call's abort signal may be a {@link PlainAbortSignal}: only for the built-in `fetch` of
   * Node (not a `fetch` option, nor a global `fetch` replaced since this module loaded, such as a test's
   * mock), and only where the runtime's `Request` follows one.
   */
  private plainSignals(): boolean {
    return this.options.fetch === undefined && globalThis.fetch === builtinFetch && plainSignalsWork();
  }

  private resolve(call: CallOptions | undefined): ResolvedCall {
    if (
      call === undefined ||
      (call.timeoutMs === undefined && call.retry === undefined && !call.repeatable)
    ) {
      return this.defaults;
    }
    return {
      timeoutMs: call.timeoutMs === undefined ? this.timeoutMs : checkTimeout(call.timeoutMs, 'timeoutMs'),
      retry: resolveRetryOptions(this.retry, call.retry),
      repeatable: call.repeatable === true,
    };
  }

  /** A call whose answer is read here, within the timeout: for callers that read the body later. */
  private async buffered(request: OutgoingRequest, call: ResolvedCall): Promise<Response> {
    const deadline = new Deadline(call.timeoutMs, this.plainSignals());
    try {
      const response = await this.send(request, call, deadline);
      try {
        return await bufferBody(this.limited(response, request));
      } catch (error) {
        throw this.failure(error, request.method, request.url, deadline.signal, response.status);
      }
    } finally {
      deadline.release();
    }
  }

  /**
   * The request's headers on a copy, with the fixed credentials (Basic, API key) when the client has
   * them: middleware may keep the request (a logger's onResponse) and must not see them.
   */
  private headersWithFixedAuth(request: OutgoingRequest): Headers {
    const headers = new Headers(request.headers);
    if (this.fixedAuth !== undefined) setAll(headers, this.fixedAuth);
    return headers;
  }

  /**
   * The attempts of a call. When nothing has to be awaited before sending (a {@link CallRequest}, fixed or
   * no credentials, no logging hook), the first attempt is sent at once and its answer handed back as it
   * came unless a redirect, a retry or a refresh follows; each `async` step saved is a few microtasks less
   * per call. Everything else, and whatever follows such an answer, goes through {@link sendAll}.
   */
  private send(request: OutgoingRequest, call: ResolvedCall, deadline: Deadline): Promise<Response> {
    if (!(request instanceof CallRequest) || this.options.onEvent !== undefined || this.awaitsAuth) {
      return this.sendAll(request, call, deadline, undefined);
    }
    const { method, url, body } = request;
    deadline.watch(request.signal);
    const signal = deadline.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    const headers = this.headersWithFixedAuth(request);
    deadline.arm();
    let sent: Promise<Response>;
    try {
      sent = this.hop(url, method, headers, body, signal);
    } catch (error) {
      return Promise.reject(this.failure(error, method, url, signal));
    }
    return sent.then(
      (response) =>
        isRedirect(response) || this.mayRetry(response, call, method, 0)
          ? this.sendAll(request, call, deadline, { response, headers })
          : response,
      (error: unknown) => {
        throw this.failure(error, method, url, signal);
      },
    );
  }

  /**
   * Whether the retry loop may repeat a call after this answer, `retried` status retries in (a 401 is
   * left to `sendAll`'s own check).
   */
  private mayRetry(response: Response, call: ResolvedCall, method: string, retried: number): boolean {
    return (
      retried + 1 < call.retry.maxAttempts &&
      call.retry.statuses.includes(response.status) &&
      (call.repeatable || REPEATABLE_METHODS.has(method))
    );
  }

  /**
   * The general path: credentials awaited, events emitted, redirects followed, 429/503 retried and a 401
   * answered with fresh credentials. `first` is the answer to a first attempt {@link send} already made.
   */
  private async sendAll(
    request: OutgoingRequest,
    call: ResolvedCall,
    deadline: Deadline,
    first: { response: Response; headers: Headers } | undefined,
  ): Promise<Response> {
    const method = request.method;
    const light = request instanceof CallRequest;
    // A CallRequest holds the serialized body as given; a WHATWG Request only as a stream, read once here.
    const body = light ? request.body : request.body === null ? undefined : await request.arrayBuffer();
    deadline.watch(request.signal ?? undefined);
    const signal = deadline.signal;
    const { retry } = call;
    const auth = this.options.auth;

    let statusRetries = 0;
    let refreshed = false;
    // After a first attempt made by `send`, its headers already carry the (fixed) credentials.
    let headers = first?.headers ?? this.headersWithFixedAuth(request);
    let credential: string | undefined;
    if (first === undefined && this.fixedAuth === undefined && auth !== undefined) {
      credential = await auth.apply(headers, { forceRefresh: false });
    }
    for (let attempt = 1; ; attempt++) {
      const answered = attempt === 1 ? first?.response : undefined;
      // The first attempt's limit started when `send` sent it.
      if (answered === undefined) deadline.arm();
      const response = await this.attempt(request.url, method, headers, body, signal, attempt, answered);

      // A 401 means the request was not processed, so it is safe to repeat whatever the method.
      if (response.status === 401 && auth?.refreshable === true && !refreshed) {
        refreshed = true;
        deadline.pause();
        const fresh = new Headers(request.headers);
        const freshCredential = await auth.apply(fresh, { forceRefresh: true });
        if (freshCredential !== credential) {
          this.emit({ type: 'refresh-credentials', method, url: redactUrl(request.url), attempt });
          await discard(response);
          headers = fresh;
          credential = freshCredential;
          continue;
        }
        // The caller reads this answer's body: it gets a limit of its own.
        deadline.arm();
        return response;
      }

      if (!this.mayRetry(response, call, method, statusRetries)) return response;
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
      await discard(response);
      // The wait between attempts is not part of an attempt's limit; the caller's signal still ends it.
      deadline.pause();
      await sleep(delayMs, signal);
      if (auth !== undefined) {
        headers = this.headersWithFixedAuth(request);
        if (this.fixedAuth === undefined) credential = await auth.apply(headers, { forceRefresh: false });
      }
    }
  }

  /** One attempt up to the answer's headers, redirects followed; failures become the SDK's errors. */
  private async attempt(
    url: string,
    method: string,
    headers: Headers,
    body: RequestInit['body'],
    signal: CallSignal,
    attempt: number,
    answered: Response | undefined,
  ): Promise<Response> {
    let response: Response;
    try {
      if (answered !== undefined) {
        response = answered;
      } else {
        if (signal.aborted) throw signal.reason;
        // The first hop is sent here, and `follow` runs only for a redirect: one async step less per call.
        if (this.options.onEvent !== undefined) this.emitRequest(method, url, headers, attempt);
        response = await this.hop(url, method, headers, body, signal);
      }
      if (isRedirect(response)) {
        response = await this.follow(response, url, method, headers, body, signal, attempt);
      }
    } catch (error) {
      throw this.failure(error, method, url, signal);
    }
    if (this.options.onEvent !== undefined) {
      this.emit({ type: 'response', method, url: redactUrl(url), attempt, status: response.status });
    }
    return response;
  }

  /**
   * What a call throws for an error: the abort reason when the call was aborted (its `TimeoutError`, or
   * the caller's reason), the SDK's own errors as they are, anything else (undici's `TypeError: fetch
   * failed`, a reset while reading the body) as a `NetworkError` with the cause kept and credentials removed.
   */
  private failure(error: unknown, method: string, url: string, signal: CallSignal, status?: number): unknown {
    if (signal.aborted) return signal.reason;
    if (error instanceof SdkError) return error;
    return new NetworkError({ method, url, cause: error, secrets: this.secrets(), status });
  }

  /** One request on the wire: redirects come back to be checked here, never followed by `fetch`. */
  private hop(
    url: string,
    method: string,
    headers: Headers,
    body: RequestInit['body'],
    signal: CallSignal,
  ): Promise<Response> {
    return this.sender(url, { method, headers, body, signal: asFetchSignal(signal), redirect: 'manual' });
  }

  private emitRequest(method: string, url: string, headers: Headers, attempt: number): void {
    const safeHeaders = redactHeaders(headers, this.options.auth?.headerNames ?? []);
    this.emit({ type: 'request', method, url: redactUrl(url), attempt, headers: safeHeaders });
  }

  /** Follows the redirects that `first`, the answer to the attempt's first hop, may start. */
  private async follow(
    first: Response,
    url: string,
    method: string,
    headers: Headers,
    body: RequestInit['body'],
    signal: CallSignal,
    attempt: number,
  ): Promise<Response> {
    let response = first;
    let current = url;
    let currentMethod = method;
    let currentHeaders = headers;
    let currentBody = body;
    let stripped = false;
    for (let hop = 0; ; hop++) {
      if (hop > 0) {
        if (this.options.onEvent !== undefined) {
          this.emitRequest(currentMethod, current, currentHeaders, attempt);
        }
        response = await this.hop(current, currentMethod, currentHeaders, currentBody, signal);
      }
      if (response.type === 'opaqueredirect') {
        // Browsers hide the target of a manual redirect, so it cannot be checked: refuse rather than guess.
        throw this.redirectError(
          `${currentMethod} ${redactUrl(current)} was redirected; browsers hide the target, so it is not followed.`,
        );
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
      await discard(response);
      const target = new URL(location, current);
      const next = target.toString();
      if (hop >= this.maxRedirects) {
        throw this.redirectError(
          `${method} ${redactUrl(url)} was redirected more than ${this.maxRedirects} times.`,
        );
      }
      if (target.username !== '' || target.password !== '') {
        // fetch refuses such a URL with a TypeError that repeats it, credentials included.
        throw this.redirectError(
          `${method} ${redactUrl(url)} was redirected to a URL with user info (${redactUrl(next)}); refused.`,
        );
      }
      if (!stripped && target.origin !== new URL(url).origin) {
        if (this.crossOrigin === 'refuse') {
          throw this.redirectError(
            `${method} ${redactUrl(url)} was redirected to another origin (${target.origin}); refused.`,
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

  /** The message names the request by its redacted URL; a credential in its path is removed too. */
  private redirectError(message: string): RedirectError {
    return new RedirectError(redactText(message, this.secrets()));
  }

  private emit(event: TransportEvent): void {
    this.options.onEvent?.(event);
  }
}

/**
 * The limit of a call's attempts and the caller's signal, behind one abort signal and one timer for the
 * whole call: the timer is restarted (`refresh()`) for each attempt, and a tick that comes while the
 * call waits between attempts is ignored. The signal is an `AbortController`'s, or a
 * {@link PlainAbortSignal} when it only goes to Node's built-in `fetch`.
 */
class Deadline {
  private readonly controller: CallAbort;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private paused = false;
  private caller: AbortSignal | undefined;
  private onCallerAbort: (() => void) | undefined;

  constructor(
    private readonly timeoutMs: number,
    plain: boolean,
  ) {
    this.controller = plain ? new PlainAbortSignal() : new AbortController();
  }

  get signal(): CallSignal {
    return this.controller.signal;
  }

  /** Follows the caller's signal (once per call). */
  watch(caller: AbortSignal | undefined): void {
    if (caller === undefined || this.caller !== undefined) return;
    this.caller = caller;
    if (caller.aborted) {
      this.controller.abort(caller.reason);
      return;
    }
    this.onCallerAbort = () => this.controller.abort(caller.reason);
    caller.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  /** Starts the limit of an attempt (again). */
  arm(): void {
    this.paused = false;
    if (!Number.isFinite(this.timeoutMs)) return;
    const refreshable = this.timer as { refresh?: () => unknown } | undefined;
    if (typeof refreshable?.refresh === 'function') {
      // Node restarts a pending timer and reactivates one that already fired.
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

  /** Between attempts: the wait is not part of an attempt's limit. */
  pause(): void {
    this.paused = true;
  }

  release(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.onCallerAbort !== undefined) this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

/** The call's signal as `fetch` types it (a {@link PlainAbortSignal} only reaches Node's built-in `fetch`). */
function asFetchSignal(signal: CallSignal): AbortSignal {
  return signal as unknown as AbortSignal;
}

/** An answer that starts a redirect the transport follows (or refuses) itself. */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECT_STATUSES.has(response.status);
}

/** Sets each header of `values` (replacing a value of the same name the request may carry). */
function setAll(headers: Headers, values: Readonly<Record<string, string>>): void {
  for (const name in values) headers.set(name, values[name] as string);
}

/** Lets go of an answer that is not handed on (a redirect, or one that is retried). */
async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
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
 * Reads the body inside the call, so the timeout covers a slow body too, and hands the caller a
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
