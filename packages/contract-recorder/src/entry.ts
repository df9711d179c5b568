import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  type BodyOmission,
  type Exchange,
  type HarEntry,
  type HarNameValue,
  harEntry,
  headerValue,
} from '@svc-contracts/har';
import { type MaskOptions, maskEntry } from '@svc-contracts/redact';
import { BoundedBody, bodyText, decodeContent } from './bodies.js';

/** What the proxy saw of one exchange while it passed. */
export interface Observed {
  req: IncomingMessage;
  url: URL;
  requestHeaders: HarNameValue[];
  requestBody: BoundedBody;
  responseBody: BoundedBody;
  startedDateTime: string;
  start: number;
  sent: number;
  firstByte: number;
}

/** What the proxy starts to see of an exchange: the request as it goes to `url` (`Host` rewritten). */
export function observe(req: IncomingMessage, url: URL, maxBodyBytes: number): Observed {
  const start = performance.now();
  return {
    req,
    url,
    requestHeaders: endToEnd(pairs(req.rawHeaders)).map((header) =>
      header.name.toLowerCase() === 'host' ? { name: header.name, value: url.host } : header,
    ),
    requestBody: new BoundedBody(maxBodyBytes),
    responseBody: new BoundedBody(maxBodyBytes),
    startedDateTime: new Date().toISOString(),
    start,
    sent: start,
    firstByte: start,
  };
}

/** Why an exchange in flight was given up: the target's silence (504) or the recorder stopping (503). */
export class GivenUp extends Error {
  constructor(
    message: string,
    readonly status: 503 | 504,
  ) {
    super(message);
  }
}

export function pairs(rawHeaders: string[]): HarNameValue[] {
  const headers: HarNameValue[] = [];
  for (let at = 0; at + 1 < rawHeaders.length; at += 2) {
    headers.push({ name: rawHeaders[at] as string, value: rawHeaders[at + 1] as string });
  }
  return headers;
}

/** Hop-by-hop headers (RFC 9110 section 7.6.1): they describe one connection, not the message. */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export function endToEnd(headers: HarNameValue[]): HarNameValue[] {
  const listed = new Set(
    headers
      .filter((header) => header.name.toLowerCase() === 'connection')
      .flatMap((header) => header.value.split(',').map((name) => name.trim().toLowerCase())),
  );
  return headers.filter(
    (header) => !hopByHop.has(header.name.toLowerCase()) && !listed.has(header.name.toLowerCase()),
  );
}

const sizeLimit = (body: BoundedBody, detail: string, size = body.size): BodyOmission => ({
  reason: 'size-limit',
  detail,
  receivedBytes: body.size,
  size,
});

/** The masked entry of an exchange answered `incoming`; `broken`: the answer broke off, its body is not
 * kept. Recorded as seen, then masked as a whole, by name and by value wherever the target echoes a
 * credential; a body past the limit or broken off is written as not kept, so a checker says not judged. */
export function recordedEntry(
  seen: Observed,
  incoming: IncomingMessage,
  broken: Error | undefined,
  maxBodyBytes: number,
  mask: MaskOptions | undefined,
): HarEntry {
  const { req, requestBody, responseBody } = seen;
  const end = performance.now();
  const responseHeaders = endToEnd(pairs(incoming.rawHeaders));
  const raw = broken === undefined ? responseBody.bytes() : undefined;
  const decoded = raw && decodeContent(raw, responseHeaders, maxBodyBytes);
  const body =
    raw === undefined || decoded === 'too-large'
      ? undefined
      : decoded
        ? bodyText(decoded, headerValue(responseHeaders, 'content-type'))
        : { text: raw.toString('base64'), encoding: 'base64' as const };
  const requestBytes = requestBody.bytes();
  const requestOmitted =
    requestBytes === undefined ? sizeLimit(requestBody, `larger than ${maxBodyBytes} bytes`) : undefined;
  const responseOmitted: BodyOmission | undefined =
    broken !== undefined
      ? {
          reason: 'incomplete',
          detail: broken instanceof GivenUp ? broken.message : `the target broke off: ${broken.message}`,
          receivedBytes: responseBody.size,
          size: -1,
        }
      : body === undefined
        ? decoded === 'too-large'
          ? sizeLimit(responseBody, `larger than ${maxBodyBytes} bytes once decoded`, -1)
          : sizeLimit(responseBody, `larger than ${maxBodyBytes} bytes`)
        : undefined;
  const noRequestBody =
    requestBody.size === 0 && !req.headers['content-length'] && !req.headers['transfer-encoding'];
  const exchange: Exchange = {
    startedDateTime: seen.startedDateTime,
    timings: {
      send: Math.max(0, Math.round(seen.sent - seen.start)),
      wait: Math.max(0, Math.round(seen.firstByte - seen.sent)),
      receive: Math.max(0, Math.round(end - seen.firstByte)),
    },
    request: {
      method: req.method ?? 'GET',
      url: seen.url.href,
      httpVersion: `HTTP/${req.httpVersion}`,
      headers: seen.requestHeaders,
      ...(requestOmitted
        ? { omitted: requestOmitted }
        : noRequestBody
          ? {}
          : { body: requestBytes === undefined ? '' : requestBytes.toString('utf8') }),
    },
    response: {
      status: incoming.statusCode ?? 0,
      statusText: incoming.statusMessage ?? '',
      httpVersion: `HTTP/${incoming.httpVersion}`,
      headers: responseHeaders,
      ...(body === undefined ? {} : { body: body.text }),
      ...(body?.encoding ? { encoding: body.encoding } : {}),
      transferredSize: responseBody.size,
      ...(responseOmitted ? { omitted: responseOmitted } : {}),
    },
  };
  return maskEntry(harEntry(exchange), mask);
}
