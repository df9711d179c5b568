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
  type GroupMessage,
  type GroupMessageRequest,
  MessagingApiError,
  MessagingClient,
  type MessagingClientOptions,
  type MessagingErrorResponses,
} from './messaging-client.js';
