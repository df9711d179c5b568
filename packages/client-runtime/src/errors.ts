import { redactText, redactValue } from './redact.js';

/** Base class of every error the SDK throws, so `catch (e) { if (e instanceof SdkError) ... }` covers them. */
export class SdkError extends Error {
  override name = 'SdkError';
}

/**
 * Thrown when the client refuses to send a request: an argument out of its documented range, or
 * credentials the operation does not accept. Nothing reached the network.
 */
export class InvalidRequestError extends SdkError {
  override name = 'InvalidRequestError';
}

/** Thrown by a client constructor (or a provider factory) given options it cannot work with. */
export class ConfigurationError extends SdkError {
  override name = 'ConfigurationError';
}

/** An attempt took longer than its `timeoutMs`. */
export class TimeoutError extends SdkError {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The request took longer than ${timeoutMs} ms and was aborted.`);
  }
}

/** A redirect that is not followed: too many hops, a refused cross-origin hop, or one a browser hides. */
export class RedirectError extends SdkError {
  override name = 'RedirectError';
}

export interface ApiErrorInit<TBody> {
  status: number;
  body: TBody;
  method: string;
  url: string;
  headers: Headers;
  /** Human-readable detail taken from the body (the subclass knows where the service puts it). */
  detail?: string | undefined;
  /** A request id the body carries, when the service puts it there rather than in a header. */
  requestId?: string | undefined;
  /** Credential values in use, removed from the message and the body whatever the server echoed. */
  secrets?: readonly string[];
  service: string;
}

/** Response headers services use for the request id support asks for. */
const REQUEST_ID_HEADERS = ['x-request-id', 'request-id', 'x-correlation-id', 'x-amzn-requestid'];

/**
 * A non-2xx answer of the service. Carries the status, the parsed body (typed by status in each
 * service's subclass), the request id where the service sends one, and a message that says what failed.
 * It never holds credentials: the request headers are not kept, the URL keeps only origin and path, and
 * any credential value echoed in the body is replaced by `[REDACTED]`.
 */
export class ApiError<TBody = unknown> extends SdkError {
  override name = 'ApiError';
  readonly status: number;
  readonly body: TBody;
  readonly method: string;
  /** Origin and path of the request, without query or user info. */
  readonly url: string;
  readonly requestId: string | undefined;
  /** `Retry-After` of the answer, as sent, when present (429 and 503 usually). */
  readonly retryAfter: string | undefined;

  constructor(init: ApiErrorInit<TBody>) {
    const secrets = init.secrets ?? [];
    const url = safeUrl(init.url);
    const requestId = init.requestId ?? findRequestIdHeader(init.headers);
    const detail = init.detail === undefined || init.detail === '' ? '' : `: ${init.detail}`;
    const reference = requestId === undefined ? '' : ` (request id ${requestId})`;
    super(
      redactText(
        `${init.service} API answered ${init.status} to ${init.method} ${url}${detail}${reference}`,
        secrets,
      ),
    );
    this.status = init.status;
    this.body = redactValue(init.body, secrets);
    this.method = init.method;
    this.url = url;
    this.requestId = requestId;
    this.retryAfter = init.headers.get('retry-after') ?? undefined;
  }
}

function findRequestIdHeader(headers: Headers): string | undefined {
  for (const name of REQUEST_ID_HEADERS) {
    const value = headers.get(name);
    if (value !== null && value !== '') return value;
  }
  return undefined;
}

/** Origin and path only: the query may carry personal data and user info may carry credentials. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}
