export {
  deref,
  derefWithPointer,
  type HttpMethod,
  httpMethods,
  isHttpMethod,
  type OpenApiDocument,
  ReferenceError,
  resolveStrict,
} from './document.js';
export { examplesOf, firstExample, type NamedExample } from './examples.js';
export { isObject, type JsonObject, jsonTypeOf } from './json.js';
export {
  findMediaType,
  isFormMediaType,
  isJsonMediaType,
  isTextualMediaType,
  isXmlMediaType,
  type MediaType,
  mediaTypeEssence,
  parseMediaType,
} from './media-type.js';
export {
  countOperations,
  describeOperation,
  type OperationEntry,
  type OperationSection,
  operationsOf,
  operationsOfPathItem,
} from './operations.js';
export {
  decodePointerSegment,
  escapePointer,
  pointerOf,
  resolvePointer,
  unescapePointer,
} from './pointer.js';
export { schemaShape, schemaTypes } from './schema.js';
export {
  FILTER_MATCHES,
  FILTERS_SHAPE,
  type FilterCondition,
  type FilterMatch,
  type FilterProblem,
  type FilterRules,
  readFilters,
} from './x-filters.js';
export {
  REFUSALS_SHAPE,
  type Refusal,
  type RefusalProblem,
  readRefusals,
  refusalFor,
  xmlElementNames,
  xmlElementText,
} from './x-refusals.js';
