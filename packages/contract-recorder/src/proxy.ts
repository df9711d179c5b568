import { createServer, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type HarCreator, HarWriter } from '@svc-contracts/har';
import type { MaskOptions } from '@svc-contracts/redact';
import { forward, type ProxyContext, type RecordedSummary } from './forward.js';

export { type RecordedSummary, upstreamUrl } from './forward.js';

/** Bodies larger than this are passed on whole but not kept in the HAR (marked `_bodyOmitted`). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
/** The most `maxBodyBytes` may be: its base64 must stay well under V8's longest string (about 512 MiB). */
export const MAX_BODY_BYTES_LIMIT = 256 * 1024 * 1024;
/** How long the target may stay silent (no header, no body byte) before the exchange is given up. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

export interface RecorderOptions {
  /** Base URL every request is forwarded to (`https://agents.staging.example.com`, optionally with a path). */
  target: string;
  /** HAR file to write (or `writer`: a file several recorders share, which `close()` leaves open). */
  out?: string;
  writer?: HarWriter;
  /** Loopback port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Loopback address to listen on (default `127.0.0.1`). Other addresses are refused. */
  host?: string;
  /** Replace an existing `out` file. */
  overwrite?: boolean;
  /** Extra names to mask, besides the built-in credential names. */
  mask?: MaskOptions;
  /** Largest body kept in the HAR (decoded size); a larger one is passed on whole and marked `_bodyOmitted`
   * (`size-limit`), so a checker says it was not judged. */
  maxBodyBytes?: number;
  /** How long the target may stay silent (`Infinity`: no limit): before its answer's head the caller gets
   * `504` and nothing is recorded; during the body the entry is written with it marked `incomplete`. */
  upstreamTimeoutMs?: number;
  /** Called after each entry is in the file (method, masked URL and status, for a log line); a promise
   * returned holds the answer's end until it settles. */
  onEntry?: (entry: RecordedSummary) => undefined | Promise<void>;
  /** Asked for every request, its body read whole first: an answer is sent (and recorded) instead of
   * forwarding the request (`--errors`). */
  answer?: ProxyContext['answer'];
  /** Called for traffic that could not be forwarded or recorded; the proxy keeps running. */
  onError?: (error: Error) => void;
  creator?: HarCreator;
}

export interface Recorder {
  /** `http://127.0.0.1:<port>`: send the traffic here instead of to the target. */
  url: string;
  port: number;
  /** Entries written so far. */
  readonly entries: number;
  /** Stops accepting requests, lets the exchanges in flight finish and closes the HAR file; those still in
   * flight after `graceMs` are cut off (see {@link CloseSummary}). */
  close(options?: { graceMs?: number }): Promise<CloseSummary>;
}

export interface CloseSummary {
  /** Exchanges cut off by `graceMs`: written with their body omitted, or not at all when no answer had come. */
  cutOff: number;
}

function checkPositive(value: number, name: string, max = Number.POSITIVE_INFINITY): number {
  if (!(value > 0) || value > max || (Number.isFinite(value) && !Number.isInteger(value))) {
    throw new Error(
      `${name} must be a positive integer${Number.isFinite(max) ? ` up to ${max}` : ''}, not ${value}`,
    );
  }
  return value;
}

/** The always-valid HAR file a recorder appends to. */
export function openHar(out: string, overwrite = false, creator?: HarCreator): Promise<HarWriter> {
  return HarWriter.create(out, {
    creator: creator ?? { name: '@svc-contracts/contract-recorder', version: '0.0.0' },
    overwrite,
  });
}

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

/** The address to listen on (default `127.0.0.1`); anything but loopback is refused. */
export function loopback(host = '127.0.0.1'): string {
  if (!loopbackHosts.has(host))
    throw new Error(
      `refusing to listen on ${host}: the recorder carries credentials and listens on loopback only`,
    );
  return host;
}

/** Starts the recording proxy: requests are forwarded unchanged and each exchange appended, masked, to the HAR;
 * the caller gets the end of an answer only once its entry is in the file, so a kill loses nothing seen. */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const host = loopback(options.host);
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
  const writer = options.writer ?? (await openHar(options.out ?? '', options.overwrite, options.creator));
  const agent =
    target.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const inFlight = new Set<Promise<void>>();
  const proxy: ProxyContext = {
    target,
    send: target.protocol === 'https:' ? httpsRequest : httpRequest,
    agent,
    maxBodyBytes,
    upstreamTimeoutMs,
    writer,
    mask: options.mask,
    giveUps: new Set(),
    report: (error) => options.onError?.(error),
    onEntry: options.onEntry,
    answer: options.answer,
  };
  const { giveUps } = proxy;

  const server = createServer((req, res) => {
    const exchange = forward(proxy, req, res);
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
        if (!options.writer) await writer.close();
        return { cutOff };
      })();
      return closing;
    },
  };
}
