import type { RetryOptions } from '../retry-options.js';
import type { Deadline } from './deadline.js';

/** What the transport reports to an `onEvent` hook. URLs and headers are already redacted. */
export type TransportEvent =
  | { type: 'request'; method: string; url: string; attempt: number; headers: Record<string, string> }
  | { type: 'response'; method: string; url: string; attempt: number; status: number }
  | { type: 'retry'; method: string; url: string; attempt: number; status: number; delayMs: number }
  | { type: 'refresh-credentials'; method: string; url: string; attempt: number }
  | { type: 'redirect'; method: string; from: string; to: string; credentialsStripped: boolean };

/** The settings of one call, checked and merged over the client's. */
export interface ResolvedCall {
  timeoutMs: number;
  retry: Readonly<RetryOptions>;
  repeatable: boolean;
}

/** One request as the layers pass it down: what goes on the wire for one attempt. */
export interface Outgoing {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly body: RequestInit['body'];
}

/** What the layers of one call share: its settings, its limit and signal, and the attempt count. */
export interface CallContext {
  readonly call: ResolvedCall;
  readonly deadline: Deadline;
  /** 1 for the first attempt; the timeout layer counts each attempt it starts. */
  attempt: number;
  /** Whether the auth layer has already asked for fresh credentials in this call. */
  refreshed: boolean;
}

/** One step of a call: sends `request` (through the layers inside) and resolves with the answer. */
export type Send = (request: Outgoing, context: CallContext) => Promise<Response>;

/** A layer wraps the `Send` of the layers inside it, as an octokit plugin wraps `request`. */
export type Layer = (next: Send) => Send;

/** The logging hook, or nothing: layers call `emit` only when it is set (events cost nothing otherwise). */
export type Emit = ((event: TransportEvent) => void) | undefined;

/** `layers` applied outermost first around `send`: `compose([a, b], send)` is `a(b(send))`. */
export function compose(layers: readonly Layer[], send: Send): Send {
  return layers.reduceRight((next, layer) => layer(next), send);
}

/** Lets go of an answer that is not handed on (a redirect, or one that is retried). */
export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}
