/** The HAR writer is @svc-contracts/har's; re-exported for tests and tools that already import it from here. */
export { createHar } from '@svc-contracts/har';
export { findMediaType, parseMediaType } from '@svc-contracts/openapi-utils';
export { MASK, maskHeaders, maskUrl } from '@svc-contracts/redact';
export { type CliOutput, runCli } from './cli-main.js';
export type {
  BodyShape,
  ContractSet,
  CredentialNames,
  DocumentedOperation,
  ExchangeShapes,
  LoadContractsOptions,
} from './contract-set.js';
export { loadContracts, responseKeyFor } from './contract-set.js';
export type { CoverageReport, OperationCoverage } from './coverage.js';
export { computeCoverage } from './coverage.js';
export { applyEchoes, type EchoMismatch, type EchoRule, echoMismatches, echoRules } from './echoes.js';
export type { RunScope } from './entry-pipeline.js';
export {
  applyFilters,
  type FilterMismatch,
  filterMismatches,
  filterQuery,
  filterRules,
  type QueryValues,
} from './filters.js';
export { fitAnswer } from './fitted-answer.js';
export { formatJson, formatText } from './format.js';
export type { HarFile, InputError, RecordedExchange } from './har.js';
export { collectHarFiles, HarFormatError, parseHar, readHar } from './har.js';
export { isoInstant } from './iso-instant.js';
export type { MutationKind, ValueMutation } from './json-mutations.js';
export { jsonMutations } from './json-mutations.js';
export {
  batchLimits,
  type CheckLimits,
  type JsonCost,
  type JsonScanLimits,
  JsonScanner,
  jsonCost,
  limitOptions,
} from './limits.js';
export type { Mutant, MutationReport, ServiceMutationScore } from './mutation.js';
export { generateMutants, scoreMutants } from './mutation.js';
export { serverBasePath } from './operation-index.js';
export type { CheckHarOptions, EntryReport, Report, RunSummary, RunVerdict } from './report.js';
export { checkHarFiles } from './report.js';
export type { FailOn, RunCounts } from './run-counts.js';
export type { SchemaIssue, SchemaValidator } from './schema-validator.js';
export { createSchemaValidator } from './schema-validator.js';
export type { NotJudged, NotJudgedReason, ScopeReason, Skip, SkipReason } from './scope.js';
export { CheckLimitError, scopeCatalogue } from './scope.js';
export type { LoadedSpec, ServiceSource } from './spec-loader.js';
export { bundleSpecs, findConfigPath, servicesFromConfig } from './spec-loader.js';
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
export type { XsdFacts } from './xml-mutations.js';
export { readXsdFacts, xmlMutations } from './xml-mutations.js';
export type { XmlLimits } from './xsd-cache.js';
