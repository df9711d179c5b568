import createClient, { type Client, createQuerySerializer, type Middleware } from 'openapi-fetch';
import type { Authenticator } from './auth.js';
import { ConfigurationError } from './errors.js';
import { checksMiddleware, type RequestCheck } from './guards.js';
import type { ServiceContract } from './operations.js';
import { createPathSerializer } from './path-serializer.js';
import type { RetryOptions } from './retry-options.js';
import {
  type CallOptions,
  type CrossOriginRedirectPolicy,
  type FetchLike,
  Transport,
  type TransportEvent,
} from './transport.js';

/** Options every service client takes besides its credentials. */
export interface ClientOptions {
  /** Base address of the service (scheme, host and optional port and path prefix), for example a mock server. */
  baseUrl: string;
  /** Limit of each attempt in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Retry settings, or `false` for none (default: 3 attempts on 429/503 for repeatable requests). */
  retry?: Partial<RetryOptions> | false;
  /** Redirects followed per attempt (default 5). */
  maxRedirects?: number;
  /** Largest answer body the client reads, in bytes, after decompression (default 64 MiB; `Infinity` for
   * none). */
  maxResponseBytes?: number;
  /** What to do when a redirect leaves the origin (default: follow without credentials). */
  crossOriginRedirects?: CrossOriginRedirectPolicy;
  /** A `fetch` implementation (default: the global one). */
  fetch?: FetchLike;
  /** Logging hook: receives redacted events (no credential ever reaches it). */
  onEvent?: (event: TransportEvent) => void;
}

export interface RawClientSetup {
  options: ClientOptions;
  auth: Authenticator | undefined;
  middleware?: Middleware[];
  /** Rules every request must meet before it is sent (credentials an operation accepts, `x-requires`): `raw`
   * runs them as middleware, a service client's methods run them directly. */
  checks?: RequestCheck[];
  /** The service's name in messages (`Voice`): a `ResponseBodyError` says which API answered. */
  service?: string;
  /** The service's operations: a `ResponseBodyError` of a method call names its operation. */
  contract?: ServiceContract;
}

/** A checked base URL: absolute http(s), without user info (credentials go through `credentials`). */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string')
    throw new ConfigurationError('baseUrl is required (for example https://api.example.com).');
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new ConfigurationError('baseUrl must be an absolute URL such as https://api.example.com.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ConfigurationError(`baseUrl must use http or https, not ${parsed.protocol}`);
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new ConfigurationError('baseUrl must not contain user info; pass credentials in `credentials`.');
  }
  if (parsed.search !== '' || parsed.hash !== '')
    throw new ConfigurationError('baseUrl must not have a query or fragment.');
  return parsed.toString().replace(/\/+$/, '');
}

/** The typed openapi-fetch client of a service, sending through a {@link Transport}: this is what each
 * service client exposes as `raw`, and what its convenience methods call. */
export function createRawClient<Paths extends {}>(
  setup: RawClientSetup,
): { raw: Client<Paths>; transport: Transport } {
  const { options } = setup;
  const transport = new Transport({
    auth: setup.auth,
    retry: options.retry,
    timeoutMs: options.timeoutMs,
    maxRedirects: options.maxRedirects,
    maxResponseBytes: options.maxResponseBytes,
    crossOriginRedirects: options.crossOriginRedirects,
    fetch: options.fetch,
    onEvent: options.onEvent,
  });
  const raw = openapiClient<Paths>(checkBaseUrl(options.baseUrl), transport);
  const middleware = [...(setup.middleware ?? [])];
  if (setup.checks !== undefined && setup.checks.length > 0)
    middleware.unshift(checksMiddleware(setup.checks));
  if (middleware.length > 0) raw.use(...middleware);
  return { raw, transport };
}

/** An openapi-fetch client of `baseUrl` (checked) sending through `transport`, without middleware. */
export function openapiClient<Paths extends {}>(baseUrl: string, transport: Transport): Client<Paths> {
  return createClient<Paths>({
    baseUrl,
    fetch: transport.fetch,
    // openapi-fetch's defaults, made once per client: it would build the query serializer on every call,
    // and match the path's placeholders again on every call.
    querySerializer: createQuerySerializer(),
    pathSerializer: createPathSerializer(),
  });
}

/** The openapi-fetch request options that carry per-call settings (`signal`, timeout, retry). */
export function callInit(
  transport: Transport,
  call: CallOptions | undefined,
): { signal?: AbortSignal; fetch: (request: Request) => Promise<Response> } {
  const fetch = transport.withOptions(call);
  return call?.signal === undefined ? { fetch } : { signal: call.signal, fetch };
}

export interface RawResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a 2xx result, or the service's error built by `toError` from the answer and its body. */
export function dataOrThrow<T>(
  { data, error, response }: RawResult<T>,
  toError: (response: Response, body: unknown) => Error,
): T {
  if (!response.ok) throw toError(response, error);
  return data as T;
}

/** The data of a 2xx answer, or the service's error built by `toError`. */
export async function unwrap<T>(
  pending: Promise<RawResult<T>>,
  toError: (response: Response, body: unknown) => Error,
): Promise<T> {
  return dataOrThrow(await pending, toError);
}
