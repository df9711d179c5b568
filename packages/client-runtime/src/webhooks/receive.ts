import { createHash, timingSafeEqual } from 'node:crypto';
import { isJsonMediaType, isXmlMediaType, mediaTypeEssence } from '@svc-contracts/openapi-utils';
import { decodeBasic } from '@svc-contracts/redact';
import type { BasicCredentials } from '../auth.js';
import { SdkError } from '../errors.js';

/** Why a delivery was refused; each has the status a receiver answers with (`WebhookError.status`). */
export type WebhookFailure =
  | 'body-too-large'
  | 'unauthorized'
  | 'unsupported-media-type'
  | 'malformed'
  | 'handler-failed';

const statusOf: Record<WebhookFailure, number> = {
  'body-too-large': 413,
  unauthorized: 401,
  'unsupported-media-type': 415,
  malformed: 400,
  'handler-failed': 500,
};

/** A callback that cannot be accepted: too large, without the expected credentials, of a media type the spec
 * does not declare, or with a body its schema or XSD refuses. */
export class WebhookError extends SdkError {
  override name = 'WebhookError';
  readonly status: number;
  constructor(
    readonly reason: WebhookFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = statusOf[reason];
  }
}

/** Headers as Node's `IncomingMessage.headers` holds them: lower-case names. */
export type DeliveryHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** One callback as received: its headers and its raw body. */
export interface WebhookDelivery {
  headers: DeliveryHeaders;
  body: string | Uint8Array;
}

export interface ReceiveOptions {
  /** The Basic credentials the sender must present (for the numbers service: the subscription's
   * `CallbackCredentials` `BasicAuthentication`). */
  credentials?: BasicCredentials;
  /** Largest body accepted, in bytes (default 1 MiB): a larger one is refused (`body-too-large`). */
  maxBodyBytes?: number;
}

/** Default body limit of a receiver: far above any documented callback, far below a memory risk. */
export const defaultMaxBodyBytes = 1024 * 1024;

/** The value of a header (lower-case name), repeated values joined with `, `. */
export function headerValue(headers: DeliveryHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value.join(', ');
}

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Whether an `Authorization` value carries exactly these Basic credentials. */
export function verifyBasicCredentials(
  authorization: string | undefined,
  expected: BasicCredentials,
): boolean {
  const match = /^\s*basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  const given = match?.[1] === undefined ? undefined : decodeBasic(match[1]);
  const sent = given === undefined ? '' : `${given.user}:${given.password}`;
  const same = timingSafeEqual(digest(sent), digest(`${expected.username}:${expected.password}`));
  return same && given !== undefined;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The checks every receiver makes before reading a body: its size, then the credentials (when expected),
 * then that it is UTF-8 text. */
export function checkDelivery(delivery: WebhookDelivery, options: ReceiveOptions = {}): string {
  const limit = options.maxBodyBytes ?? defaultMaxBodyBytes;
  const { body } = delivery;
  const size = typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
  if (size > limit)
    throw new WebhookError(
      'body-too-large',
      `The body has ${size} bytes; this receiver takes at most ${limit}.`,
    );
  if (
    options.credentials !== undefined &&
    !verifyBasicCredentials(headerValue(delivery.headers, 'authorization'), options.credentials)
  )
    throw new WebhookError('unauthorized', 'The callback does not carry the expected Basic credentials.');
  if (typeof body === 'string') return body;
  try {
    return decoder.decode(body);
  } catch (error) {
    throw new WebhookError('malformed', 'The body is not UTF-8 text.', { cause: error });
  }
}

/** The `Content-Type` essence of a delivery (`application/json`), or undefined when it has none. */
export function deliveryMediaType(delivery: WebhookDelivery): string | undefined {
  const value = headerValue(delivery.headers, 'content-type');
  return value === undefined || value.trim() === '' ? undefined : mediaTypeEssence(value);
}

/** Whether the delivery says its body is JSON (`application/json`, `+json`). */
export function isJsonDelivery(delivery: WebhookDelivery): boolean {
  const type = deliveryMediaType(delivery);
  return type !== undefined && isJsonMediaType(type);
}

/** Whether the delivery says its body is XML (`application/xml`, `text/xml`, `+xml`). */
export function isXmlDelivery(delivery: WebhookDelivery): boolean {
  const type = deliveryMediaType(delivery);
  return type !== undefined && isXmlMediaType(type);
}

/** A JSON body parsed, or `malformed` naming where it breaks. */
export function parseJsonBody(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new WebhookError(
      'malformed',
      `The ${what} is sent as JSON but is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
