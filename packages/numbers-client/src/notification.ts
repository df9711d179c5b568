import { fromXml, validateDocument } from './documents.js';
import type { Notification, NotificationLegacy } from './generated/xml-documents.js';
import { xmlDocuments } from './generated/xml-documents.js';
import { assertValidAgainstAny } from './xml/validate.js';

export interface ParseOrderNotificationOptions {
  /**
   * The number format the subscription asked for: `E164` or `LEGACY` (10-digit numbers, when the
   * subscription set `NumberFormat` `LEGACY`); the document is then validated against that XSD only.
   * Omitted: a document valid against either XSD is accepted (`x-xsd.legacySchema`), as the contract
   * checker and the mocks accept it.
   */
  numberFormat?: 'E164' | 'LEGACY';
  /** Validate against the XSD first (default true). A DOCTYPE is refused either way. */
  validate?: boolean;
}

/**
 * Reads the order notification the service POSTs to a subscribed URL, for a webhook handler: refuses
 * any DTD or entity (XXE), validates against `Notification.xsd` (or the LEGACY schema) and returns the
 * typed document, `CompletedTelephoneNumbers.TelephoneNumber` always an array of strings.
 *
 * ```ts
 * app.post('/callbacks/orders', async (req, res) => {
 *   const notification = await parseOrderNotification(await text(req));
 * });
 * ```
 */
export async function parseOrderNotification(
  xml: string,
  options?: { validate?: boolean },
): Promise<Notification | NotificationLegacy>;
export async function parseOrderNotification(
  xml: string,
  options: { numberFormat: 'E164'; validate?: boolean },
): Promise<Notification>;
export async function parseOrderNotification(
  xml: string,
  options: { numberFormat: 'LEGACY'; validate?: boolean },
): Promise<NotificationLegacy>;
export async function parseOrderNotification(
  xml: string,
  options: ParseOrderNotificationOptions = {},
): Promise<Notification | NotificationLegacy> {
  const name = options.numberFormat === 'LEGACY' ? 'NotificationLegacy' : 'Notification';
  if (typeof xml !== 'string')
    throw new TypeError('parseOrderNotification expects the request body as text.');
  if (options.validate !== false) {
    if (options.numberFormat === undefined)
      await assertValidAgainstAny(
        [xmlDocuments.Notification, xmlDocuments.NotificationLegacy],
        xml,
        'order notification',
      );
    else await validateDocument(name, xml, 'order notification');
  }
  return fromXml(name, xml);
}
