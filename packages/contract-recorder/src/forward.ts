import {
  type Agent,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import { performance } from 'node:perf_hooks';
import type { MockResponse } from '@svc-contracts/error-answers';
import type { ExchangeRequest, HarEntry, HarNameValue, HarWriter } from '@svc-contracts/har';
import { type MaskOptions, maskUrl } from '@svc-contracts/redact';
import { endToEnd, GivenUp, type Observed, observe, pairs, recordedEntry } from './entry.js';

export interface RecordedSummary {
  index: number;
  method: string;
  url: string;
  status: number;
  /** The entry as written (masked). */
  entry: HarEntry;
}

/** The proxy's own answer to a request it does not forward (`--errors`). */
export type ProxyAnswer = Omit<MockResponse, 'violations'>;

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
  onEntry: ((entry: RecordedSummary) => undefined | Promise<void>) | undefined;
  /** Asked once a request's body is in (kept whole): an answer means the request is answered so and not
   * forwarded; undefined forwards it. */
  answer: ((request: ExchangeRequest) => Promise<ProxyAnswer | undefined>) | undefined;
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

/** Forwards one request and writes its entry; resolves once the exchange is over. The caller gets the end of
 * the answer only once its entry is in the file. */
export function forward(proxy: ProxyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const url = upstreamUrl(proxy.target, req.url ?? '/');
    const seen = observe(req, url, proxy.maxBodyBytes);
    let answer: IncomingMessage | undefined;
    let upstream: ClientRequest | undefined;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = (reason: string, status: 503 | 504 = 503): void => {
      const why = new GivenUp(reason, status);
      if (upstream) upstream.destroy(why);
      else failed(why);
    };
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
      proxy.writer.append(masked).then(
        () => {
          const told = proxy.onEntry?.({
            index: proxy.writer.entries - 1,
            method: masked.request.method,
            url: masked.request.url,
            status: masked.response.status,
            entry: masked,
          });
          // A live check far behind holds the answer back until it catches up, so its backlog stays bounded.
          if (told) void told.catch(() => undefined).then(() => close(broken));
          else close(broken);
        },
        (error: Error) => {
          proxy.report(new Error(`could not write the HAR entry: ${error.message}`));
          close(broken);
        },
      );
    };

    /** The target never answered (or the exchange was given up before it did): nothing is recorded. */
    const failed = (error: Error): void => {
      if (!settle()) return;
      proxy.report(new Error(`${req.method} ${maskUrl(url.href)}: ${error.message}`));
      if (!res.headersSent) {
        const status = error instanceof GivenUp ? error.status : 502;
        res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`contract-record: the target did not answer (${error.message}); nothing was recorded\n`);
      } else res.destroy(error);
      resolve();
    };

    /** Sends the request on: the body's first chunks (`held`, when it was read to be judged), then the rest. */
    const forwardNow = (held?: Buffer[]): void => {
      const headers = flat(seen.requestHeaders);
      const sent = proxy.send(url, { method: req.method, headers, agent: proxy.agent }, (incoming) => {
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
      upstream = sent;
      sent.on('finish', () => {
        seen.sent = performance.now();
      });
      sent.on('error', (error) => (answer !== undefined ? record(error) : failed(error)));
      for (const chunk of held ?? []) sent.write(chunk);
      if (held && req.readableEnded) sent.end();
      else req.pipe(sent);
    };

    proxy.giveUps.add(giveUp);
    touch();
    if (proxy.answer === undefined) return forwardNow();
    judgeFirst(req, seen, url, proxy.answer, {
      forward: forwardNow,
      fail: failed,
      answer(own) {
        const rawHeaders = Object.entries(own.headers).flat();
        const head = { statusCode: own.status, statusMessage: STATUS_CODES[own.status] ?? '' };
        answer = { ...head, rawHeaders, httpVersion: '1.1' } as IncomingMessage;
        seen.sent = performance.now();
        seen.firstByte = seen.sent;
        if (own.body !== undefined) seen.responseBody.push(Buffer.from(own.body));
        res.writeHead(own.status, rawHeaders);
        if (own.body !== undefined) res.write(own.body);
        record(undefined);
      },
    });
  });
}

/** `--errors`: the request is judged whole before it goes anywhere, then forwarded (with the chunks held) or
 * answered by the proxy; past the body limit it cannot be judged, so it is forwarded as it comes. */
function judgeFirst(
  req: IncomingMessage,
  seen: Observed,
  url: URL,
  ask: NonNullable<ProxyContext['answer']>,
  then: { forward(held: Buffer[]): void; answer(own: ProxyAnswer): void; fail(error: Error): void },
): void {
  const held: Buffer[] = [];
  const hold = (chunk: Buffer): void => {
    held.push(chunk);
    if (!seen.requestBody.overflowed) return;
    req.off('data', hold).off('end', judge);
    then.forward(held);
  };
  const judge = (): void => {
    const body = seen.requestBody.bytes();
    const request = { method: req.method ?? 'GET', url: url.href, headers: seen.requestHeaders };
    ask(body && body.length > 0 ? { ...request, body: body.toString('utf8') } : request).then(
      (own) => (own === undefined ? then.forward(held) : then.answer(own)),
      (error: Error) => then.fail(error),
    );
  };
  req.on('data', hold).on('end', judge);
}
