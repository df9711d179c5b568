import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { ExchangeRequest } from '@svc-contracts/har';
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
  /** The body was found past a limit (`bodyLimit`) before its end and the rest was not read: the connection
   * is closed after the answer. */
  unread?: true;
}

/** Bodies above this size are refused before any parsing (a mock has no use for them). */
export const maxBodyBytes = 10 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
}

/** A request with a credential header twice: Node keeps the first `Authorization` and drops the rest without
 * a word, so the mock would answer for credentials the client may not have meant. */
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
export function mayBeJson(contentType: string | undefined): boolean {
  return contentType === undefined || contentType.trim() === '' || isJsonMediaType(contentType);
}

/** Reads a request and its body, decoded chunk by chunk. */
export function readRequest(
  req: IncomingMessage,
  jsonLimits: JsonLimits = defaultJsonLimits,
): Promise<MockRequest> {
  const repeated = repeatedCredentialHeader(req.rawHeaders);
  if (repeated) {
    req.resume();
    return Promise.reject(
      new DuplicateCredentialError(`The request carries the ${repeated} header more than once.`),
    );
  }
  const decoder = new StringDecoder('utf8');
  const budget = mayBeJson(req.headers['content-type']) ? new JsonBudget(jsonLimits) : undefined;
  const declared = Number(req.headers['content-length']);
  let body: string | undefined;
  let size = 0;
  return new Promise<MockRequest>((resolve, reject) => {
    const done = (outcome: { error: Error } | { unread: boolean }): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if ('error' in outcome) {
        reject(outcome.error);
        return;
      }
      resolve({
        ...head(req),
        body,
        ...(budget?.exceeded !== undefined && { bodyLimit: budget.exceeded }),
        ...(outcome.unread && { unread: true as const }),
      });
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        req.resume();
        done({
          error: new BodyTooLargeError(`The body is larger than the mock's limit of ${maxBodyBytes} bytes.`),
        });
        return;
      }
      if (budget?.exceeded !== undefined) return;
      const text = decoder.write(chunk);
      if (budget?.write(text) === undefined) {
        body = (body ?? '') + text;
        return;
      }
      body = undefined;
      if (Math.max(size, declared || 0) >= offThreadMinBytes) {
        // The answer goes out now; the connection is closed after it.
        req.pause();
        done({ unread: true });
      }
    };
    const onEnd = (): void => {
      if (body !== undefined) {
        const rest = decoder.end();
        if (budget?.write(rest) !== undefined) body = undefined;
        else body += rest;
      }
      done({ unread: false });
    };
    const onError = (error: Error): void => done({ error });
    const onClose = (): void => {
      if (!req.readableEnded) done({ error: new Error('The client closed the request before its end.') });
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** What a request says before its body. */
function head(req: IncomingMessage): Omit<MockRequest, 'body'> {
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
  };
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
