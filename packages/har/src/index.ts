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
export { bodyBytes, createHar, type Exchange, harDocument, harEntry, type PlainExchange } from './entry.js';
export { HarWriter, type HarWriterOptions } from './file-writer.js';
export type {
  Har,
  HarBodyOmitted,
  HarContent,
  HarCookie,
  HarCreator,
  HarEntry,
  HarLog,
  HarNameValue,
  HarPostData,
  HarRequest,
  HarResponse,
  HarTimings,
} from './types.js';
