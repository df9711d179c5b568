import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listServices, type MockSet, type RequestLogEntry, startMocks } from '@svc-contracts/mock-server';
import { expect } from 'vitest';

/** The repository's service list: the mocks serve the real specs. */
export const configPath = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'redocly.yaml');

/** The six services the clients talk to. */
export const SERVICES = ['agents', 'token', 'messaging', 'voice', 'mfa', 'numbers'] as const;
export type ServiceName = (typeof SERVICES)[number];

/** Every request a mock answered, in order (the mock's `onRequest` hook). */
export interface MockRun {
  set: MockSet;
  log: RequestLogEntry[];
  url(service: ServiceName): string;
  /** The requests the mock of `service` answered so far. */
  requestsTo(service: ServiceName): RequestLogEntry[];
}

/**
 * Every mock on a free port (port 0 for each service), loopback only, with the stateful campaign scenario
 * so pause and resume change what progress reports.
 */
export async function startAllMocks(): Promise<MockRun> {
  const log: RequestLogEntry[] = [];
  const ports = Object.fromEntries(listServices(configPath).map((service) => [service.name, 0]));
  const set = await startMocks({
    configPath,
    ports,
    host: '127.0.0.1',
    stateful: true,
    onRequest: (entry) => log.push(entry),
  });
  return {
    set,
    log,
    url(service) {
      const mock = set.mocks.find((candidate) => candidate.name === service);
      if (mock === undefined) throw new Error(`No ${service} mock running.`);
      return mock.url;
    },
    requestsTo: (service) => log.filter((entry) => entry.service === service),
  };
}

/** What a client's transport handed to `fetch`: the request as it left the client. */
export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
}

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A `fetch` (the clients' `fetch` option) that records each request and sends it on with the global
 * fetch, optionally adding headers (a client has no per-request headers; this is how `Prefer` reaches
 * the mock through a convenience method).
 */
export function recordingFetch(sent: SentRequest[], extraHeaders: Record<string, string> = {}): FetchLike {
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [name, value] of Object.entries(extraHeaders)) headers.set(name, value);
    const body = init?.body;
    sent.push({
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : String(input),
      headers,
      body:
        body instanceof ArrayBuffer
          ? new TextDecoder().decode(body)
          : typeof body === 'string'
            ? body
            : undefined,
    });
    return fetch(input, { ...init, headers });
  };
}

/** The error a call was refused with, checked to be of `type` (fails the test if the call succeeded). */
export async function refusal<T extends Error>(
  pending: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  let outcome: { ok: true; value: unknown } | { ok: false; error: unknown };
  try {
    outcome = { ok: true, value: await pending };
  } catch (error) {
    outcome = { ok: false, error };
  }
  if (outcome.ok) {
    throw new Error(`Expected a ${type.name}, but the call succeeded with ${JSON.stringify(outcome.value)}.`);
  }
  expect(outcome.error).toBeInstanceOf(type);
  return outcome.error as T;
}

/** The decoded query of a logged request URL. */
export function queryOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://mock.invalid').searchParams);
}
