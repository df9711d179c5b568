export type { MockResponse } from '@svc-contracts/error-answers';
export { failureStatus, type Violation, validationStatus } from '@svc-contracts/error-answers';
export { type CliOptions, parseCliArgs, UsageError, usage } from './args.js';
export { CampaignScenario, type Scenario, type ScenarioOutcome } from './campaign-scenario.js';
export { type CliEnvironment, runCli } from './cli-main.js';
export { defaultJsonLimits, type JsonLimits } from './json-budget.js';
export { MockService, type MockServiceOptions } from './mock-service.js';
export {
  type MockSet,
  type RequestLogEntry,
  type RunningMock,
  type StartOptions,
  startMocks,
} from './mock-set.js';
export { assignPorts, defaultPorts, portEnvName } from './ports.js';
export { prismDocument } from './prism-document.js';
export type { ReloadResult } from './reload.js';
export type { MockRequest } from './request.js';
export {
  type BundledService,
  bundleService,
  findConfig,
  listServices,
  type ServiceSource,
  SpecError,
} from './services.js';
export { loadWebhooks, type WebhookDefinition, type WebhookExample } from './webhooks/catalog.js';
export type { WebhookDeliveryOptions } from './webhooks/order-notifier.js';
export { runTrigger, type TriggerOutput, triggerUsage } from './webhooks/trigger.js';
