import {
  checkDelivery,
  deliveryMediaType,
  isJsonDelivery,
  parseJsonBody,
  type ReceiveOptions,
  type WebhookDelivery,
  WebhookError,
  type WebhookHandlerOptions,
  webhookRequestHandler,
} from '@svc-contracts/client-runtime/webhooks';
import type { components } from './generated/schema.js';

/** A messaging callback's JSON payload: any JSON value; on an object, `tag` is a string when present. */
export type MessageCallback = components['schemas']['MessageCallback'];

/**
 * One messaging callback. The source shows only that every callback of a message sent with a `tag`
 * carries it: the rest of the payload, and its media type, are open. A JSON body is parsed and its
 * `tag` checked (`kind: 'json'`); a body of another media type is kept as text, unchecked.
 */
export type MessageCallbackDelivery =
  | { kind: 'json'; payload: MessageCallback; tag: string | undefined }
  | { kind: 'other'; mediaType: string | undefined; body: string; tag: undefined };

/**
 * Reads one messaging callback: the body size, the expected Basic credentials when given (the source
 * does not show how callbacks are authenticated: that is the application's own choice), then a JSON
 * body against `MessageCallback`. Throws `WebhookError`.
 */
export async function receiveMessageCallback(
  delivery: WebhookDelivery,
  options: ReceiveOptions = {},
): Promise<MessageCallbackDelivery> {
  const body = checkDelivery(delivery, options);
  if (!isJsonDelivery(delivery))
    return { kind: 'other', mediaType: deliveryMediaType(delivery), body, tag: undefined };
  const payload = parseJsonBody(body, 'messaging callback') as MessageCallback;
  let tag: string | undefined;
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload) && 'tag' in payload) {
    if (typeof payload.tag !== 'string')
      throw new WebhookError('malformed', 'The messaging callback has a tag that is not a string (at /tag).');
    tag = payload.tag;
  }
  return { kind: 'json', payload, tag };
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
