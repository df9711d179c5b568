export { bodyBytes, createHar, type Exchange, harDocument, harEntry, type PlainExchange } from './entry.js';
// The browser-safe part (types and encodings), also importable alone as `@svc-contracts/har/exchange`.
export * from './exchange.js';
export { HarWriter, type HarWriterOptions } from './file-writer.js';
