import { fromBase64, utf8Bytes } from './encoding.js';
import { type BodyOmission, type ExchangeRequest, type ExchangeResponse, headerValue } from './message.js';
import type { Har, HarBodyOmitted, HarCreator, HarEntry, HarNameValue, HarPostData } from './types.js';

/** One request/response pair as a recorder saw it, with its timings: what `harEntry` writes. */
export interface Exchange {
  /** When the request started (ISO 8601). */
  startedDateTime: string;
  /** Milliseconds: sending the request, waiting for the first byte of the answer, receiving the answer. */
  timings: { send: number; wait: number; receive: number };
  request: ExchangeRequest;
  response: ExchangeResponse;
  /** Free text for readers of the HAR file (what the entry shows, what was masked). */
  comment?: string;
}

function queryString(url: string): HarNameValue[] {
  try {
    // The base only serves relative URLs (a mock's request log); an absolute URL ignores it.
    return [...new URL(url, 'http://localhost').searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function formParams(text: string): HarNameValue[] {
  return [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));
}

/** Bytes of a body: its UTF-8 length, or the length of the bytes base64 `text` stands for. */
export function bodyBytes(text: string, encoding?: string): number {
  if (encoding === 'base64') return fromBase64(text)?.length ?? 0;
  return utf8Bytes(text).length;
}

/** A HAR 1.2 `entries` item. */
export function harEntry(
  exchange: Exchange & { request: { webhook: string } },
): HarEntry & { _webhook: string };
export function harEntry(exchange: Exchange): HarEntry;
export function harEntry(exchange: Exchange): HarEntry {
  const { timings } = exchange;
  const request = withOmission(exchange.request);
  const response = withOmission(exchange.response);
  const requestType = headerValue(request.headers, 'content-type') ?? '';
  const responseType = headerValue(response.headers, 'content-type') ?? '';
  const contentSize = response.body === undefined ? 0 : bodyBytes(response.body, response.encoding);
  const transferred = response.transferredSize ?? contentSize;
  const postData: HarPostData | undefined = request.omitted
    ? {
        mimeType: requestType,
        comment: omissionComment(request.omitted),
        _bodyOmitted: omission(request.omitted),
      }
    : request.body === undefined
      ? undefined
      : {
          mimeType: requestType,
          ...(requestType.toLowerCase().startsWith('application/x-www-form-urlencoded')
            ? { params: formParams(request.body) }
            : {}),
          text: request.body,
        };
  const requestSize = request.omitted
    ? request.omitted.size
    : request.body === undefined
      ? 0
      : bodyBytes(request.body);
  return {
    startedDateTime: exchange.startedDateTime,
    time: timings.send + timings.wait + timings.receive,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: request.httpVersion ?? 'HTTP/1.1',
      cookies: [],
      headers: request.headers.map(({ name, value }) => ({ name, value })),
      queryString: queryString(request.url),
      ...(postData ? { postData } : {}),
      headersSize: -1,
      bodySize: requestSize,
    },
    response: {
      status: response.status,
      statusText: response.statusText ?? '',
      httpVersion: response.httpVersion ?? 'HTTP/1.1',
      cookies: [],
      headers: response.headers.map(({ name, value }) => ({ name, value })),
      content: response.omitted
        ? {
            size: response.omitted.size,
            mimeType: responseType,
            comment: omissionComment(response.omitted),
            _bodyOmitted: omission(response.omitted),
          }
        : {
            size: contentSize,
            ...(transferred < contentSize ? { compression: contentSize - transferred } : {}),
            mimeType: responseType,
            ...(response.body === undefined ? {} : { text: response.body }),
            ...(response.encoding ? { encoding: response.encoding } : {}),
          },
      redirectURL: headerValue(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response.omitted ? response.omitted.size : response.body === undefined ? 0 : transferred,
    },
    cache: {},
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      send: timings.send,
      wait: timings.wait,
      receive: timings.receive,
      ssl: -1,
    },
    ...(exchange.comment === undefined ? {} : { comment: exchange.comment }),
    // A callback a service sent: read back by `readEntry` as `request.webhook`.
    ...(request.webhook === undefined ? {} : { _webhook: request.webhook }),
  };
}

/** A body marked not recorded (`bodyNotRecorded`, as `readEntry` gives it) without the recorder's why is
 * written as not kept too: written as no body, it would read back as a body that was never sent. */
function withOmission<Side extends ExchangeRequest | ExchangeResponse>(side: Side): Side {
  if (side.omitted !== undefined || side.bodyNotRecorded !== true) return side;
  const { body: _body, ...rest } = side;
  return {
    ...rest,
    omitted: {
      reason: 'not-recorded',
      detail: 'the recording it was read from did not keep it',
      receivedBytes: -1,
      size: -1,
    },
  } as Side;
}

/** HAR's `_bodyOmitted` of a body the recorder did not keep (`size` goes to the body's own size fields). */
function omission({ reason, detail, receivedBytes }: BodyOmission): HarBodyOmitted {
  return { reason, detail, receivedBytes };
}

function omissionComment(omitted: BodyOmission): string {
  return `body not recorded (${omitted.detail}): not judged`;
}

/** A whole HAR 1.2 document. */
export function harDocument(creator: HarCreator, entries: HarEntry[], comment?: string): Har {
  return {
    log: {
      version: '1.2',
      creator: { ...creator },
      entries,
      ...(comment === undefined ? {} : { comment }),
    },
  };
}

/** A request and its answer without timings, as tests and tools that write recordings by hand have them. */
export interface PlainExchange {
  request: Exchange['request'];
  response: Exchange['response'];
  startedDateTime?: string;
}

/** A HAR 1.2 document from plain exchanges (timings zero, start at the epoch unless given). */
export function createHar(
  exchanges: PlainExchange[],
  creator: HarCreator = { name: '@svc-contracts/har', version: '0.0.0' },
): Har {
  return harDocument(
    creator,
    exchanges.map(({ request, response, startedDateTime }) =>
      harEntry({
        startedDateTime: startedDateTime ?? new Date(0).toISOString(),
        timings: { send: 0, wait: 0, receive: 0 },
        request,
        response,
      }),
    ),
  );
}
