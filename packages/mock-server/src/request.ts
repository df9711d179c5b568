import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { ExchangeRequest } from '@svc-contracts/har';
import { isJsonMediaType } from '@svc-contracts/openapi-utils';
import { defaultJsonLimits, JsonBudget, type JsonLimits, type ReceivedJson } from './json-budget.js';
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
   * A JSON body of `offThreadMinBytes` or more, as received and not yet decoded (`body` is `undefined`
   * until it is): the JSON check thread decodes it, holds it to the limits and checks it (its chunks
   * transferred, so the serving thread neither decodes, scans, copies nor serializes it).
   */
  largeJson?: ReceivedJson;
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
  // A JSON body of `offThreadMinBytes` or more (its Content-Length says so, or it grows that large) is
  // kept as received, undecoded: decoding, scanning and checking it is the JSON check thread's work.
  const decoder = new StringDecoder('utf8');
  const budget = mayBeJson(req.headers['content-type']) ? new JsonBudget(jsonLimits) : undefined;
  let body: string | undefined;
  let size = 0;
  const chunks = budget ? new ReceivedChunks() : undefined;
  let large = chunks !== undefined && Number(req.headers['content-length']) >= offThreadMinBytes;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) {
      req.resume();
      throw new BodyTooLargeError(`The body is larger than the mock's limit of ${maxBodyBytes} bytes.`);
    }
    if (budget?.exceeded !== undefined) continue;
    chunks?.push(buffer);
    if (large) continue;
    if (chunks !== undefined && size >= offThreadMinBytes) {
      // Without a Content-Length: the text so far is dropped, the thread decodes every chunk.
      large = true;
      body = undefined;
      continue;
    }
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
    ...(large &&
      chunks !== undefined &&
      budget?.exceeded === undefined && { largeJson: { chunks: chunks.list, limits: jsonLimits } }),
  };
}

/**
 * Received chunks, each on an `ArrayBuffer` of its own so that all can be transferred to another thread:
 * Node's HTTP parser gives each body chunk its own; a chunk that shares its memory (a slice of a pool, or
 * one seen before) is copied.
 */
class ReceivedChunks {
  readonly list: Uint8Array[] = [];
  private readonly seen = new Set<ArrayBufferLike>();

  push(chunk: Buffer): void {
    const own = chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;
    const kept = own && !this.seen.has(chunk.buffer) ? chunk : new Uint8Array(chunk);
    this.seen.add(kept.buffer);
    this.list.push(kept);
  }
}

/** The request as the contract checker reads recorded traffic, whose URLs are absolute (the host plays no part in matching). */
export function toRecordedRequest(request: MockRequest): ExchangeRequest {
  return {
    method: request.method,
    url: `http://mock.invalid${request.url}`,
    headers: Object.entries(request.headers).map(([name, value]) => ({ name, value })),
    ...(request.body !== undefined && { body: request.body }),
  };
}
