export {
  type Check,
  type CheckId,
  catalogue,
  catalogueTable,
  checkOf,
  families,
  type Severity,
  type Side,
} from './catalogue/index.js';
export {
  type Change,
  type Direction,
  describeChange,
  describeChangeFully,
  type Level,
  levelRank,
  requiredBump,
} from './change.js';
export {
  type Bump,
  type Changeset,
  type ChangesetFailure,
  type CheckChangesetsInput,
  checkChangesets,
  parseChangeset,
  requestedBump,
} from './changesets.js';
export { diffSpecs, type OpenApiDocument } from './openapi/index.js';
export { formatWidenings, patternWidens } from './openapi/schemas.js';
export { maxSchemaDepth, SpecDiffLimitError } from './openapi/walk.js';
export { type DiffXsdOptions, diffXsd, type XsdRole } from './xsd.js';
