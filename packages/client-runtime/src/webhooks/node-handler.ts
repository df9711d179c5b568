import { type DeliveryHeaders, defaultMaxBodyBytes, type WebhookDelivery, WebhookError } from './receive.js';

/** What the handler reads of a Node `IncomingMessage` (or an Express `Request`). */
export interface NodeWebhookRequest extends AsyncIterable<unknown> {
  headers: DeliveryHeaders;
  /** Set by a body parser that ran before (Express `express.raw()` / `express.text()`): used as it is. */
  body?: unknown;
  readableEnded?: boolean;
  resume?(): unknown;
}

/** What the handler writes on a Node `ServerResponse` (or an Express `Response`). */
export interface NodeWebhookResponse {
  statusCode: number;
  headersSent?: boolean;
  setHeader(name: string, value: string): unknown;
  end(body?: string): unknown;
}

export interface WebhookHandlerOptions {
  /** Largest body read, in bytes (default 1 MiB): reading stops there and the answer is 413. */
  maxBodyBytes?: number;
  /** Told of every refused delivery and of a failing `onDelivery` (for a log line); never throws back. */
  onError?: (error: WebhookError) => void;
}

/** A Node `http` / Express request handler for one webhook: reads the body (stopping at the size limit),
 * hands it to `receive` (the client's typed reader: credentials, media type, schema or XSD), then gives the
 * typed value to `onDelivery`. */
export function webhookRequestHandler<T>(
  receive: (delivery: WebhookDelivery) => Promise<T>,
  onDelivery: (value: T) => unknown,
  options: WebhookHandlerOptions = {},
): (req: NodeWebhookRequest, res: NodeWebhookResponse, next?: unknown) => Promise<void> {
  const limit = options.maxBodyBytes ?? defaultMaxBodyBytes;
  return async (req, res) => {
    let value: T;
    try {
      const body = await readWebhookBody(req, limit);
      value = await receive({ headers: req.headers, body });
    } catch (error) {
      const refused =
        error instanceof WebhookError
          ? error
          : new WebhookError('malformed', error instanceof Error ? error.message : String(error), {
              cause: error,
            });
      report(options, refused);
      answer(res, refused.status, refused.message, refused.reason === 'unauthorized');
      return;
    }
    try {
      await onDelivery(value);
    } catch (error) {
      report(options, new WebhookError('handler-failed', 'The delivery handler failed.', { cause: error }));
      answer(res, 500, 'The receiver could not handle the callback.');
      return;
    }
    if (res.headersSent) return;
    res.statusCode = 204;
    res.end();
  };
}

function report(options: WebhookHandlerOptions, error: WebhookError): void {
  try {
    options.onError?.(error);
  } catch {
    // A failing logger must not change the answer.
  }
}

function answer(res: NodeWebhookResponse, status: number, reason: string, challenge = false): void {
  if (res.headersSent) return;
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  if (challenge) res.setHeader('www-authenticate', 'Basic realm="webhook"');
  if (status === 413) res.setHeader('connection', 'close');
  res.end(`${reason}\n`);
}

/** The raw body of a request, at most `limit` bytes: a `Content-Length` above it is refused before reading, a
 * stream that grows past it is stopped (the rest is discarded, not kept). */
export async function readWebhookBody(req: NodeWebhookRequest, limit: number): Promise<string | Uint8Array> {
  if (typeof req.body === 'string' || req.body instanceof Uint8Array) return req.body;
  if (req.body !== undefined && req.readableEnded) {
    throw new WebhookError(
      'handler-failed',
      'The body was parsed by another middleware before the webhook handler; mount the handler first, or behind express.raw() or express.text().',
    );
  }
  const declared = Number(headerOf(req.headers, 'content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    req.resume?.();
    throw tooLarge(declared, limit);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : (chunk as Uint8Array);
    size += bytes.byteLength;
    if (size > limit) {
      req.resume?.();
      throw tooLarge(size, limit);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

function tooLarge(size: number, limit: number): WebhookError {
  return new WebhookError(
    'body-too-large',
    `The body has ${size} bytes or more; this receiver takes at most ${limit}.`,
  );
}

function headerOf(headers: DeliveryHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : value?.[0];
}
