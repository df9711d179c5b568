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
  MfaApiError,
  MfaClient,
  type MfaClientOptions,
  type MfaErrorResponses,
  type SendCodeRequest,
  type SendCodeResult,
  type VerifyCodeRequest,
  type VerifyCodeResult,
} from './mfa-client.js';
