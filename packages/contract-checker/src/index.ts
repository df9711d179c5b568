/** The contract checker's public API: load the contracts (`loadContracts`, whose set checks one exchange with
 * `checkExchange`), check recordings (`checkHarFiles`), format and merge reports, the rule
 * and scope catalogues, and the types they speak. */

export { collectRecordingFiles as collectHarFiles } from '@svc-contracts/har';
export type { ContractSet, LoadContractsOptions } from './contract/contract-set.js';
export { loadContracts, responseKeyFor } from './contract/contract-set.js';
export type { SchemaIssue, SchemaValidator } from './contract/schema-validator.js';
export { createSchemaValidator } from './contract/schema-validator.js';
export type { EntryReport } from './core/entry-report.js';
export type { CheckLimits, JsonCost, JsonScanLimits } from './core/limits.js';
export { batchLimits, JsonScanner } from './core/limits.js';
export type { FailOn } from './core/run-counts.js';
export { scopeCatalogue } from './core/scope.js';
export type {
  EntryVerdict,
  OperationMatch,
  RecordedRequest,
  RecordedResponse,
  RuleCode,
  Violation,
} from './core/types.js';
export { ruleCatalogue } from './core/types.js';
export { inputDigest, parseHar, readHar } from './input/har.js';
export { scoreMutants } from './mutation/mutation.js';
export type { Report, ReportWriter } from './report/report.js';
export {
  formatReport,
  type OutputFormat,
  outputFormats,
  type ReporterOptions,
  reportWriter,
} from './report/reporters.js';
export type { CheckHarOptions } from './run/check-recordings.js';
export { checkHarFiles, checkRecordings } from './run/check-recordings.js';
export { entryPipeline, parseHostMappings, type RunScope } from './run/entry-pipeline.js';
export { mergeReports } from './run/merge.js';
