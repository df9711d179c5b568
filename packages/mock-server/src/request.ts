import type { IncomingMessage } from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { ExchangeRequest } from '@svc-contracts/har';
import { isJsonMediaType } from '@svc-contracts/openapi-utils';
import { defaultJsonLimits, JsonBudget, type JsonLimits } from './json-budget.js';
import { offThreadMinBytes, type StreamedJsonBody } from './json-check-worker.js';

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
   * A JSON body of `offThreadMinBytes` or more, received whole on the JSON check thread and not decoded
   * here (`body` is `undefined` until the check sends its text back): the thread decoded it and held it
   * to the limits as it arrived, and checks it (its chunks transferred, so the serving thread neither
   * decodes, scans, copies nor serializes it).
   */
  largeJson?: StreamedJsonBody;
  /**
   * The body was found past a limit (`bodyLimit`) before its end and the rest was not read: the
   * connection is closed after the answer.
   */
  unread?: true;
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

/**
 * Streams a large JSON body off the serving thread (`JsonCheckWorker.open`, bound to the service and its
 * limits); `onStop` is called when the body is found past a limit, or cannot be checked, before its end.
 */
export type OpenLargeJson = (onStop: (stopped: { reason: string }) => void) => StreamedJsonBody;

/**
 * Reads a request and its body. A JSON body is scanned for its cost as it arrives (`JsonBudget`); past a
 * limit, the rest of a small body is read and dropped, so that nothing parses it and the client still
 * gets an answer. With `openLargeJson`, a JSON body of `offThreadMinBytes` or more (its Content-Length
 * says so, or it grows that large) is streamed, undecoded, to the JSON check thread as it arrives, which
 * decodes, scans and later checks it; if the thread finds it past a limit before its end, the rest is not
 * read at all: the request is answered at once and its connection closed after the answer (`unread`).
 */
export function readRequest(
  req: IncomingMessage,
  jsonLimits: JsonLimits = defaultJsonLimits,
  openLargeJson?: OpenLargeJson,
): Promise<MockRequest> {
  const repeated = repeatedCredentialHeader(req.rawHeaders);
  if (repeated) {
    req.resume();
    return Promise.reject(
      new DuplicateCredentialError(`The request carries the ${repeated} header more than once.`),
    );
  }
  // Decoded chunk by chunk as it arrives: a 10 MB body is never copied and decoded in one go on the
  // thread that serves every mock (about 10 ms that other requests would wait for).
  const decoder = new StringDecoder('utf8');
  const budget = mayBeJson(req.headers['content-type']) ? new JsonBudget(jsonLimits) : undefined;
  const streams = budget !== undefined && openLargeJson !== undefined;
  let body: string | undefined;
  let size = 0;
  /** The chunks of a small JSON body, kept until it turns out large (a body without a Content-Length). */
  let early: Buffer[] | undefined = streams ? [] : undefined;
  let large: StreamedJsonBody | undefined;
  let stopped: string | undefined;
  let settled = false;
  return new Promise<MockRequest>((resolve, reject) => {
    const done = (outcome: { error: Error } | { unread: boolean }): void => {
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if ('error' in outcome) {
        large?.drop();
        reject(outcome.error);
        return;
      }
      resolve({
        ...head(req),
        body,
        ...(budget?.exceeded !== undefined && { bodyLimit: budget.exceeded }),
        ...(stopped !== undefined && { bodyLimit: stopped }),
        ...(outcome.unread && { unread: true as const }),
        ...(large !== undefined && stopped === undefined && { largeJson: large }),
      });
    };
    const stop = ({ reason }: { reason: string }): void => {
      // Once the body is in, its check says what the thread found.
      if (settled || large === undefined) return;
      stopped = reason;
      large.drop();
      // The rest is not read: the answer goes out now, and the connection is closed after it.
      req.pause();
      done({ unread: true });
    };
    const goLarge = (): void => {
      large = (openLargeJson as OpenLargeJson)(stop);
      for (const chunk of early ?? []) large.write(chunk);
      early = undefined;
      body = undefined;
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
      if (stopped !== undefined || budget?.exceeded !== undefined) return;
      if (large !== undefined) {
        // The thread behind: no more is read until it catches up (a body past a limit is found early).
        if (!large.write(chunk)) {
          req.pause();
          large.whenDrained(() => {
            if (!settled) req.resume();
          });
        }
        return;
      }
      early?.push(chunk);
      if (early !== undefined && size >= offThreadMinBytes) {
        // Without a Content-Length: the text so far is dropped, the thread decodes every chunk.
        goLarge();
        return;
      }
      const text = decoder.write(chunk);
      if (budget?.write(text) !== undefined) {
        body = undefined;
        early = undefined;
      } else body = (body ?? '') + text;
    };
    const onEnd = (): void => {
      if (large === undefined && body !== undefined) {
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
    if (streams && Number(req.headers['content-length']) >= offThreadMinBytes) goLarge();
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
