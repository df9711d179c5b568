export { maskBody, maskBodyWith } from './body.js';
export { isAuthorizationField, maskFieldText, type OnSecret } from './fields.js';
export { maskEntry } from './har-entry.js';
export { decodeBasic, maskAuthorization, maskHeaders, maskHeaderValue } from './headers.js';
export { maskJsonText } from './json.js';
export { MASK, MASKED_BASIC, MASKED_BASIC_CREDENTIALS, maskShape, maskToken } from './mask.js';
export { maskXmlMessage } from './message.js';
export {
  extraNames,
  isCredentialHeader,
  isCredentialQueryName,
  isSecretField,
  isSensitiveName,
  localName,
  type MaskOptions,
  normaliseName,
} from './names.js';
export { maskPairs, maskUrl, maskUrlWith } from './query.js';
export {
  collectSecrets,
  type MessageParts,
  MIN_SECRET_LENGTH,
  maskSecrets,
  SecretRegistry,
} from './secrets.js';
export { maskXmlText, xmlText } from './xml.js';
