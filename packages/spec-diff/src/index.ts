export { type Change, describeChange, type Level, levelRank, requiredBump } from './change.js';
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
export { type DiffXsdOptions, diffXsd, type XsdRole } from './xsd.js';
