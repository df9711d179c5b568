import {
  checkDelivery,
  isXmlDelivery,
  type ReceiveOptions,
  type WebhookDelivery,
  WebhookError,
  type WebhookHandlerOptions,
  webhookRequestHandler,
} from '@svc-contracts/client-runtime/webhooks';
import type { Notification, NotificationLegacy } from './generated/xml-documents.js';
import { type ParseOrderNotificationOptions, parseOrderNotification } from './notification.js';
import { XmlDocumentError } from './xml/errors.js';

export interface ReceiveOrderNotificationOptions extends ReceiveOptions {
  /**
   * The `NumberFormat` of the subscription: `E164` or `LEGACY` holds the document to that XSD; left
   * out, a notification valid against either is accepted (`x-xsd.legacySchema`).
   */
  numberFormat?: 'E164' | 'LEGACY';
}

/**
 * Reads one order notification as delivered to a subscription's URL: the body size, the
 * subscription's `CallbackCredentials` `BasicAuthentication` when given as `credentials` (presented as
 * HTTP Basic; the source does not show how the service presents them), the media type (the spec's
 * `application/xml; charset=utf-8`: another is refused with `unsupported-media-type`), then the
 * document against `Notification.xsd` or its LEGACY form, through {@link parseOrderNotification}.
 * Throws `WebhookError` (`reason` and the `status` to answer).
 */
export async function receiveOrderNotification(
  delivery: WebhookDelivery,
  options: ReceiveOrderNotificationOptions = {},
): Promise<Notification | NotificationLegacy> {
  const xml = checkDelivery(delivery, options);
  if (!isXmlDelivery(delivery))
    throw new WebhookError(
      'unsupported-media-type',
      'An order notification is sent as application/xml; charset=utf-8.',
    );
  const parse = parseOrderNotification as (
    xml: string,
    options: ParseOrderNotificationOptions,
  ) => Promise<Notification | NotificationLegacy>;
  try {
    return await parse(xml, options.numberFormat === undefined ? {} : { numberFormat: options.numberFormat });
  } catch (error) {
    if (error instanceof XmlDocumentError)
      throw new WebhookError('malformed', error.message, { cause: error });
    throw error;
  }
}

/**
 * A Node `http` / Express handler receiving order notifications (see {@link receiveOrderNotification}
 * and `webhookRequestHandler` of `@svc-contracts/client-runtime/webhooks`): 204 once `onNotification`
 * resolves; 401, 400, 413 or 415 with the reason for a refused delivery.
 */
export function orderNotificationHandler(
  onNotification: (notification: Notification | NotificationLegacy) => unknown,
  options: ReceiveOrderNotificationOptions & WebhookHandlerOptions = {},
) {
  return webhookRequestHandler(
    (delivery) => receiveOrderNotification(delivery, options),
    onNotification,
    options,
  );
}
