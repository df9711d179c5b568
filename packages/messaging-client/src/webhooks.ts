import {
  checkDelivery,
  deliveryMediaType,
  isJsonDelivery,
  parseJsonBody,
  type ReceiveOptions,
  type WebhookDelivery,
  type WebhookHandlerOptions,
  webhookRequestHandler,
} from '@svc-contracts/client-runtime/webhooks';
import type { components } from './generated/schema.js';

/** A messaging callback's JSON payload: any JSON value (the source does not show its shape). */
export type MessageCallback = components['schemas']['MessageCallback'];

/**
 * One messaging callback. The source shows only that every callback of a message sent with a `tag`
 * carries it: the payload (where the tag sits in it too), and its media type, are open. A JSON body is
 * parsed (`kind: 'json'`, with `tag` when the payload is an object whose `tag` is a string); a body of
 * another media type is kept as text, unchecked.
 */
export type MessageCallbackDelivery =
  | { kind: 'json'; payload: MessageCallback; tag: string | undefined }
  | { kind: 'other'; mediaType: string | undefined; body: string; tag: undefined };

/**
 * Reads one messaging callback: the body size, the expected Basic credentials when given (the source
 * does not show how callbacks are authenticated: that is the application's own choice), then a JSON
 * body that must parse as JSON. Throws `WebhookError`.
 */
export async function receiveMessageCallback(
  delivery: WebhookDelivery,
  options: ReceiveOptions = {},
): Promise<MessageCallbackDelivery> {
  const body = checkDelivery(delivery, options);
  if (!isJsonDelivery(delivery))
    return { kind: 'other', mediaType: deliveryMediaType(delivery), body, tag: undefined };
  const payload = parseJsonBody(body, 'messaging callback') as MessageCallback;
  // Where the tag sits in a payload is not shown: a top-level string `tag` is handed over, nothing refused.
  const member = isPlainObject(payload) ? payload.tag : undefined;
  return { kind: 'json', payload, tag: typeof member === 'string' ? member : undefined };
}

/**
 * A Node `http` / Express handler receiving messaging callbacks (see {@link receiveMessageCallback}):
 * 204 once `onCallback` resolves; 401, 400 or 413 with the reason for a refused delivery.
 */
export function messageCallbackHandler(
  onCallback: (callback: MessageCallbackDelivery) => unknown,
  options: ReceiveOptions & WebhookHandlerOptions = {},
) {
  return webhookRequestHandler((delivery) => receiveMessageCallback(delivery, options), onCallback, options);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
