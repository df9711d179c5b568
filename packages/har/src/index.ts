export { type AttachmentRead, readAttachment } from './attachment.js';
export { bodyBytes, createHar, type Exchange, harDocument, harEntry, type PlainExchange } from './entry.js';
export {
  attachmentFileName,
  exporterFailureText,
  exporterOmitsBodies,
  postDataText,
  readHeaders,
  recorderOmission,
  responseText,
  statedSize,
  urlWithQuery,
} from './entry-fields.js';
export { elementText, HarEntryScanner, JsonStructureError, type ScannedElement } from './entry-scanner.js';
// The browser-safe part (types and encodings), also importable alone as `@svc-contracts/har/exchange`.
export * from './exchange.js';
export { HarWriter, type HarWriterOptions } from './file-writer.js';
export { HarFormatError } from './format-error.js';
export {
  describeJsonSyntaxError,
  type JsonSyntaxProblem,
  lineAndColumn,
  locateJsonSyntaxError,
  printable,
} from './input-text.js';
export {
  type BodyNotKept,
  type EntrySkip,
  type EntrySkipReason,
  type RecordedExchange,
  readEntry,
} from './read-entry.js';
export {
  collectRecordingFiles,
  type EachEntry,
  formatOf,
  parseEntryJson,
  type RecordingFormat,
  type RecordingPathProblem,
  RecordingSplitter,
  readRecordingChunks,
} from './recording-reader.js';
export {
  isZipRecording,
  readZipRecording,
  type ZipLimits,
  type ZipRecording,
  zipLimits,
} from './zip-recording.js';
