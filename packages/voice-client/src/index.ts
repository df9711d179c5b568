export {
  ApiError,
  type BasicCredentials,
  type CallOptions,
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  RedirectError,
  ResponseBodyError,
  SdkError,
  TimeoutError,
  type TransportEvent,
} from '@svc-contracts/client-runtime';
export type { components, operations, paths } from './generated/schema.js';
export {
  type CreateCallRequest,
  type CreateCallResult,
  type ModifyCallRequest,
  type ModifyCallResult,
  VoiceApiError,
  VoiceClient,
  type VoiceClientOptions,
  type VoiceError,
  type VoiceErrorResponses,
} from './voice-client.js';
