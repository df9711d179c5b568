export {
  ApiError,
  type CallOptions,
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  RedirectError,
  ResponseBodyError,
  type RetryOptions,
  SdkError,
  TimeoutError,
  type TransportEvent,
} from '@svc-contracts/client-runtime';
export { AgentsClient, type AgentsClientOptions } from './client.js';
export type { AgentsCredentials, BearerTokenProvider } from './credentials.js';
export { AgentsApiError, type AgentsErrorResponses } from './errors.js';
export { contract } from './generated/operations.js';
export type { components, operations, paths } from './generated/schema.js';
export { runFilter, serializeRunFilters } from './run-filters.js';
export type { ListRunsParams } from './run-query.js';
export type {
  Agent,
  AgentStatus,
  AgentSummary,
  Campaign,
  CampaignProgress,
  HTTPValidationError,
  KnownRunFilter,
  RunFilter,
  RunsPage,
  RunWithUsage,
  ValidationErrorItem,
} from './types.js';
