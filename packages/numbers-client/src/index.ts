export {
  ApiError,
  type BasicCredentials,
  type CallOptions,
  ConfigurationError,
  InvalidRequestError,
  NetworkError,
  RedirectError,
  ResponseBodyError,
  SdkError,
  TimeoutError,
  type TransportEvent,
} from '@svc-contracts/client-runtime';
export { fromXml, toXml, validateDocument } from './documents.js';
export type { components, operations, paths } from './generated/schema.js';
export type * from './generated/xml-documents.js';
export { xmlDocuments } from './generated/xml-documents.js';
export { type ParseOrderNotificationOptions, parseOrderNotification } from './notification.js';
export { NumbersClient, type NumbersClientOptions, type OpenXmlResult } from './numbers-client.js';
export { NumbersApiError } from './numbers-error.js';
export type { XmlDocumentDescriptor } from './xml/descriptor.js';
export { XmlDocumentError } from './xml/errors.js';
export { closeXmlValidators } from './xml/validate.js';
