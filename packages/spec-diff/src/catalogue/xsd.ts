import type { CheckSpec, SchemaCheckSpec } from './types.js';

/** XSD checks whose level does not depend on who writes the document. */
export const xsdChecks = {
  'xsd-documentation-changed': {
    level: 'not-breaking',
    bump: 'patch',
    direction: 'both',
    reads: 'xs:annotation/xs:documentation',
    doc: 'Documentation only.',
  },
  'xsd-element-removed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:element',
    doc: 'An element (global or child) is gone.',
  },
  'xsd-type-removed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:complexType, xs:simpleType (named)',
    doc: 'A named type is gone.',
  },
  'xsd-attribute-removed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:attribute',
    doc: 'An attribute is gone.',
  },
  'xsd-element-type-changed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:element/@type',
    doc: 'An element’s type changed.',
  },
  'xsd-base-type-changed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:restriction/@base',
    doc: 'A simple type’s base type changed.',
  },
  'xsd-enumeration-removed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:enumeration',
    doc: 'An enumeration value is gone.',
    policy: 'Kept major on both sides as before (XSD documents are validated whole, by both parties).',
  },
  'xsd-pattern-changed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:pattern',
    doc: 'A pattern changed.',
  },
  'xsd-length-changed': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:length',
    doc: 'A fixed length changed.',
  },
  'xsd-element-max-lowered': {
    level: 'breaking',
    direction: 'both',
    reads: 'xs:element/@maxOccurs',
    doc: 'An element may occur fewer times.',
  },
  'xsd-root-element-added': {
    level: 'not-breaking',
    direction: 'both',
    reads: 'xs:element (global)',
    doc: 'A new global element.',
  },
  'xsd-type-added': {
    level: 'not-breaking',
    direction: 'both',
    reads: 'xs:complexType, xs:simpleType (named)',
    doc: 'A new named type.',
  },
  'xsd-optional-element-added': {
    level: 'not-breaking',
    direction: 'both',
    reads: 'xs:element (minOccurs 0, or in a choice or optional group)',
    doc: 'A new optional child element.',
  },
  'xsd-attribute-added': {
    level: 'not-breaking',
    direction: 'both',
    reads: 'xs:attribute',
    doc: 'A new optional attribute (or any new attribute of a document the client reads).',
  },
  'xsd-request-required-attribute-added': {
    level: 'breaking',
    direction: 'request',
    reads: 'xs:attribute/@use',
    doc: 'A new required attribute in a document the client writes.',
  },
} as const satisfies Record<string, CheckSpec>;

/** XSD checks emitted as `xsd-request-<id>` or `xsd-response-<id>` by the schema's role. */
export const xsdRoleChecks = {
  'enumeration-added': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'xs:enumeration',
    doc: 'A new enumeration value: clients reading it meet an unknown value.',
  },
  'facet-tightened': {
    request: 'breaking',
    response: 'not-breaking',
    reads:
      'xs:maxLength, xs:maxInclusive, xs:maxExclusive, xs:totalDigits, xs:fractionDigits, the min* mirrors',
    doc: 'A facet was added or tightened.',
  },
  'facet-loosened': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'the bound facets',
    doc: 'A facet was removed or loosened.',
  },
  'required-element-added': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'xs:element/@minOccurs',
    doc: 'A new required child element.',
  },
  'attribute-became-required': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'xs:attribute/@use',
    doc: 'An attribute became required.',
  },
  'element-became-required': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'xs:element/@minOccurs',
    doc: 'An element became required (minOccurs 0 → 1).',
  },
  'element-became-optional': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'xs:element/@minOccurs',
    doc: 'An element became optional: clients reading it may find it absent.',
  },
  'element-min-raised': {
    request: 'breaking',
    response: 'not-breaking',
    reads: 'xs:element/@minOccurs',
    doc: 'An element must occur more times.',
  },
  'element-max-raised': {
    request: 'not-breaking',
    response: 'breaking',
    reads: 'xs:element/@maxOccurs',
    doc: 'An element may occur more times.',
  },
} as const satisfies Record<string, SchemaCheckSpec>;
