/** The browser-safe part of the package, `@svc-contracts/har/exchange`: the one HTTP exchange
 * (`ExchangeRequest`, `ExchangeResponse`), the HAR types (`HarNameValue` is the one name/value shape of a
 * header, query parameter or form field every tool uses) and the byte encodings. */
export {
  binaryToBytes,
  bytesToBase64,
  bytesToBinary,
  fromBase64,
  isBase64,
  toBase64,
  utf8Bytes,
  utf8Text,
} from './encoding.js';
export { type BodyOmission, type ExchangeRequest, type ExchangeResponse, headerValue } from './message.js';
export type * from './types.js';
