import type { XsdRoleCheck } from '../../src/catalogue/index.js';
import type { Row } from './table.js';

interface Parts {
  content?: string;
  attributes?: string;
  facets?: string;
  base?: string;
  extra?: string;
  documentation?: string;
}

/** An Order schema: complex type `T` (the given content and attributes), simple type `Code` (the facets). */
function xsd(parts: Parts = {}): string {
  const {
    content = `<xs:sequence>${site}</xs:sequence>`,
    attributes = '',
    facets = '',
    base = 'xs:string',
    extra = '',
    documentation = 'Order (request of POST /orders).',
  } = parts;
  return `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:annotation><xs:documentation>${documentation}</xs:documentation></xs:annotation>
  <xs:element name="Order" type="T"/>
  <xs:complexType name="T">${content}${attributes}</xs:complexType>
  <xs:simpleType name="Code"><xs:restriction base="${base}">${facets}</xs:restriction></xs:simpleType>${extra}
</xs:schema>`;
}
const site = '<xs:element name="SiteId" type="xs:string"/>';
const seq = (...elements: string[]) => `<xs:sequence>${elements.join('')}</xs:sequence>`;
const element = (attrs: string) => `<xs:element name="SiteId" type="xs:string" ${attrs}/>`;
const attribute = (use: string) => `<xs:attribute name="id" type="xs:string" use="${use}"/>`;
const facet = (name: string, value: string | number) => `<xs:${name} value="${value}"/>`;

const fixed = (name: string, before: Parts, after: Parts, want: string[]): Row => ({
  name,
  given: { xsd: [xsd(before), xsd(after)], role: 'request' },
  want,
});

/** A role-dependent check: the same pair, judged as a request document and as a response document. */
const byRole = (
  name: string,
  before: Parts,
  after: Parts,
  check: XsdRoleCheck,
  response: string[] = [`xsd-response-${check}`],
): Row[] => [
  {
    name: `${name} (request)`,
    given: { xsd: [xsd(before), xsd(after)], role: 'request' },
    want: [`xsd-request-${check}`],
  },
  { name: `${name} (response)`, given: { xsd: [xsd(before), xsd(after)], role: 'response' }, want: response },
];

export const xsdRows: Row[] = [
  fixed('documentation changed', {}, { documentation: 'Order (request of POST /orders). More.' }, [
    'xsd-documentation-changed',
  ]),
  fixed('child element removed', {}, { content: seq() }, ['xsd-element-removed']),
  fixed(
    'named type removed',
    { extra: '<xs:simpleType name="X"><xs:restriction base="xs:string"/></xs:simpleType>' },
    {},
    ['xsd-type-removed'],
  ),
  fixed(
    'named type added',
    {},
    { extra: '<xs:simpleType name="X"><xs:restriction base="xs:string"/></xs:simpleType>' },
    ['xsd-type-added'],
  ),
  fixed('global element added', {}, { extra: '<xs:element name="Other" type="xs:string"/>' }, [
    'xsd-root-element-added',
  ]),
  fixed('attribute removed', { attributes: attribute('optional') }, {}, ['xsd-attribute-removed']),
  fixed('optional attribute added', {}, { attributes: attribute('optional') }, ['xsd-attribute-added']),
  fixed('required attribute added to a request document', {}, { attributes: attribute('required') }, [
    'xsd-request-required-attribute-added',
  ]),
  fixed('element type changed', {}, { content: seq('<xs:element name="SiteId" type="xs:int"/>') }, [
    'xsd-element-type-changed',
  ]),
  fixed('base type changed', {}, { base: 'xs:token' }, ['xsd-base-type-changed']),
  fixed(
    'enumeration value removed',
    { facets: facet('enumeration', 'a') + facet('enumeration', 'b') },
    { facets: facet('enumeration', 'a') },
    ['xsd-enumeration-removed'],
  ),
  fixed('pattern changed', { facets: facet('pattern', '[0-9]+') }, { facets: facet('pattern', '[0-9]{3}') }, [
    'xsd-pattern-changed',
  ]),
  fixed('length changed', { facets: facet('length', 4) }, { facets: facet('length', 5) }, [
    'xsd-length-changed',
  ]),
  fixed('maxOccurs lowered', { content: seq(element('maxOccurs="unbounded"')) }, {}, [
    'xsd-element-max-lowered',
  ]),
  fixed(
    'optional element added',
    {},
    { content: seq(site, '<xs:element name="Note" type="xs:string" minOccurs="0"/>') },
    ['xsd-optional-element-added'],
  ),
  ...byRole(
    'enumeration value added',
    { facets: facet('enumeration', 'a') },
    { facets: facet('enumeration', 'a') + facet('enumeration', 'b') },
    'enumeration-added',
  ),
  ...byRole(
    'maxLength lowered',
    { facets: facet('maxLength', 9) },
    { facets: facet('maxLength', 5) },
    'facet-tightened',
  ),
  ...byRole(
    'minInclusive lowered',
    { facets: facet('minInclusive', 3) },
    { facets: facet('minInclusive', 1) },
    'facet-loosened',
  ),
  ...byRole(
    'required element added',
    {},
    { content: seq(site, '<xs:element name="Note" type="xs:string"/>') },
    'required-element-added',
  ),
  ...byRole(
    'attribute became required',
    { attributes: attribute('optional') },
    { attributes: attribute('required') },
    'attribute-became-required',
  ),
  ...byRole(
    'element became required',
    { content: seq(element('minOccurs="0"')) },
    {},
    'element-became-required',
  ),
  ...byRole(
    'element became optional',
    {},
    { content: seq(element('minOccurs="0"')) },
    'element-became-optional',
  ),
  ...byRole(
    'minOccurs raised',
    { content: seq(element('maxOccurs="3"')) },
    { content: seq(element('minOccurs="2" maxOccurs="3"')) },
    'element-min-raised',
  ),
  ...byRole('maxOccurs raised', {}, { content: seq(element('maxOccurs="unbounded"')) }, 'element-max-raised'),
];
