export { bodyBytes, createHar, type Exchange, harDocument, harEntry, type PlainExchange } from './entry.js';
export { HarWriter, type HarWriterOptions } from './file-writer.js';
export { maskEntry } from './mask-entry.js';
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
