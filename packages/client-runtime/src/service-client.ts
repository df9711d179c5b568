import type { Client } from 'openapi-fetch';
import { callInit, createRawClient, type RawClientSetup, type RawResult, unwrap } from './client.js';
import type { ApiError, ApiErrorInit } from './errors.js';
import type { CallOptions, Transport } from './transport.js';

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

/**
 * Base of the service clients: holds the typed openapi-fetch client (`raw`) wired to the transport, and
 * turns a raw result into data or the service's error class.
 */
export abstract class ServiceClient<Paths extends {}> {
  /** The typed openapi-fetch client of the spec: every operation, with the same credentials and policies. */
  readonly raw: Client<Paths>;
  protected readonly transport: Transport;

  protected constructor(setup: RawClientSetup) {
    const { raw, transport } = createRawClient<Paths>(setup);
    this.raw = raw;
    this.transport = transport;
  }

  /** Builds the service's error for a non-2xx answer. */
  protected abstract createError(failure: FailedResponse): ApiError;

  /** The openapi-fetch options that carry per-call settings. */
  protected init(call: CallOptions | undefined): ReturnType<typeof callInit> {
    return callInit(this.transport, call);
  }

  /** The data of a 2xx answer, or the service's error. */
  protected async send<T>(method: string, pending: Promise<RawResult<T>>): Promise<T> {
    return unwrap(pending, (response, body) =>
      this.createError({ method, response, body, secrets: this.transport.secrets() }),
    );
  }
}
