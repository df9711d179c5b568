import {
  checkDelivery,
  deliveryMediaType,
  isJsonDelivery,
  type ReceiveOptions,
  type WebhookDelivery,
  type WebhookHandlerOptions,
  webhookRequestHandler,
} from '@svc-contracts/client-runtime/webhooks';

/**
 * One verification callback. The source names verification callbacks and shows nothing else of them
 * (payload, media type, authentication): the body is kept as text with its media type, and, when it
 * is sent as JSON and parses, as `json` (typed `unknown`: no shape is documented). A JSON media type
 * whose body does not parse is not refused (nothing is documented to hold it to JSON): `json` is then
 * undefined.
 */
export interface VerificationCallbackDelivery {
  mediaType: string | undefined;
  body: string;
  json: unknown;
}

/**
 * Reads one verification callback: the body size and the expected Basic credentials when given (the
 * source does not show how the callback is authenticated), nothing more (its payload is not shown).
 * Throws `WebhookError`.
 */
export async function receiveVerificationCallback(
  delivery: WebhookDelivery,
  options: ReceiveOptions = {},
): Promise<VerificationCallbackDelivery> {
  const body = checkDelivery(delivery, options);
  const mediaType = deliveryMediaType(delivery);
  let json: unknown;
  if (isJsonDelivery(delivery)) {
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
  }
  return { mediaType, body, json };
}

/**
 * A Node `http` / Express handler receiving verification callbacks (see
 * {@link receiveVerificationCallback}): 204 once `onCallback` resolves; 401 or 413 with the reason.
 */
export function verificationCallbackHandler(
  onCallback: (callback: VerificationCallbackDelivery) => unknown,
  options: ReceiveOptions & WebhookHandlerOptions = {},
) {
  return webhookRequestHandler(
    (delivery) => receiveVerificationCallback(delivery, options),
    onCallback,
    options,
  );
}
