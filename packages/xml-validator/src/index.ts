export { validateAgainstAny } from './alternatives.js';
export { assertNoDoctype, findForbiddenDeclaration } from './doctype-guard.js';
export { XmlDoctypeForbiddenError, XmlWellFormednessError, XsdLoadError } from './errors.js';
export {
  assertWellFormedXml,
  createXmlParser,
  type ParseXmlOptions,
  parseXml,
  XML_ATTRIBUTE_PREFIX,
  type XmlParse,
} from './parse-xml.js';
export type {
  ValidateOptions,
  XmlDocumentInput,
  XmlIssue,
  XmlIssueRule,
  XmlValidationResult,
  XsdValidator,
  XsdValidatorOptions,
} from './types.js';
export { findWellFormednessViolation, type WellFormednessViolation } from './well-formed.js';
export {
  decodeXmlReferences,
  escapeXmlText,
  findIllegalXmlCharacter,
  replaceIllegalXmlCharacters,
} from './xml-entities.js';
export { createXsdValidator, validateXml } from './xsd-validator.js';
