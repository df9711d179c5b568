export {
  ApiError,
  type CallOptions,
  ConfigurationError,
  NetworkError,
  RedirectError,
  ResponseBodyError,
  SdkError,
  TimeoutError,
  type TransportEvent,
} from '@svc-contracts/client-runtime';
export { ServerOnlyError, TokenApiError, type TokenErrorResponses } from './errors.js';
export type { components, operations, paths } from './generated/schema.js';
export {
  type AccessTokenResponse,
  type ClientCredentials,
  TokenClient,
  type TokenClientOptions,
} from './token-client.js';
export {
  AccessTokenProvider,
  type AccessTokenProviderOptions,
  type CachedAccessToken,
} from './token-provider.js';
