import type { Agent, ClientRequest, IncomingMessage, RequestOptions, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { HarEntry, HarNameValue, HarWriter } from '@svc-contracts/har';
import { type MaskOptions, maskUrl } from '@svc-contracts/redact';
import { BoundedBody } from './bodies.js';
import { endToEnd, GivenUp, type Observed, pairs, recordedEntry } from './entry.js';

export interface RecordedSummary {
  index: number;
  method: string;
  url: string;
  status: number;
}

/** What every exchange of one recorder shares. */
export interface ProxyContext {
  target: URL;
  send: (url: URL, options: RequestOptions, answered: (incoming: IncomingMessage) => void) => ClientRequest;
  agent: Agent;
  maxBodyBytes: number;
  upstreamTimeoutMs: number;
  writer: HarWriter;
  mask: MaskOptions | undefined;
  /** How to give up each exchange in flight (the recorder stopping). */
  giveUps: Set<(reason: string, status?: 503 | 504) => void>;
  report: (error: Error) => void;
  onEntry: ((entry: RecordedSummary) => void) | undefined;
}

const flat = (headers: HarNameValue[]): string[] => headers.flatMap((header) => [header.name, header.value]);

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
 * Forwards one request and writes its entry; resolves once the exchange is over. The caller gets the end
 * of the answer only once its entry is in the file.
 */
export function forward(proxy: ProxyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    const url = upstreamUrl(proxy.target, req.url ?? '/');
    const seen: Observed = {
      req,
      url,
      requestHeaders: endToEnd(pairs(req.rawHeaders)).map((header) =>
        header.name.toLowerCase() === 'host' ? { name: header.name, value: url.host } : header,
      ),
      requestBody: new BoundedBody(proxy.maxBodyBytes),
      responseBody: new BoundedBody(proxy.maxBodyBytes),
      startedDateTime: new Date().toISOString(),
      start,
      sent: start,
      firstByte: start,
    };
    let answer: IncomingMessage | undefined;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = (reason: string, status: 503 | 504 = 503): void =>
      void upstream.destroy(new GivenUp(reason, status));
    const settle = (): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      proxy.giveUps.delete(giveUp);
      return true;
    };
    // The target's silence is bounded: the timer restarts with every byte either side sends.
    const touch = (): void => {
      if (timer !== undefined) timer.refresh();
      else if (Number.isFinite(proxy.upstreamTimeoutMs)) {
        const ms = proxy.upstreamTimeoutMs;
        timer = setTimeout(() => giveUp(`no data from the target for ${ms} ms`, 504), ms);
      }
    };
    req.on('data', (chunk: Buffer) => {
      seen.requestBody.push(chunk);
      touch();
    });
    // The caller must not take a body that broke off for a whole one.
    const close = (broken: Error | undefined): void => {
      if (broken === undefined) res.end();
      else res.destroy();
      resolve();
    };

    /** Writes the entry once the answer ended, or broke off (`broken`): then its body is not kept. */
    const record = (broken: Error | undefined): void => {
      if (answer === undefined || !settle()) return;
      let masked: HarEntry;
      try {
        masked = recordedEntry(seen, answer, broken, proxy.maxBodyBytes, proxy.mask);
      } catch (error) {
        // Whatever the answer holds, it costs only its own entry: the proxy goes on.
        const why = (error as Error).message;
        proxy.report(
          new Error(`${req.method} ${maskUrl(url.href)}: the exchange could not be recorded (${why})`),
        );
        close(broken);
        return;
      }
      if (broken !== undefined)
        proxy.report(new Error(`${req.method} ${masked.request.url}: ${broken.message}`));
      proxy.writer
        .append(masked)
        .then(
          () =>
            proxy.onEntry?.({
              index: proxy.writer.entries - 1,
              method: masked.request.method,
              url: masked.request.url,
              status: masked.response.status,
            }),
          (error: Error) => proxy.report(new Error(`could not write the HAR entry: ${error.message}`)),
        )
        .finally(() => close(broken));
    };

    const headers = flat(seen.requestHeaders);
    const upstream = proxy.send(url, { method: req.method, headers, agent: proxy.agent }, (incoming) => {
      answer = incoming;
      seen.firstByte = performance.now();
      touch();
      res.writeHead(
        incoming.statusCode ?? 502,
        incoming.statusMessage,
        flat(endToEnd(pairs(incoming.rawHeaders))),
      );
      incoming.on('data', (chunk: Buffer) => {
        seen.responseBody.push(chunk);
        touch();
      });
      incoming.pipe(res, { end: false });
      // A caller that reads slowly holds the target back (backpressure): that is not the target's silence.
      res.on('drain', touch);
      incoming.on('error', (error) => record(error));
      incoming.on('end', () => record(undefined));
    });
    proxy.giveUps.add(giveUp);
    touch();
    upstream.on('finish', () => {
      seen.sent = performance.now();
    });
    upstream.on('error', (error) => {
      if (answer !== undefined) return record(error);
      if (!settle()) return;
      proxy.report(new Error(`${req.method} ${maskUrl(url.href)}: ${error.message}`));
      if (!res.headersSent) {
        const status = error instanceof GivenUp ? error.status : 502;
        res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`contract-record: the target did not answer (${error.message}); nothing was recorded\n`);
      } else res.destroy(error);
      resolve();
    });
    req.pipe(upstream);
  });
}
