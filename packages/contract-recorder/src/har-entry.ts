import type { Header } from './masking.js';

/** One request/response pair as the recorder saw it, bodies already decoded and masked. */
export interface Exchange {
  /** When the request started (ISO 8601). */
  startedDateTime: string;
  /** Milliseconds: sending the request, waiting for the first byte of the answer, receiving the answer. */
  timings: { send: number; wait: number; receive: number };
  request: {
    method: string;
    /** Absolute URL the request went to, query included. */
    url: string;
    httpVersion?: string;
    headers: Header[];
    body?: string;
  };
  response: {
    status: number;
    statusText?: string;
    httpVersion?: string;
    headers: Header[];
    /** Body text, or base64 when `encoding` says so (bodies that are not text). */
    body?: string;
    encoding?: 'base64';
    /** Bytes of the body as transferred (compressed, if it was); defaults to the text's length. */
    transferredSize?: number;
  };
  /** Free text for readers of the HAR file (what the entry shows, what was masked). */
  comment?: string;
}

export interface HarCreator {
  name: string;
  version: string;
  comment?: string;
}

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function headerValue(headers: Header[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

function queryString(url: string): Array<{ name: string; value: string }> {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function formParams(text: string): Array<{ name: string; value: string }> {
  return [...new URLSearchParams(text)].map(([name, value]) => ({ name, value }));
}

/** A HAR 1.2 `entries` item. Field order is fixed, so identical exchanges serialise identically. */
export function harEntry(exchange: Exchange): { [key: string]: Json } {
  const { request, response, timings } = exchange;
  const requestType = headerValue(request.headers, 'content-type') ?? '';
  const responseType = headerValue(response.headers, 'content-type') ?? '';
  const requestBytes = request.body === undefined ? 0 : Buffer.byteLength(request.body);
  const contentSize =
    response.body === undefined
      ? 0
      : response.encoding === 'base64'
        ? Buffer.from(response.body, 'base64').length
        : Buffer.byteLength(response.body);
  const transferred = response.transferredSize ?? contentSize;
  const postData: { [key: string]: Json } | undefined =
    request.body === undefined
      ? undefined
      : {
          mimeType: requestType,
          ...(requestType.toLowerCase().startsWith('application/x-www-form-urlencoded')
            ? { params: formParams(request.body) }
            : {}),
          text: request.body,
        };
  const content: { [key: string]: Json } = {
    size: contentSize,
    ...(transferred < contentSize ? { compression: contentSize - transferred } : {}),
    mimeType: responseType,
    ...(response.body === undefined ? {} : { text: response.body }),
    ...(response.encoding ? { encoding: response.encoding } : {}),
  };
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
      bodySize: requestBytes,
    },
    response: {
      status: response.status,
      statusText: response.statusText ?? '',
      httpVersion: response.httpVersion ?? 'HTTP/1.1',
      cookies: [],
      headers: response.headers.map(({ name, value }) => ({ name, value })),
      content,
      redirectURL: headerValue(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: response.body === undefined ? 0 : transferred,
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
  };
}

/** A whole HAR 1.2 document. */
export function harDocument(creator: HarCreator, entries: Array<{ [key: string]: Json }>, comment?: string) {
  return {
    log: {
      version: '1.2',
      creator: { ...creator },
      entries,
      ...(comment === undefined ? {} : { comment }),
    },
  };
}
