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
  contentTypeMembers,
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
  responseKeyOf,
} from './operations.js';
export {
  decodePointerSegment,
  escapePointer,
  pointerOf,
  resolvePointer,
  unescapePointer,
} from './pointer.js';
export { schemaShape, schemaTypes } from './schema.js';
