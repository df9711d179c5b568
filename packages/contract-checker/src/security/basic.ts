import { isBase64 } from '@svc-contracts/har';
import { decodeBasic } from '@svc-contracts/redact';

/** `Basic <base64 of user:password>`, strictly: canonical base64, a colon, a non-empty user id. */
export function basicProblem(credentials: string): string | undefined {
  const decoded = decodeBasic(credentials, { replaceInvalidUtf8: true });
  if (decoded === undefined) {
    // Not base64, or base64 of text without a colon (decodeBasic tells the first by isBase64 too).
    return isBase64(credentials)
      ? 'the Basic credentials do not decode to user-id:password'
      : 'the Basic credentials are not base64';
  }
  if (decoded.user === '') return 'the Basic credentials have an empty user id';
  return undefined;
}
