export { isBodyOpen, readBodyOpen } from './body-open.js';
export { readBoundNotShown } from './bound-not-shown.js';
export { isCredential, readCredential } from './credential.js';
export { ECHOES_SHAPE, type Echo, readEchoes } from './echoes.js';
export { type ErrorSchemaEntry, errorSchemaFor, readErrorSchemas } from './error-schemas.js';
export {
  FILTER_MATCHES,
  FILTERS_SHAPE,
  type FilterCondition,
  type FilterMatch,
  type FilterProblem,
  type FilterRules,
  readFilters,
  readResponseFilters,
} from './filters.js';
export { JWT_CLAIMS_SHAPE, type JwtClaim, readJwtClaims } from './jwt-claims.js';
export { isMethodOpen, readMethodOpen } from './method-open.js';
export {
  EXTENSION,
  type ExtensionName,
  type ExtensionProblem,
  KNOWN_EXTENSIONS,
  type Read,
  rawOf as extensionAsWritten,
} from './names.js';
export { readPathAliases } from './path-aliases.js';
export {
  REFUSALS_SHAPE,
  type Refusal,
  type RefusalProblem,
  readOperationRefusals,
  readRefusals,
  refusalFor,
  xmlElementNames,
  xmlElementText,
} from './refusals.js';
export { readRequires } from './requires.js';
export { type RoleRequirement, readRoles } from './roles.js';
export { isSecurityExclusive, readSecurityExclusive } from './security-exclusive.js';
export { isServerSideOnly, readServerSideOnly } from './server-side-only.js';
export { readSource, SOURCE_MISSING } from './source.js';
export { readUnmatchedRequests, type UnmatchedRequests } from './unmatched-requests.js';
export { readUnsupportedCredentials, type UnsupportedCredential } from './unsupported-credentials.js';
export { readValidationStatus } from './validation-status.js';
export { readValueSchema } from './value-schema.js';
export { readVersionPrefix, startsWithPrefix, VERSION_PREFIX_MISSING } from './version-prefix.js';
export { readXsd, XSD_PATH_FIELDS, type XsdReference, xsdReferencesIn } from './xsd.js';
