/** The HAR writer is @svc-contracts/har's; re-exported for tests and tools that already import it from here. */
export { createHar } from '@svc-contracts/har';
export { findMediaType, parseMediaType } from '@svc-contracts/openapi-utils';
export { MASK, maskHeaders, maskUrl } from '@svc-contracts/redact';
export { type CliOutput, runCli } from './cli/cli-main.js';
export type { SchemaIssue, SchemaValidator } from './contract/schema-validator.js';
export { createSchemaValidator } from './contract/schema-validator.js';
export type { LoadedSpec, ServiceSource } from './contract/spec-loader.js';
export { bundleSpecs, findConfigPath, servicesFromConfig } from './contract/spec-loader.js';
export type { XmlLimits } from './contract/xsd-cache.js';
export type {
  BodyShape,
  ContractSet,
  CredentialNames,
  DocumentedOperation,
  ExchangeShapes,
  LoadContractsOptions,
} from './contract-set.js';
export { loadContracts, responseKeyFor } from './contract-set.js';
export {
  applyEchoes,
  type EchoMismatch,
  type EchoRule,
  echoMismatches,
  echoRules,
} from './extensions/echoes.js';
export {
  applyFilters,
  type FilterMismatch,
  filterMismatches,
  filterQuery,
  filterRules,
  type QueryValues,
} from './extensions/filters.js';
export { isoInstant } from './extensions/iso-instant.js';
export { fitAnswer } from './fitted-answer.js';
export type { HarFile, InputError, RecordedExchange } from './input/har.js';
export { collectHarFiles, HarFormatError, parseHar, readHar } from './input/har.js';
export type { MutationKind, ValueMutation } from './mutation/json-mutations.js';
export { jsonMutations } from './mutation/json-mutations.js';
export type { Mutant, MutationReport, ServiceMutationScore } from './mutation/mutation.js';
export { generateMutants, scoreMutants } from './mutation/mutation.js';
export type { XsdFacts } from './mutation/xml-mutations.js';
export { readXsdFacts, xmlMutations } from './mutation/xml-mutations.js';
export type { CoverageReport, OperationCoverage } from './report/coverage.js';
export { computeCoverage } from './report/coverage.js';
export type { EntryReport, RunVerdict } from './report/entry-report.js';
export { formatJson, formatText } from './report/format.js';
export type { Report, RunSummary } from './report/report.js';
export { serverBasePath } from './router/operation-index.js';
export type { CheckHarOptions } from './run/check-recordings.js';
export { checkHarFiles } from './run/check-recordings.js';
export type { RunScope } from './run/entry-pipeline.js';
export {
  batchLimits,
  type CheckLimits,
  type JsonCost,
  type JsonScanLimits,
  JsonScanner,
  jsonCost,
  limitOptions,
} from './run/limits.js';
export type { FailOn, RunCounts } from './run/run-counts.js';
export type { NotJudged, NotJudgedReason, ScopeReason, Skip, SkipReason } from './run/scope.js';
export { CheckLimitError, scopeCatalogue } from './run/scope.js';
export type {
  CheckOptions,
  EntryVerdict,
  HeaderField,
  OperationMatch,
  RecordedRequest,
  RecordedResponse,
  RuleCode,
  Side,
  Verdict,
  Violation,
  ViolationReason,
} from './types.js';
export { ruleCatalogue } from './types.js';
