// The HAR writer and the masks are those of @svc-contracts/har and @svc-contracts/redact, re-exported so
// that code writing recordings "as contract-record would" (contract-tests/lib/build.ts) has one import.
export {
  type Exchange,
  type HarBodyOmitted,
  type HarCreator,
  type HarNameValue,
  HarWriter,
  type HarWriterOptions,
  harDocument,
  harEntry,
} from '@svc-contracts/har';
export {
  MASK,
  MASKED_BASIC,
  type MaskOptions,
  maskBody,
  maskEntry,
  maskHeaders,
  maskToken,
  maskUrl,
} from '@svc-contracts/redact';
export { type LiveCheck, type LiveCheckOptions, startLiveCheck } from './check.js';
export {
  type CliIo,
  PROXY_URL_ENV,
  runCli,
  type Session,
  STOP_GRACE_MS,
  startCli,
  usage,
} from './cli-main.js';
export {
  type CloseSummary,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  MAX_BODY_BYTES_LIMIT,
  type RecordedSummary,
  type Recorder,
  type RecorderOptions,
  startRecorder,
  upstreamUrl,
} from './proxy.js';
