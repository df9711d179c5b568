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

/** The Disconnect event's JSON payload: an object; `pai` and `identity` strings when present, the rest open. */
export type DisconnectEvent = components['schemas']['DisconnectEvent'];

/**
 * One Disconnect event. The source shows only the `pai` and `identity` fields every voice callback
 * carries: the rest of the payload, and its media type, are open. A JSON body is checked
 * (`kind: 'json'`); a body of another media type is kept as text, unchecked.
 */
export type DisconnectEventDelivery =
  | { kind: 'json'; event: DisconnectEvent }
  | { kind: 'other'; mediaType: string | undefined; body: string };

/**
 * Reads one Disconnect event: the body size, the expected Basic credentials when given (the source
 * does not show how voice callbacks are authenticated), then a JSON body against `DisconnectEvent`.
 * Throws `WebhookError`.
 */
export async function receiveDisconnectEvent(
  delivery: WebhookDelivery,
  options: ReceiveOptions = {},
): Promise<DisconnectEventDelivery> {
  const body = checkDelivery(delivery, options);
  if (!isJsonDelivery(delivery)) return { kind: 'other', mediaType: deliveryMediaType(delivery), body };
  const event = parseJsonBody(body, 'Disconnect event');
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    throw new WebhookError('malformed', 'The Disconnect event is not a JSON object.');
  for (const field of ['pai', 'identity'] as const) {
    const value = (event as Record<string, unknown>)[field];
    if (value !== undefined && typeof value !== 'string')
      throw new WebhookError(
        'malformed',
        `The Disconnect event has a ${field} that is not a string (at /${field}).`,
      );
  }
  return { kind: 'json', event: event as DisconnectEvent };
}

/**
 * A Node `http` / Express handler receiving Disconnect events (see {@link receiveDisconnectEvent}):
 * 204 once `onEvent` resolves; 401, 400 or 413 with the reason for a refused delivery.
 */
export function disconnectEventHandler(
  onEvent: (event: DisconnectEventDelivery) => unknown,
  options: ReceiveOptions & WebhookHandlerOptions = {},
) {
  return webhookRequestHandler((delivery) => receiveDisconnectEvent(delivery, options), onEvent, options);
}
