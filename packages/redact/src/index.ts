export { maskBody, maskBodyWith } from './body.js';
export { isAuthorizationField, maskFieldText, type OnSecret } from './fields.js';
export { decodeBasic, type Header, maskAuthorization, maskHeaders, maskHeaderValue } from './headers.js';
export { maskJsonText } from './json.js';
export {
  bytesToBase64,
  fromBase64,
  isBase64,
  MASK,
  MASKED_BASIC,
  MASKED_BASIC_CREDENTIALS,
  maskToken,
  toBase64,
  utf8Bytes,
  utf8Text,
} from './mask.js';
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
