import type { Authenticator } from './auth.js';
import { CallRequest } from './call-request.js';
import { ConfigurationError, ResponseBodyError } from './errors.js';
import { authLayer } from './layers/auth-refresh.js';
import { type BodyLimit, bufferBody, limitBody } from './layers/body.js';
import {
  type CallContext,
  compose,
  type Emit,
  type Outgoing,
  type ResolvedCall,
  type Send,
  type TransportEvent,
} from './layers/context.js';
import { callFailure, errorLayer } from './layers/errors.js';
import { type CrossOriginRedirectPolicy, redirectLayer } from './layers/redirect.js';
import { retryLayer } from './layers/retry.js';
import { Deadline, timeoutLayer } from './layers/timeout.js';
import { redactHeaders, redactUrl } from './redact.js';
import { checkTimeout, DEFAULT_RETRY, type RetryOptions, resolveRetryOptions } from './retry-options.js';

export type { TransportEvent } from './layers/context.js';
export type { CrossOriginRedirectPolicy } from './layers/redirect.js';

/** What the transport is handed: a WHATWG `Request`, or the lighter {@link CallRequest} of a client method. */
export type OutgoingRequest = Request | CallRequest;

/** The `fetch` of one call whose caller reads the answer's body itself (within the call's limit) and then
 * calls `release()`: the answer is handed over as the runtime gave it, not buffered. */
export interface CallScope {
  fetch: (request: OutgoingRequest) => Promise<Response>;
  /** Stops the call's timer and forgets the caller's signal; call it once the body has been read. */
  release(): void;
  /** What to throw for an error raised while the caller read the body (the timeout, a network failure). */
  failure(error: unknown): unknown;
}

/** The `fetch` the transport sends with (default: the global `fetch`, looked up at call time). */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface TransportOptions {
  auth?: Authenticator | undefined;
  /** Retry settings, or `false` for none. Default: 3 attempts on 429 and 503 for repeatable requests. */
  retry?: Partial<RetryOptions> | false | undefined;
  /** Limit of each attempt, redirects and body included (default 30 s; `Infinity` for none). */
  timeoutMs?: number | undefined;
  /** Redirects followed per attempt (default 5). */
  maxRedirects?: number | undefined;
  /** Largest answer body read, in bytes, after decompression (default 64 MiB; `Infinity` for none). */
  maxResponseBytes?: number | undefined;
  /** A redirect to another origin (scheme, host or port): follow it without any credential header (default),
   * or refuse it with a `RedirectError`. */
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
  /** The caller vouches that this request may be sent twice (a POST that is idempotent on the service side,
   * or carries an idempotency key), so 429 and 503 are retried as for GET. */
  repeatable?: boolean | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 5;
/** Default of {@link TransportOptions.maxResponseBytes}: 64 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** The `fetch` openapi-fetch sends through: layers outermost first (retry, auth refresh, timeout, error
 * mapping, redirect policy, the hop; README "Architecture"), the answer's body bounded by `maxResponseBytes`. */
export class Transport {
  /** The client-wide `fetch` to hand to openapi-fetch (the answer's body is read within the timeout). */
  readonly fetch: (request: OutgoingRequest) => Promise<Response>;
  private readonly retry: Readonly<RetryOptions>;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly defaults: ResolvedCall;
  /** The layers around the hop, composed once per client. */
  private readonly chain: Send;

  constructor(private readonly options: TransportOptions = {}) {
    this.retry = resolveRetryOptions(DEFAULT_RETRY, options.retry);
    this.timeoutMs = checkTimeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, 'timeoutMs');
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    if (!Number.isInteger(maxRedirects) || maxRedirects < 0) {
      throw new ConfigurationError(`maxRedirects must be an integer >= 0, got ${maxRedirects}.`);
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
    const crossOrigin = options.crossOriginRedirects ?? 'strip-credentials';
    if (crossOrigin !== 'strip-credentials' && crossOrigin !== 'refuse') {
      throw new ConfigurationError(`crossOriginRedirects must be 'strip-credentials' or 'refuse'.`);
    }
    const emit: Emit = options.onEvent;
    const secrets = (): string[] => this.secrets();
    const credentialHeaders = options.auth?.headerNames ?? [];
    const sender: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    const hop: Send = (request, context) => {
      if (emit !== undefined) {
        emit({
          type: 'request',
          method: request.method,
          url: redactUrl(request.url),
          attempt: context.attempt,
          headers: redactHeaders(request.headers, credentialHeaders),
        });
      }
      return sender(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: context.deadline.signal,
        redirect: 'manual',
      });
    };
    this.chain = compose(
      [
        retryLayer(options.random ?? Math.random, emit),
        authLayer(options.auth, emit),
        timeoutLayer,
        errorLayer(secrets),
        redirectLayer({ maxRedirects, crossOrigin, credentialHeaders, secrets, emit }),
      ],
      hop,
    );
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

  /** One call whose caller reads the body and then releases the scope: the answer that ends the call is
   * handed over untouched when it declares its length within the limit, else read here (counted) first;
   * under one timer for the call. */
  openCall(call: CallOptions | undefined): CallScope {
    const resolved = this.resolve(call);
    const deadline = new Deadline(resolved.timeoutMs);
    let answered: OutgoingRequest | undefined;
    let status = 0;
    return {
      fetch: (request) =>
        this.send(request, resolved, deadline).then((response) => {
          answered = request;
          status = response.status;
          return limitBody(response, this.bodyLimit(request));
        }),
      release: () => deadline.release(),
      // Only what failed while the body was read is the transport's to explain: a body that is not what its
      // media type says (a SyntaxError of the parser) or a failed read.
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
        return this.failure(error, answered, deadline, status);
      },
    };
  }

  /** The credential values in use, for redacting error messages. */
  secrets(): string[] {
    return this.options.auth?.secrets() ?? [];
  }

  private bodyLimit(request: OutgoingRequest): BodyLimit {
    return {
      limitBytes: this.maxResponseBytes,
      method: request.method,
      url: request.url,
      secrets: () => this.secrets(),
    };
  }

  private failure(error: unknown, request: OutgoingRequest, deadline: Deadline, status?: number): unknown {
    return callFailure(error, {
      method: request.method,
      url: request.url,
      signal: deadline.signal,
      secrets: this.secrets(),
      status,
    });
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
    const deadline = new Deadline(call.timeoutMs);
    try {
      const response = await this.send(request, call, deadline);
      try {
        return await bufferBody(response, this.bodyLimit(request));
      } catch (error) {
        throw this.failure(error, request, deadline, response.status);
      }
    } finally {
      deadline.release();
    }
  }

  /** The call through the layers: a {@link CallRequest} as it is, a WHATWG `Request` taken apart once. */
  private send(request: OutgoingRequest, call: ResolvedCall, deadline: Deadline): Promise<Response> {
    deadline.watch(request.signal);
    const context: CallContext = { call, deadline, attempt: 0, refreshed: false };
    if (request instanceof CallRequest) {
      return this.chain(request, context);
    }
    // A WHATWG Request holds its body only as a stream: read once here, so that a retry can resend it.
    const body = request.body === null ? Promise.resolve(undefined) : request.arrayBuffer();
    return body.then((bytes) => {
      const outgoing: Outgoing = {
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: bytes,
      };
      return this.chain(outgoing, context);
    });
  }
}
