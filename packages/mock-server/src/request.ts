import type { IncomingMessage } from 'node:http';
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

export async function readRequest(req: IncomingMessage): Promise<MockRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > maxBodyBytes) throw new BodyTooLargeError(`The body is larger than ${maxBodyBytes} bytes.`);
    chunks.push(buffer);
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
    body: chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined,
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
