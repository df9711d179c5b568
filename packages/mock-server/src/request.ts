import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { RecordedRequest } from '@svc-contracts/contract-checker';
import { isJsonMediaType } from '@svc-contracts/openapi-utils';
import { defaultJsonLimits, JsonBudget, type JsonLimits } from './json-budget.js';
import { offThreadMinBytes } from './json-check-worker.js';

/** A received request, read once and shared by the validators, the scenario and Prism. */
export interface MockRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  /** Lower-case names; repeated headers joined with `, ` the way Node joins them. */
  headers: Record<string, string>;
  /** Raw text of the body, `undefined` when there is none or it was past {@link bodyLimit}. */
  body: string | undefined;
  /** Why the JSON body was not kept: past the mock's {@link JsonLimits} (it was read and dropped). */
  bodyLimit?: string;
  /**
   * The bytes of a JSON body of `offThreadMinBytes` or more, as received: handed to the JSON check
   * thread (transferred, so the serving thread neither copies nor serializes the text).
   */
  bodyBytes?: Uint8Array;
}

/** Bodies above this size are refused before any parsing (a mock has no use for them). */
export const maxBodyBytes = 10 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/**
 * A request with a credential header twice: Node keeps the first `Authorization` and drops the rest
 * without a word, so the mock would answer for credentials the client may not have meant.
 */
export class DuplicateCredentialError extends Error {
  override readonly name = 'DuplicateCredentialError';
}

const singleCredentialHeaders = new Set(['authorization', 'proxy-authorization']);

function repeatedCredentialHeader(rawHeaders: string[]): string | undefined {
  const seen = new Set<string>();
  for (let at = 0; at < rawHeaders.length; at += 2) {
    const name = (rawHeaders[at] ?? '').toLowerCase();
    if (!singleCredentialHeaders.has(name)) continue;
    if (seen.has(name)) return rawHeaders[at];
    seen.add(name);
  }
  return undefined;
}

/** A body without a media type may be JSON to the checker: it is held to the JSON limits too. */
function mayBeJson(contentType: string | undefined): boolean {
  return contentType === undefined || contentType.trim() === '' || isJsonMediaType(contentType);
}

export async function readRequest(
  req: IncomingMessage,
  jsonLimits: JsonLimits = defaultJsonLimits,
): Promise<MockRequest> {
  const repeated = repeatedCredentialHeader(req.rawHeaders);
  if (repeated) {
    req.resume();
    throw new DuplicateCredentialError(`The request carries the ${repeated} header more than once.`);
  }
  // Decoded chunk by chunk as it arrives: a 10 MB body is never copied and decoded in one go on the
  // thread that serves every mock (about 10 ms that other requests would wait for).
  // A JSON body is scanned for its cost as it arrives (JsonBudget); past a limit, the rest is read and
  // dropped, so that nothing parses it and the client still gets an answer.
  const decoder = new StringDecoder('utf8');
  const budget = mayBeJson(req.headers['content-type']) ? new JsonBudget(jsonLimits) : undefined;
  let body: string | undefined;
  let size = 0;
  const chunks: Buffer[] | undefined = budget ? [] : undefined;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) {
      req.resume();
      throw new BodyTooLargeError(`The body is larger than the mock's limit of ${maxBodyBytes} bytes.`);
    }
    if (budget?.exceeded !== undefined) continue;
    chunks?.push(buffer);
    const text = decoder.write(buffer);
    if (budget?.write(text) !== undefined) body = undefined;
    else body = (body ?? '') + text;
  }
  if (body !== undefined) {
    const rest = decoder.end();
    if (budget?.write(rest) !== undefined) body = undefined;
    else body += rest;
  }
  const url = req.url ?? '/';
  const parsed = new URL(url, 'http://mock.invalid');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers,
    body,
    ...(budget?.exceeded !== undefined && { bodyLimit: budget.exceeded }),
    ...(body !== undefined &&
      chunks !== undefined &&
      size >= offThreadMinBytes && { bodyBytes: joined(chunks, size) }),
  };
}

/** The chunks in one buffer of their own (one that can be transferred to another thread). */
function joined(chunks: readonly Buffer[], size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/** The request as the contract checker reads recorded traffic, whose URLs are absolute (the host plays no part in matching). */
export function toRecordedRequest(request: MockRequest): RecordedRequest {
  return {
    method: request.method,
    url: `http://mock.invalid${request.url}`,
    headers: Object.entries(request.headers).map(([name, value]) => ({ name, value })),
    ...(request.body !== undefined && { body: request.body }),
  };
}
