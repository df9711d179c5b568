import { isBase64 } from '@svc-contracts/har';
import { decodeBasic } from '@svc-contracts/redact';

/**
 * `Basic <base64 of user:password>`, strictly: canonical base64, a colon, a non-empty user id. Decoded by
 * `@svc-contracts/redact`'s `decodeBasic`; bytes that are not UTF-8 still make a user id.
 */
export function basicProblem(credentials: string): string | undefined {
  if (!isBase64(credentials)) return 'the Basic credentials are not base64';
  const decoded = decodeBasic(credentials, { replaceInvalidUtf8: true });
  if (decoded === undefined) return 'the Basic credentials do not decode to user-id:password';
  if (decoded.user === '') return 'the Basic credentials have an empty user id';
  return undefined;
}
