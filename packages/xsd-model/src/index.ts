export { XSD_BUILTINS, XSD_NAMESPACE } from './builtins.js';
export { XsdModelError } from './errors.js';
export { type LoadXsdOptions, loadXsd } from './load-xsd.js';
export type {
  AttributeDecl,
  ComplexType,
  Compositor,
  CompositorKind,
  Documented,
  ElementDecl,
  Facets,
  MaxOccurs,
  Particle,
  SimpleType,
  TypeRef,
  XsdDocument,
  XsdSchema,
} from './model.js';
export { parseXsd } from './parse-xsd.js';
export { type EffectiveSimpleType, effectiveSimpleType } from './simple-type.js';
export { acceptUnlistedElements, unlistedElementsBlanker } from './unlisted-elements.js';
