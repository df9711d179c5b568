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
import {
  type BodyOmission,
  type Exchange,
  type HarCreator,
  type HarEntry,
  type HarNameValue,
  HarWriter,
  harEntry,
  headerValue,
} from '@svc-contracts/har';
import { type MaskOptions, maskEntry, maskUrl } from '@svc-contracts/redact';
import { BoundedBody, bodyText, decodeContent } from './bodies.js';

/** Bodies larger than this are passed on whole but not kept in the HAR (marked `_bodyOmitted`). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** The most `maxBodyBytes` may be: its base64 must stay well under V8's longest string (about 512 MiB). */
export const MAX_BODY_BYTES_LIMIT = 256 * 1024 * 1024;
/** How long the target may stay silent (no header, no body byte) before the exchange is given up. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

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
  /**
   * Largest request or response body kept in the HAR, in bytes (default 64 MiB, at most 256 MiB; decoded
   * size for compressed answers). A larger body still reaches the other side whole; its entry keeps the
   * status and headers and marks the body `_bodyOmitted` (`size-limit`), so a checker says it was not judged.
   */
  maxBodyBytes?: number;
  /**
   * Milliseconds the target may stay silent - before its answer's head or between two of its body's
   * chunks - before the exchange is given up (default 30 000; `Infinity` for none). Before the head the
   * caller gets `504` and nothing is recorded; during the body the entry is written with the body marked
   * `_bodyOmitted` (`incomplete`) and the caller's connection is closed.
   */
  upstreamTimeoutMs?: number;
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
  /**
   * Stops accepting requests, lets the exchanges in flight finish and closes the HAR file. With `graceMs`,
   * exchanges still in flight after that long are cut off: one that has its answer's head is written with
   * its body marked `_bodyOmitted` (`incomplete`), one without is answered `503` and not recorded.
   */
  close(options?: { graceMs?: number }): Promise<CloseSummary>;
}

export interface CloseSummary {
  /** Exchanges cut off by `graceMs`: written with their body omitted, or not at all when no answer had come. */
  cutOff: number;
}

/** Why an exchange in flight was given up: the target's silence (504) or the recorder stopping (503). */
class GivenUp extends Error {
  constructor(
    message: string,
    readonly status: 503 | 504,
  ) {
    super(message);
  }
}

function checkPositive(value: number, name: string, max = Number.POSITIVE_INFINITY): number {
  if (!(value > 0) || value > max || (Number.isFinite(value) && !Number.isInteger(value))) {
    throw new Error(
      `${name} must be a positive integer${Number.isFinite(max) ? ` up to ${max}` : ''}, not ${value}`,
    );
  }
  return value;
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

function pairs(rawHeaders: string[]): HarNameValue[] {
  const headers: HarNameValue[] = [];
  for (let at = 0; at + 1 < rawHeaders.length; at += 2) {
    headers.push({ name: rawHeaders[at] as string, value: rawHeaders[at + 1] as string });
  }
  return headers;
}

function endToEnd(headers: HarNameValue[]): HarNameValue[] {
  const listed = new Set(
    headers
      .filter((header) => header.name.toLowerCase() === 'connection')
      .flatMap((header) => header.value.split(',').map((name) => name.trim().toLowerCase())),
  );
  return headers.filter(
    (header) => !hopByHop.has(header.name.toLowerCase()) && !listed.has(header.name.toLowerCase()),
  );
}

function flat(headers: HarNameValue[]): string[] {
  return headers.flatMap((header) => [header.name, header.value]);
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
  const maxBodyBytes = checkPositive(
    options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    'maxBodyBytes',
    MAX_BODY_BYTES_LIMIT,
  );
  const upstreamTimeoutMs = checkPositive(
    options.upstreamTimeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    'upstreamTimeoutMs',
  );
  const writer = await HarWriter.create(options.out, {
    creator: options.creator ?? { name: '@svc-contracts/contract-recorder', version: '0.0.0' },
    overwrite: options.overwrite ?? false,
  });
  const agent =
    target.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const inFlight = new Set<Promise<void>>();
  const report = (error: Error): void => options.onError?.(error);

  /** How to give up each exchange in flight (the recorder stopping). */
  const giveUps = new Set<(reason: string, status?: 503 | 504) => void>();

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
      const requestBody = new BoundedBody(maxBodyBytes);
      const responseBody = new BoundedBody(maxBodyBytes);
      let answer: IncomingMessage | undefined;
      let settled = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const giveUp = (reason: string, status: 503 | 504 = 503): void =>
        void upstream.destroy(new GivenUp(reason, status));
      const finish = (): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        giveUps.delete(giveUp);
        resolve();
      };
      // The target's silence is bounded: the timer restarts with every byte either side sends.
      const touch = (): void => {
        if (timer !== undefined) timer.refresh();
        else if (Number.isFinite(upstreamTimeoutMs)) {
          timer = setTimeout(
            () => giveUp(`no data from the target for ${upstreamTimeoutMs} ms`, 504),
            upstreamTimeoutMs,
          );
        }
      };
      req.on('data', (chunk: Buffer) => {
        requestBody.push(chunk);
        touch();
      });

      /** The masked entry of the exchange; `broken`: the answer broke off, its body is not kept. */
      const entryOf = (incoming: IncomingMessage, broken: Error | undefined): HarEntry => {
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
        // Recorded as seen, then masked as a whole: by name, and by value wherever the target echoes a
        // credential of the request (a header, a 401 body, a base64 body). A body past the limit, or one
        // that broke off, is written as not kept (`_bodyOmitted`), so a checker says it was not judged.
        const requestOmitted: BodyOmission | undefined =
          requestBytes === undefined
            ? {
                reason: 'size-limit',
                detail: `larger than ${maxBodyBytes} bytes`,
                receivedBytes: requestBody.size,
                size: requestBody.size,
              }
            : undefined;
        const responseOmitted: BodyOmission | undefined =
          broken !== undefined
            ? {
                reason: 'incomplete',
                detail:
                  broken instanceof GivenUp ? broken.message : `the target broke off: ${broken.message}`,
                receivedBytes: responseBody.size,
                size: -1,
              }
            : body === undefined
              ? {
                  reason: 'size-limit',
                  detail: `larger than ${maxBodyBytes} bytes${decoded === 'too-large' ? ' once decoded' : ''}`,
                  receivedBytes: responseBody.size,
                  size: decoded === 'too-large' ? -1 : responseBody.size,
                }
              : undefined;
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
            ...(requestOmitted
              ? { omitted: requestOmitted }
              : requestBody.size === 0 && !req.headers['content-length'] && !req.headers['transfer-encoding']
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
        const entry = harEntry(exchange);
        return maskEntry(entry, options.mask);
      };

      /** Writes the entry once the answer ended, or broke off (`broken`): then its body is not kept. */
      const record = (broken: Error | undefined): void => {
        if (settled || answer === undefined) return;
        settled = true;
        clearTimeout(timer);
        giveUps.delete(giveUp);
        let masked: HarEntry;
        try {
          masked = entryOf(answer, broken);
        } catch (error) {
          // Whatever the answer holds, it costs only its own entry: the proxy goes on.
          report(
            new Error(
              `${req.method} ${maskUrl(url.href)}: the exchange could not be recorded (${(error as Error).message})`,
            ),
          );
          if (broken === undefined) res.end();
          else res.destroy();
          resolve();
          return;
        }
        if (broken !== undefined) report(new Error(`${req.method} ${masked.request.url}: ${broken.message}`));
        writer
          .append(masked)
          .then(
            () =>
              options.onEntry?.({
                index: writer.entries - 1,
                method: masked.request.method,
                url: masked.request.url,
                status: masked.response.status,
              }),
            (error: Error) => report(new Error(`could not write the HAR entry: ${error.message}`)),
          )
          .finally(() => {
            // The caller must not take a body that broke off for a whole one.
            if (broken === undefined) res.end();
            else res.destroy();
            resolve();
          });
      };

      const upstream = send(url, { method: req.method, headers: flat(requestHeaders), agent }, (incoming) => {
        answer = incoming;
        firstByte = performance.now();
        touch();
        res.writeHead(
          incoming.statusCode ?? 502,
          incoming.statusMessage,
          flat(endToEnd(pairs(incoming.rawHeaders))),
        );
        incoming.on('data', (chunk: Buffer) => {
          responseBody.push(chunk);
          touch();
        });
        incoming.pipe(res, { end: false });
        // A caller that reads slowly holds the target back (backpressure): that is not the target's silence.
        res.on('drain', touch);
        incoming.on('error', (error) => record(error));
        incoming.on('end', () => record(undefined));
      });
      giveUps.add(giveUp);
      touch();
      upstream.on('finish', () => {
        sent = performance.now();
      });
      upstream.on('error', (error) => {
        if (answer !== undefined) {
          record(error);
          return;
        }
        if (settled) return;
        report(new Error(`${req.method} ${maskUrl(url.href)}: ${error.message}`));
        if (!res.headersSent) {
          const status = error instanceof GivenUp ? error.status : 502;
          res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(`contract-record: the target did not answer (${error.message}); nothing was recorded\n`);
        } else res.destroy(error);
        finish();
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
  let closing: Promise<CloseSummary> | undefined;

  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    get entries() {
      return writer.entries;
    },
    close(closeOptions = {}) {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const all = Promise.all([...inFlight]);
        let cutOff = 0;
        const graceMs = closeOptions.graceMs;
        if (graceMs !== undefined && Number.isFinite(graceMs)) {
          let graceTimer: ReturnType<typeof setTimeout> | undefined;
          const late = await Promise.race([
            all.then(() => false),
            new Promise<boolean>((resolve) => {
              graceTimer = setTimeout(() => resolve(true), Math.max(0, graceMs));
            }),
          ]);
          clearTimeout(graceTimer);
          if (late) {
            cutOff = giveUps.size;
            for (const giveUp of [...giveUps]) giveUp(`the recorder was stopped after ${graceMs} ms`);
          }
        }
        await Promise.all([...inFlight]);
        server.closeAllConnections();
        await stopped;
        agent.destroy();
        await writer.close();
        return { cutOff };
      })();
      return closing;
    },
  };
}
