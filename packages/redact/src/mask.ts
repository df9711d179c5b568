import { toBase64 } from '@svc-contracts/har/exchange';

/** The mask itself. Browser-safe on purpose (the clients run in browsers). */

/** What every masked value becomes (or is built from). Recordings already hold it: do not change it. */
export const MASK = 'REDACTED';

/** Base64 of `REDACTED:REDACTED`: still well-formed Basic credentials. */
export const MASKED_BASIC_CREDENTIALS = toBase64(`${MASK}:${MASK}`);

/** `Basic ` + base64 of `REDACTED:REDACTED`. */
export const MASKED_BASIC = `Basic ${MASKED_BASIC_CREDENTIALS}`;

/** Keeps the shape of a token (dots, colons, dashes and spaces between runs of characters) and nothing of its
 * content: a JSON Web Token stays three dot-separated parts, so a masked recording still passes a JWT check. */
export function maskToken(value: string): string {
  return value.replace(/[^.:\-\s]+/g, MASK);
}

/** A personal value (a telephone number, an e-mail address) as its shape only: digits become `9`, letters `a`
 * or `A`, the rest is kept, so `+14155550100` shows as `+99999999999`. */
export function maskShape(value: string): string {
  return value
    .replace(/\d/g, '9')
    .replace(/\p{Lu}/gu, 'A')
    .replace(/\p{Ll}/gu, 'a');
}
