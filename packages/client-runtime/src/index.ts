export {
  type ApplyAuthContext,
  type Authenticator,
  type BasicCredentials,
  basicAuth,
  bearerAuth,
  headerAuth,
  type TokenProvider,
} from './auth.js';
export { type BackoffOptions, backoffDelay } from './backoff.js';
export { CallRequest } from './call-request.js';

export {
  type ClientOptions,
  callInit,
  checkBaseUrl,
  createRawClient,
  type RawClientSetup,
  type RawResult,
  unwrap,
} from './client.js';
export { type BodyForStatus, type ErrorResponses, TypedApiError } from './error-types.js';
export {
  ApiError,
  type ApiErrorInit,
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  RedirectError,
  ResponseBodyError,
  type ResponseBodyErrorInit,
  type ResponseBodyProblem,
  SdkError,
  TimeoutError,
} from './errors.js';
export {
  acceptsCredentials,
  checksMiddleware,
  credentialCheck,
  credentialGuard,
  isBrowserLike,
  parameterRequirementsCheck,
  parameterRequirementsGuard,
  type RequestCheck,
  type RequestParams,
} from './guards.js';
export {
  findOperation,
  type OperationInfo,
  type ParameterRequirement,
  type SecuritySchemeInfo,
  type ServiceContract,
} from './operations.js';
export { isCredentialHeader, REDACTED, redactHeaders, redactText, redactUrl, redactValue } from './redact.js';
export { parseRetryAfter } from './retry-after.js';
export { DEFAULT_RETRY, REPEATABLE_METHODS, type RetryOptions } from './retry-options.js';
export {
  errorInit,
  type FailedResponse,
  type MethodCallInit,
  type MethodClient,
  ServiceClient,
} from './service-client.js';
export { sleep } from './sleep.js';
export {
  type CallOptions,
  type CallScope,
  type CrossOriginRedirectPolicy,
  DEFAULT_MAX_RESPONSE_BYTES,
  type FetchLike,
  type OutgoingRequest,
  Transport,
  type TransportEvent,
  type TransportOptions,
} from './transport.js';
