import { describe, expect, it } from 'vitest';
import { diffXsd } from '../src/index.js';

/** An Order request schema whose complex type `T` has the given content and attributes. */
function xsd(content: string, attributes = '', facets = ''): string {
  return `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:annotation><xs:documentation>Order (request of POST /orders).</xs:documentation></xs:annotation>
  <xs:element name="Order" type="T"/>
  <xs:complexType name="T">${content}${attributes}</xs:complexType>
  <xs:simpleType name="Code"><xs:restriction base="xs:string">${facets}</xs:restriction></xs:simpleType>
</xs:schema>`;
}
const sequence = (...elements: string[]) => `<xs:sequence>${elements.join('')}</xs:sequence>`;
const site = '<xs:element name="SiteId" type="xs:string"/>';
const note = '<xs:element name="Note" type="xs:string"/>';
const kinds = (changes: Array<{ id: string; level: string }>) => changes.map((c) => [c.id, c.level]);

describe('diffXsd on the XSD model', () => {
  it('an element added inside a choice or an optional group is optional', () => {
    const choice = `<xs:choice>${site}${note}</xs:choice>`;
    expect(kinds(diffXsd(xsd(sequence(site)), xsd(sequence(choice))))).toEqual([
      ['xsd-request-element-became-optional', 'minor'],
      ['xsd-optional-element-added', 'minor'],
    ]);
    const optional = `<xs:sequence minOccurs="0">${note}</xs:sequence>`;
    expect(kinds(diffXsd(xsd(sequence(site)), xsd(sequence(site, optional))))).toEqual([
      ['xsd-optional-element-added', 'minor'],
    ]);
  });

  it('reads xs:all like any other compositor: a required element added to a request is major', () => {
    expect(kinds(diffXsd(xsd(`<xs:all>${site}</xs:all>`), xsd(`<xs:all>${site}${note}</xs:all>`)))).toEqual([
      ['xsd-request-required-element-added', 'major'],
    ]);
    expect(diffXsd(xsd(sequence(site)), xsd(`<xs:all>${site}</xs:all>`))).toEqual([]);
  });

  it('classifies attributes by role', () => {
    const id = (use: string) => `<xs:attribute name="id" type="xs:string" use="${use}"/>`;
    const content = sequence(site);
    expect(kinds(diffXsd(xsd(content, id('optional')), xsd(content)))).toEqual([
      ['xsd-attribute-removed', 'major'],
    ]);
    expect(kinds(diffXsd(xsd(content), xsd(content, id('required'))))).toEqual([
      ['xsd-request-required-attribute-added', 'major'],
    ]);
    expect(kinds(diffXsd(xsd(content), xsd(content, id('required')), { role: 'response' }))).toEqual([
      ['xsd-attribute-added', 'minor'],
    ]);
    expect(kinds(diffXsd(xsd(content, id('optional')), xsd(content, id('required'))))).toEqual([
      ['xsd-request-attribute-became-required', 'major'],
    ]);
  });

  it('classifies length and value bounds: tighter is major in a request, looser is minor', () => {
    const content = sequence(site);
    const facet = (name: string, value: number) => `<xs:${name} value="${value}"/>`;
    expect(
      kinds(diffXsd(xsd(content, '', facet('maxLength', 9)), xsd(content, '', facet('maxLength', 5)))),
    ).toEqual([['xsd-request-facet-tightened', 'major']]);
    expect(
      kinds(diffXsd(xsd(content, '', facet('minInclusive', 3)), xsd(content, '', facet('minInclusive', 1)))),
    ).toEqual([['xsd-request-facet-loosened', 'minor']]);
    expect(
      kinds(
        diffXsd(xsd(content, '', facet('maxLength', 9)), xsd(content, '', facet('maxLength', 5)), {
          role: 'response',
        }),
      ),
    ).toEqual([['xsd-response-facet-tightened', 'minor']]);
    expect(kinds(diffXsd(xsd(content, '', facet('length', 4)), xsd(content)))).toEqual([
      ['xsd-length-changed', 'major'],
    ]);
  });

  it('refuses a construct outside the XSD subset, naming the version and file', () => {
    const group = xsd(sequence(site)).replace('</xs:schema>', '<xs:group name="G"/></xs:schema>');
    expect(() => diffXsd(xsd(sequence(site)), group, { file: 'Order.xsd' })).toThrow(
      /^after:Order\.xsd: <xs:group> in <xs:schema> is not supported/,
    );
  });
});
