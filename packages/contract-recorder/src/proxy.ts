import {
  createServer,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type Exchange, type HarCreator, HarWriter, harEntry, maskEntry } from '@svc-contracts/har';
import type { Header, MaskOptions } from '@svc-contracts/redact';
import { bodyText, decodeContent } from './bodies.js';

export interface RecorderOptions {
  /** Base URL every request is forwarded to (`https://agents.staging.example.com`, optionally with a path). */
  target: string;
  /** HAR file to write. */
  out: string;
  /** Loopback port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Loopback address to listen on (default `127.0.0.1`). Other addresses are refused. */
  host?: string;
  /** Replace an existing `out` file. */
  overwrite?: boolean;
  /** Extra names to mask, besides the built-in credential names. */
  mask?: MaskOptions;
  /** Called after each entry is in the file (method, masked URL and status, for a log line). */
  onEntry?: (entry: RecordedSummary) => void;
  /** Called for traffic that could not be forwarded or recorded; the proxy keeps running. */
  onError?: (error: Error) => void;
  creator?: HarCreator;
}

export interface RecordedSummary {
  index: number;
  method: string;
  url: string;
  status: number;
}

export interface Recorder {
  /** `http://127.0.0.1:<port>`: send the traffic here instead of to the target. */
  url: string;
  port: number;
  /** Entries written so far. */
  readonly entries: number;
  /** Stops accepting requests, lets the exchanges in flight finish and closes the HAR file. */
  close(): Promise<void>;
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

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

function pairs(rawHeaders: string[]): Header[] {
  const headers: Header[] = [];
  for (let at = 0; at + 1 < rawHeaders.length; at += 2) {
    headers.push({ name: rawHeaders[at] as string, value: rawHeaders[at + 1] as string });
  }
  return headers;
}

function endToEnd(headers: Header[]): Header[] {
  const listed = new Set(
    headers
      .filter((header) => header.name.toLowerCase() === 'connection')
      .flatMap((header) => header.value.split(',').map((name) => name.trim().toLowerCase())),
  );
  return headers.filter(
    (header) => !hopByHop.has(header.name.toLowerCase()) && !listed.has(header.name.toLowerCase()),
  );
}

function flat(headers: Header[]): string[] {
  return headers.flatMap((header) => [header.name, header.value]);
}

function contentTypeOf(headers: Header[]): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === 'content-type')?.value;
}

/** The upstream URL of a request: the target's origin and path, then the request's path and query. */
export function upstreamUrl(target: URL, requestUrl: string): URL {
  // A client that uses the recorder as an HTTP proxy sends the absolute form; only its path counts.
  const pathAndQuery = /^[a-z][a-z0-9+.-]*:\/\//i.test(requestUrl)
    ? requestUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '') || '/'
    : requestUrl;
  const basePath = target.pathname.replace(/\/+$/, '');
  return new URL(`${target.origin}${basePath}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`);
}

/**
 * Starts the recording proxy: every request to `http://<host>:<port>` is forwarded to the target, the
 * answer goes back to the caller unchanged (status, headers, body bytes), and the exchange is appended
 * to the HAR file with credentials masked. The caller gets the end of the answer only once its entry is
 * in the file, so whatever a client has seen is on disk even if the recorder is killed afterwards.
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const host = options.host ?? '127.0.0.1';
  if (!loopbackHosts.has(host)) {
    throw new Error(
      `refusing to listen on ${host}: the recorder carries credentials and listens on loopback only`,
    );
  }
  const target = new URL(options.target);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new Error(`the target must be an http or https URL, not ${target.protocol}`);
  }
  const writer = await HarWriter.create(options.out, {
    creator: options.creator ?? { name: '@svc-contracts/contract-recorder', version: '0.0.0' },
    overwrite: options.overwrite ?? false,
  });
  const agent =
    target.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const inFlight = new Set<Promise<void>>();
  const report = (error: Error): void => options.onError?.(error);

  function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    return new Promise((resolve) => {
      const startedDateTime = new Date().toISOString();
      const start = performance.now();
      let sent = start;
      let firstByte = start;
      const url = upstreamUrl(target, req.url ?? '/');
      const requestHeaders = endToEnd(pairs(req.rawHeaders)).map((header) =>
        header.name.toLowerCase() === 'host' ? { name: header.name, value: url.host } : header,
      );
      const requestChunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => requestChunks.push(chunk));

      const upstream = send(url, { method: req.method, headers: flat(requestHeaders), agent }, (answer) => {
        firstByte = performance.now();
        const responseHeaders = endToEnd(pairs(answer.rawHeaders));
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, flat(responseHeaders));
        const responseChunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => responseChunks.push(chunk));
        answer.pipe(res, { end: false });
        answer.on('error', (error) => {
          report(error);
          res.destroy(error);
          resolve();
        });
        answer.on('end', () => {
          const end = performance.now();
          const raw = Buffer.concat(responseChunks);
          const decoded = decodeContent(raw, responseHeaders);
          const body = decoded
            ? bodyText(decoded, contentTypeOf(responseHeaders))
            : { text: raw.toString('base64'), encoding: 'base64' as const };
          const requestBody = Buffer.concat(requestChunks);
          // Recorded as seen, then masked as a whole: by name, and by value wherever the target echoes a
          // credential of the request (a header, a 401 body, a base64 body).
          const exchange: Exchange = {
            startedDateTime,
            timings: {
              send: Math.max(0, Math.round(sent - start)),
              wait: Math.max(0, Math.round(firstByte - sent)),
              receive: Math.max(0, Math.round(end - firstByte)),
            },
            request: {
              method: req.method ?? 'GET',
              url: url.href,
              httpVersion: `HTTP/${req.httpVersion}`,
              headers: requestHeaders,
              ...(requestBody.length === 0 &&
              !req.headers['content-length'] &&
              !req.headers['transfer-encoding']
                ? {}
                : { body: requestBody.toString('utf8') }),
            },
            response: {
              status: answer.statusCode ?? 0,
              statusText: answer.statusMessage ?? '',
              httpVersion: `HTTP/${answer.httpVersion}`,
              headers: responseHeaders,
              body: body.text,
              ...(body.encoding ? { encoding: body.encoding } : {}),
              transferredSize: raw.length,
            },
          };
          const entry = maskEntry(harEntry(exchange), options.mask);
          writer
            .append(entry)
            .then(
              () =>
                options.onEntry?.({
                  index: writer.entries - 1,
                  method: entry.request.method,
                  url: entry.request.url,
                  status: entry.response.status,
                }),
              (error: Error) => report(new Error(`could not write the HAR entry: ${error.message}`)),
            )
            .finally(() => {
              res.end();
              resolve();
            });
        });
      });
      upstream.on('finish', () => {
        sent = performance.now();
      });
      upstream.on('error', (error) => {
        report(new Error(`${req.method} ${url.href}: ${error.message}`));
        if (!res.headersSent) {
          res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(`contract-record: the target did not answer (${error.message}); nothing was recorded\n`);
        } else res.destroy(error);
        resolve();
      });
      req.pipe(upstream);
    });
  }

  const server = createServer((req, res) => {
    const exchange = forward(req, res);
    inFlight.add(exchange);
    void exchange.finally(() => inFlight.delete(exchange));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get entries() {
      return writer.entries;
    },
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.all([...inFlight]);
        server.closeAllConnections();
        await stopped;
        agent.destroy();
        await writer.close();
      })();
      return closing;
    },
  };
}
