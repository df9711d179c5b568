import { headerValue, printable } from '@svc-contracts/har';
import { resolvePointer } from '@svc-contracts/openapi-utils';
import {
  collectSecrets,
  isCredentialQueryName,
  isSensitiveName,
  maskBody,
  maskFieldText,
  maskShape,
} from '@svc-contracts/redact';
import type { RecordedRequest, RecordedResponse, Violation } from '../core/types.js';

/** A violation's message as every reporter shows it: where its place is a credential or a field named like a
 * secret (`Authorization`, `api_key`, `password`), the values it quotes are masked (the name stays). */
export function maskedMessage(violation: Pick<Violation, 'message' | 'pointer'>): string {
  if (!violation.pointer) return violation.message;
  // The field the place names: a header or query name, else a cookie name or a body pointer's last step.
  const named = /^(header|query):([^/]+)/.exec(violation.pointer);
  const steps = violation.pointer.replace(/^(?:cookie|path):/, '').split('/');
  const name = named?.[2] ?? steps.findLast((step) => step !== '' && !/^\d+$/.test(step)) ?? '';
  const query = named?.[1] === 'query' && isCredentialQueryName(name);
  if (name === '' || !(isSensitiveName(name) || query)) return violation.message;
  // The checks quote recorded values in single quotes; backticks and double quotes are the contract's own text.
  return violation.message.replace(/'([^']*)'/g, (quoted, value: string) =>
    value === '' || value.toLowerCase() === name.toLowerCase() ? quoted : `'${maskFieldText(name, value)}'`,
  );
}

/** Telephone numbers (E.164, `(415) 555-0100`, ten or eleven digits) and e-mail addresses. */
const personal =
  /\+\d{7,15}\b|\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]\d{4}\b|\b\d{10,11}\b|[^\s"'<>@,;:]+@[^\s"'<>@,;:]+\.[a-z]{2,}/gi;

/** The value a violation's body pointer names (JSON), else the whole text. */
function valueAt(text: string, pointer: string | undefined): string {
  if (!pointer?.startsWith('/') || pointer === '/') return text;
  try {
    const value = resolvePointer(JSON.parse(text), pointer);
    return value === undefined ? text : JSON.stringify(value);
  } catch {
    return text;
  }
}

/** What the first violation is about: the value at its place in the body (else the body), secrets masked as the
 * recorder masks them (the request's credentials wherever they reappear), personal values as their shape. */
export function payloadOf(
  exchange: { request: RecordedRequest; response: RecordedResponse },
  violations: Violation[],
): { payload?: string } {
  const first = violations[0];
  const message = first && exchange[first.side];
  if (!first || !message?.body) return {};
  const masked = collectSecrets(exchange.request).mask(
    maskBody(message.body, headerValue(message.headers, 'content-type')),
  );
  const start = valueAt(masked, first.pointer).slice(0, 1000); // shapes keep lengths: 200 are shown
  return { payload: printable(start.replace(personal, maskShape), 200) };
}
