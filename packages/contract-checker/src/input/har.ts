import { formatOf } from '@svc-contracts/har';
import {
  type RecordedExchange,
  type RecordingItem,
  readRecording,
  recordingDecoder,
} from './recording-reader.js';

export { type InputError, inputDigest, type RecordedExchange } from './recording-reader.js';

/** Parses HAR 1.2 (or NDJSON) text. A document-level problem throws `HarFormatError`; a bad entry is listed. */
export function parseHar(text: string, file = 'recording.har') {
  const decoder = recordingDecoder(formatOf(file));
  return collect(file, [...decoder.push(text), ...decoder.end()]);
}

/** Reads a whole recording into memory; {@link readRecording} streams it instead. */
export async function readHar(path: string) {
  const items: RecordingItem[] = [];
  for await (const item of readRecording(path)) items.push(item);
  return collect(path, items);
}

/** The entries read, and those that could not be (the others are still checked). */
function collect(file: string, items: RecordingItem[]) {
  const exchanges: RecordedExchange[] = [];
  const entryErrors: Array<{ index: number; reason: string }> = [];
  for (const item of items) {
    if ('exchange' in item) exchanges.push(item.exchange);
    else entryErrors.push({ index: item.index, reason: 'error' in item ? item.error : item.unread.detail });
  }
  return { file, exchanges, entryErrors };
}
