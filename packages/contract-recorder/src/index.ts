export { type CliIo, runCli, startCli, usage } from './cli-main.js';
export { type Exchange, type HarCreator, harDocument, harEntry } from './har-entry.js';
export { HarWriter, type HarWriterOptions } from './har-writer.js';
export {
  type Header,
  MASK,
  MASKED_BASIC,
  type MaskOptions,
  maskBody,
  maskHeaders,
  maskToken,
  maskUrl,
} from './masking.js';
export {
  type RecordedSummary,
  type Recorder,
  type RecorderOptions,
  startRecorder,
  upstreamUrl,
} from './proxy.js';
