import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { RecordedRequest } from '@svc-contracts/contract-checker';

/** A received request, read once and shared by the validators, the scenario and Prism. */
export interface MockRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  /** Lower-case names; repeated headers joined with `, ` the way Node joins them. */
  headers: Record<string, string>;
  /** Raw text of the body, `undefined` when there is none. */
  body: string | undefined;
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

export async function readRequest(req: IncomingMessage): Promise<MockRequest> {
  const repeated = repeatedCredentialHeader(req.rawHeaders);
  if (repeated) {
    req.resume();
    throw new DuplicateCredentialError(`The request carries the ${repeated} header more than once.`);
  }
  // Decoded chunk by chunk as it arrives: a 10 MB body is never copied and decoded in one go on the
  // thread that serves every mock (about 10 ms that other requests would wait for).
  const decoder = new StringDecoder('utf8');
  let body: string | undefined;
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) {
      req.resume();
      throw new BodyTooLargeError(`The body is larger than the mock's limit of ${maxBodyBytes} bytes.`);
    }
    body = (body ?? '') + decoder.write(buffer);
  }
  if (body !== undefined) body += decoder.end();
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
  };
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
