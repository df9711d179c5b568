import type { components, operations } from './generated/schema.js';

type Schemas = components['schemas'];

export type Agent = Schemas['Agent'];
export type AgentSummary = Schemas['AgentSummary'];
export type AgentStatus = Schemas['AgentStatus'];
export type Campaign = Schemas['Campaign'];
export type CampaignProgress = Schemas['CampaignProgress'];
export type RunWithUsage = Schemas['RunWithUsage'];
export type RunsPage = Schemas['RunsPage'];
export type HTTPValidationError = Schemas['HTTPValidationError'];
export type ValidationErrorItem = Schemas['ValidationErrorItem'];

/** Any element of `filters`, the seven documented shapes and the ignored unknown ones. */
export type RunFilter = Schemas['RunFilter'];
/** The seven filter shapes the service documents; what the {@link runFilter} builder makes. */
export type KnownRunFilter =
  | Schemas['RunIdFilter']
  | Schemas['WorkflowIdFilter']
  | Schemas['CampaignIdFilter']
  | Schemas['CallerNumberFilter']
  | Schemas['CalledNumberFilter']
  | Schemas['DispositionCodeFilter']
  | Schemas['DurationFilter'];

export type AgentsOperations = operations;
