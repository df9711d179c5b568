import { REDACTED, redactText, redactUrl, redactValue } from './redact.js';

/** Base class of every error the SDK throws, so `catch (e) { if (e instanceof SdkError) ... }` covers them. */
export class SdkError extends Error {
  override name = 'SdkError';
}

/** Thrown when the client refuses to send a request: an argument out of its documented range, or credentials
 * the operation does not accept. */
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

/** The request could not be sent or its answer could not be read: connection refused or reset, DNS failure,
 * TLS error, a redirect target fetch refuses. */
export class NetworkError extends SdkError {
  override name = 'NetworkError';
  readonly method: string;
  /** Origin and path of the request, without query or user info. */
  readonly url: string;
  /** `code` of the underlying error when it has one (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`...). */
  readonly code: string | undefined;
  /** Status of the answer whose body broke off; undefined when no answer came. */
  readonly status: number | undefined;
  /** The operation the call was (`modifyCall`), set by a service client's method. */
  operation: string | undefined;

  constructor(init: {
    method: string;
    url: string;
    cause: unknown;
    secrets?: readonly string[];
    /** The answer's status, when it broke off while its body was read. */
    status?: number | undefined;
  }) {
    const secrets = init.secrets ?? [];
    const cause = scrubError(init.cause, secrets, 0);
    const url = safeUrl(init.url);
    const reason = describeCause(cause);
    const when = init.status === undefined ? '' : ` while its ${init.status} answer's body was read`;
    super(scrubText(`${init.method} ${url} failed${when}: ${reason}`, secrets), { cause });
    this.method = init.method;
    this.url = url;
    this.code = findCode(cause);
    this.status = init.status;
    this.operation = undefined;
  }
}

/** Why an answer's body could not be read. */
export type ResponseBodyProblem = 'malformed' | 'too-large';

export interface ResponseBodyErrorInit {
  status: number;
  method: string;
  url: string;
  problem: ResponseBodyProblem;
  /** What the parser threw (a `SyntaxError`), scrubbed of secrets before it is kept. */
  cause?: unknown;
  /** The size limit that was passed (`too-large`). */
  limitBytes?: number | undefined;
  /** `Voice`, `Agents`...: named by the service client. */
  service?: string | undefined;
  /** The operation the call was (`modifyCall`), when the service client knows it. */
  operation?: string | undefined;
  secrets?: readonly string[];
}

/** The service answered (status and headers came) but the body could not be taken: it is not what its media
 * type says (malformed or truncated JSON, a `SyntaxError` underneath, kept as `cause`), or it is larger than
 * the client's `maxResponseBytes` (it is not read further). */
export class ResponseBodyError extends SdkError {
  override name = 'ResponseBodyError';
  readonly status: number;
  readonly method: string;
  /** Origin and path of the request, without query or user info. */
  readonly url: string;
  readonly problem: ResponseBodyProblem;
  readonly operation: string | undefined;
  readonly limitBytes: number | undefined;
  /** What {@link named} builds on: already scrubbed, without the secrets (not enumerable). */
  private readonly init!: ResponseBodyErrorInit;

  constructor(init: ResponseBodyErrorInit) {
    const secrets = init.secrets ?? [];
    const url = redactText(safeUrl(init.url), secrets);
    const cause = init.cause === undefined ? undefined : scrubError(init.cause, secrets, 0);
    const who = init.service === undefined ? 'The service' : `${init.service} API`;
    const what = init.operation === undefined ? '' : ` (${init.operation})`;
    const why =
      init.problem === 'too-large'
        ? `is larger than ${init.limitBytes} bytes (maxResponseBytes); it was not read further`
        : `could not be read: ${cause === undefined ? 'malformed' : `${cause.name}: ${cause.message}`}`;
    super(
      redactText(
        `${who} answered ${init.status} to ${init.method} ${url}${what}, but the body ${why}`,
        secrets,
      ),
      cause === undefined ? undefined : { cause },
    );
    this.status = init.status;
    this.method = init.method;
    this.url = url;
    this.problem = init.problem;
    this.operation = init.operation;
    this.limitBytes = init.limitBytes;
    const scrubbed: ResponseBodyErrorInit = { ...init, url, cause, secrets: [] };
    Object.defineProperty(this, 'init', { value: scrubbed, enumerable: false });
  }

  /** The same error, named by the service client that made the call. */
  named(service: string | undefined, operation: string | undefined): ResponseBodyError {
    if (this.init.service !== undefined || (service === undefined && operation === undefined)) return this;
    const named = new ResponseBodyError({ ...this.init, service, operation });
    return named;
  }
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

/** A non-2xx answer of the service. */
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
    const url = redactText(safeUrl(init.url), secrets);
    // A service may echo a header it was sent (a credential) as the request id: redacted like the rest.
    const found = init.requestId ?? findRequestIdHeader(init.headers);
    const requestId = found === undefined ? undefined : redactText(found, secrets);
    const detail = init.detail === undefined || init.detail === '' ? '' : `: ${init.detail}`;
    const reference = requestId === undefined ? '' : ` (request id ${requestId})`;
    super(
      redactText(
        `${init.service} API answered ${init.status} to ${init.method} ${url}${detail}${reference}`,
        secrets,
      ),
    );
    this.status = init.status;
    this.body = redactKeysAndValues(init.body, secrets);
    this.method = redactText(init.method, secrets);
    this.url = url;
    this.requestId = requestId;
    const retryAfter = init.headers.get('retry-after');
    this.retryAfter = retryAfter === null ? undefined : redactText(retryAfter, secrets);
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

/** A deep copy of a parsed body with every secret removed from its strings and from its object keys (a
 * service may echo a credential as a key, `{ "sk-live-...": "unknown key" }`). */
function redactKeysAndValues<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0 || typeof value !== 'object' || value === null) return redactValue(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactKeysAndValues(item, secrets)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[redactText(key, secrets)] = redactKeysAndValues(item, secrets);
  }
  return copy as T;
}

/** URLs with user info (`https://user:pw@host`), as runtimes print them in their messages. */
const URL_WITH_USER_INFO = /\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#'"<>@]*@[^\s'"<>]*/gi;

/** Text safe to show: URL user info dropped, then every known secret replaced. */
function scrubText(text: string, secrets: readonly string[]): string {
  const withoutUserInfo = text.replace(URL_WITH_USER_INFO, (url) => {
    const safe = redactUrl(url);
    return safe === '(unparsable URL)' ? REDACTED : safe;
  });
  return redactText(withoutUserInfo, secrets);
}

const ERROR_DETAILS = ['code', 'errno', 'syscall', 'address', 'port'] as const;
const MAX_CAUSE_DEPTH = 4;

/** A copy of a thrown value fit to keep as `cause`: same name, message and stack with secrets and URL user
 * info removed, the system details (`code`, `syscall`, `address`, `port`) kept, and its own cause scrubbed
 * the same way. */
function scrubError(error: unknown, secrets: readonly string[], depth: number): Error {
  if (!(error instanceof Error)) return new Error(scrubText(String(error), secrets));
  const inner = depth < MAX_CAUSE_DEPTH && error.cause !== undefined ? error.cause : undefined;
  const copy =
    inner === undefined
      ? new Error(scrubText(error.message, secrets))
      : new Error(scrubText(error.message, secrets), { cause: scrubError(inner, secrets, depth + 1) });
  copy.name = error.name;
  copy.stack = error.stack === undefined ? undefined : scrubText(error.stack, secrets);
  const source = error as unknown as Record<string, unknown>;
  const target = copy as unknown as Record<string, unknown>;
  for (const key of ERROR_DETAILS) {
    const value = source[key];
    if (typeof value === 'string') target[key] = scrubText(value, secrets);
    else if (typeof value === 'number') target[key] = value;
  }
  return copy;
}

/** `fetch failed` says nothing: the innermost cause (`connect ECONNREFUSED 127.0.0.1:1`) says what failed. */
function describeCause(error: Error): string {
  let current: unknown = error;
  let message = error.message;
  while (current instanceof Error) {
    // Node's AggregateError of a refused dual-stack connect has an empty message and only a code.
    const code = (current as { code?: unknown }).code;
    const text = current.message !== '' ? current.message : typeof code === 'string' ? code : '';
    if (text !== '') message = text;
    current = current.cause;
  }
  return message === '' ? error.name : message;
}

function findCode(error: Error): string | undefined {
  let current: unknown = error;
  while (current instanceof Error) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}
