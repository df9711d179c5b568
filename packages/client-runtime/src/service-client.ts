import type { Client } from 'openapi-fetch';
import { CallRequest } from './call-request.js';
import {
  checkBaseUrl,
  createRawClient,
  dataOrThrow,
  openapiClient,
  type RawClientSetup,
  type RawResult,
} from './client.js';
import { type ApiError, type ApiErrorInit, NetworkError, ResponseBodyError } from './errors.js';
import type { RequestCheck, RequestParams } from './guards.js';
import type { ServiceContract } from './operations.js';
import type { CallOptions, CallScope, Transport } from './transport.js';

/** A non-2xx answer, handed to a service client to build its own error class. */
export interface FailedResponse {
  method: string;
  response: Response;
  body: unknown;
  /** Credential values in use, to redact from the error. */
  secrets: string[];
}

/** The common part of an error's init: status, body, URL, headers and secrets of the failed answer. */
export function errorInit(service: string, failure: FailedResponse): ApiErrorInit<unknown> {
  return {
    service,
    status: failure.response.status,
    body: failure.body,
    method: failure.method,
    url: failure.response.url,
    headers: failure.response.headers,
    secrets: failure.secrets,
  };
}

/** The openapi-fetch options of one client method call. */
export interface MethodCallInit {
  signal?: AbortSignal;
  fetch: (request: Request) => Promise<Response>;
  Request: typeof Request;
}

/** The HTTP methods of an openapi-fetch client that a service client's methods call. */
type MethodName = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';

/** What a service client's methods call: openapi-fetch's methods, with the client's checks in front. */
export type MethodClient<Paths extends {}> = Pick<Client<Paths>, MethodName>;

const METHOD_NAMES: readonly MethodName[] = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'];

/** openapi-fetch's methods with `checks` run first, directly rather than as middleware (which costs a request
 * id, a frozen options object and an `await` per call): a refused request is a rejected promise, as it is
 * through the middleware of `raw`. */
function checkedMethods<Paths extends {}>(
  client: Client<Paths>,
  checks: readonly RequestCheck[],
): MethodClient<Paths> {
  const methods: Partial<Record<MethodName, unknown>> = {};
  for (const name of METHOD_NAMES) {
    const send = client[name] as (path: string, init?: { params?: RequestParams }) => Promise<unknown>;
    methods[name] = (path: string, init?: { params?: RequestParams }) => {
      try {
        for (const check of checks) check(name, path, init?.params ?? {});
      } catch (error) {
        return Promise.reject(error);
      }
      return send(path, init);
    };
  }
  return methods as MethodClient<Paths>;
}

/** Base of the service clients: holds the typed openapi-fetch client (`raw`) wired to the transport, and
 * turns a raw result into data or the service's error class. */
export abstract class ServiceClient<Paths extends {}> {
  /** The typed openapi-fetch client of the spec: every operation, with the same credentials and policies. */
  readonly raw: Client<Paths>;
  /** What the methods call: the same client as `raw` without openapi-fetch middleware, the client's checks
   * run in front of it (`raw` itself when a client has other middleware). */
  protected readonly api: MethodClient<Paths>;
  protected readonly transport: Transport;
  private openScope: CallScope | undefined;
  private readonly service: string | undefined;
  private readonly contract: ServiceContract | undefined;
  private templates: { operationId: string; method: string; path: RegExp }[] | undefined;

  protected constructor(setup: RawClientSetup) {
    const { raw, transport } = createRawClient<Paths>(setup);
    this.raw = raw;
    this.transport = transport;
    if (setup.middleware !== undefined && setup.middleware.length > 0) {
      this.api = raw;
    } else {
      const plain = openapiClient<Paths>(checkBaseUrl(setup.options.baseUrl), transport);
      this.api =
        setup.checks === undefined || setup.checks.length === 0 ? plain : checkedMethods(plain, setup.checks);
    }
    this.service = setup.service;
    this.contract = setup.contract;
  }

  /** The operation a method call was, found from its method and path in the contract (for error messages). */
  private operationOf(method: string, url: string): string | undefined {
    if (this.contract === undefined) return undefined;
    this.templates ??= Object.entries(this.contract.operations).map(([operationId, info]) => ({
      operationId,
      method: info.method,
      // The base URL may add a prefix: the template is matched at the end of the path.
      path: new RegExp(
        `${info.path
          .split(/\{[^{}]+\}/)
          .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]+')}$`,
      ),
    }));
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return undefined;
    }
    return this.templates.find((template) => template.method === method && template.path.test(pathname))
      ?.operationId;
  }

  /** Builds the service's error for a non-2xx answer. */
  protected abstract createError(failure: FailedResponse): ApiError;

  /** The openapi-fetch options of one method call: pass them to the `raw` call handed to `send`. */
  protected init(call: CallOptions | undefined): MethodCallInit {
    const scope = this.transport.openCall(call);
    // A scope nobody takes (a raw call made outside `send`) is simply dropped: its timer still ends it.
    this.openScope = scope;
    const init: MethodCallInit = {
      fetch: scope.fetch as (request: Request) => Promise<Response>,
      Request: CallRequest as unknown as typeof Request,
    };
    if (call?.signal !== undefined) init.signal = call.signal;
    return init;
  }

  /** {@link send}, then `read` on the data (a typed document parsed from XML text): what `read` throws about
   * the answer becomes a {@link ResponseBodyError} (`malformed`) with the answer's status, URL and the
   * operation, its error kept as `cause`. */
  protected async sendAndRead<T, R>(
    method: string,
    pending: Promise<RawResult<T>>,
    read: (data: T) => R,
  ): Promise<R> {
    let response: Response | undefined;
    const data = await this.send(
      method,
      pending.then((result) => {
        response = result.response;
        return result;
      }),
    );
    try {
      return read(data);
    } catch (error) {
      if (response === undefined) throw error;
      throw new ResponseBodyError({
        status: response.status,
        method,
        url: response.url,
        problem: 'malformed',
        cause: error,
        secrets: this.transport.secrets(),
        service: this.service,
        operation: this.operationOf(method, response.url),
      });
    }
  }

  /** The data of a 2xx answer, or the service's error. */
  protected async send<T>(method: string, pending: Promise<RawResult<T>>): Promise<T> {
    const scope = this.openScope;
    this.openScope = undefined;
    try {
      // Awaited here rather than through `unwrap`: one async step less per call.
      return dataOrThrow(await pending, (response, body) =>
        this.createError({ method, response, body, secrets: this.transport.secrets() }),
      );
    } catch (error) {
      const failure = scope === undefined ? error : scope.failure(error);
      if (failure instanceof ResponseBodyError) {
        throw failure.named(this.service, this.operationOf(method, failure.url));
      }
      if (failure instanceof NetworkError && failure.status !== undefined) {
        failure.operation ??= this.operationOf(method, failure.url);
      }
      throw failure;
    } finally {
      scope?.release();
    }
  }
}
