import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSchemaSet } from '../../scripts/generate/lib/renderable-xsd.ts';
import { renderXmlDocuments } from '../../scripts/generate/lib/xsd-to-ts.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'xsd-to-ts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const schema = (body: string) =>
  `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${body}</xs:schema>`;

function write(name: string, body: string): void {
  writeFileSync(join(dir, name), schema(body));
}

const common = `
  <xs:simpleType name="Phone"><xs:annotation><xs:documentation>A phone.</xs:documentation></xs:annotation>
    <xs:restriction base="xs:string"><xs:pattern value="\\+[0-9]+"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Kind"><xs:restriction base="xs:string">
    <xs:enumeration value="A"/><xs:enumeration value="B"/></xs:restriction></xs:simpleType>
  <xs:simpleType name="Boolean"><xs:restriction base="xs:boolean"/></xs:simpleType>
  <xs:complexType name="PhoneList"><xs:sequence>
    <xs:element name="Phone" type="Phone" maxOccurs="unbounded"/></xs:sequence></xs:complexType>`;

describe('XSD to TypeScript', () => {
  it('renders types and descriptors for the supported subset', () => {
    write('common.xsd', common);
    write(
      'Doc.xsd',
      `<xs:include schemaLocation="common.xsd"/>
      <xs:element name="Doc"><xs:annotation><xs:documentation>The doc.</xs:documentation></xs:annotation>
        <xs:complexType><xs:sequence>
          <xs:element name="Kind" type="Kind"/>
          <xs:element name="Flag" type="Boolean" minOccurs="0"/>
          <xs:element name="Count" type="xs:integer"/>
          <xs:element name="Phones" type="PhoneList"/>
          <xs:element name="Pair" minOccurs="0" maxOccurs="2"><xs:complexType><xs:sequence>
            <xs:element name="When" type="xs:date"/></xs:sequence></xs:complexType></xs:element>
        </xs:sequence></xs:complexType></xs:element>`,
    );
    const { source, xsdFiles } = renderXmlDocuments('demo', dir, [
      { typeName: 'Doc', file: 'Doc.xsd', element: 'Doc' },
    ]);
    expect(xsdFiles).toEqual(['Doc.xsd', 'common.xsd']);
    expect(source).toContain('// generated from specs/demo, do not edit');
    expect(source).toContain('/** A phone. @pattern \\+[0-9]+ */\nexport type Phone = string;');
    expect(source).toContain('export type Kind = "A" | "B";');
    // A simple type named like a JavaScript global is written as its primitive.
    expect(source).not.toContain('export type Boolean');
    expect(source).toContain('  Flag?: boolean;');
    expect(source).toContain('  Count: number;');
    expect(source).toContain('export interface PhoneList {');
    expect(source).toContain('  Phone: Phone[];');
    expect(source).toContain('  Pair: {\n    /** (xs:date) */\n    When: string;\n  }[];');
    expect(source).toContain(
      '  Doc: {"root":"Doc","xsd":"Doc.xsd","content":{"kind":"complex","order":"sequence","children":[{"name":"Kind","min":1,"max":1,"content":{"kind":"simple","type":"string"}},{"name":"Flag","min":0,"max":1,"content":{"kind":"simple","type":"boolean"}},{"name":"Count","min":1,"max":1,"content":{"kind":"simple","type":"integer"}}',
    );
  });

  it('renders an xs:all (children in any order) with its order in the descriptor', () => {
    write(
      'All.xsd',
      `<xs:element name="All"><xs:complexType><xs:all>
          <xs:element name="b" type="xs:string" minOccurs="0"/>
          <xs:element name="a" type="xs:integer"/>
        </xs:all></xs:complexType></xs:element>`,
    );
    const { source } = renderXmlDocuments('demo', dir, [
      { typeName: 'All', file: 'All.xsd', element: 'All' },
    ]);
    expect(source).toContain('  b?: string;');
    expect(source).toContain('  a: number;');
    expect(source).toContain(
      '{"root":"All","xsd":"All.xsd","content":{"kind":"complex","order":"all","children":[{"name":"b","min":0,"max":1,',
    );
  });

  it('is deterministic', () => {
    write('common.xsd', common);
    write('Doc.xsd', '<xs:include schemaLocation="common.xsd"/><xs:element name="Doc" type="PhoneList"/>');
    const render = () =>
      renderXmlDocuments('demo', dir, [{ typeName: 'Doc', file: 'Doc.xsd', element: 'Doc' }]).source;
    expect(render()).toBe(render());
    expect(render()).toContain('export type Doc = PhoneList;');
  });

  it.each([
    [
      'a choice',
      '<xs:element name="D"><xs:complexType><xs:choice/></xs:complexType></xs:element>',
      /<xs:choice> is not supported/,
    ],
    [
      'an attribute',
      '<xs:element name="D"><xs:complexType><xs:attribute name="a"/></xs:complexType></xs:element>',
      /<xs:attribute>/,
    ],
    ['an unknown built-in', '<xs:element name="D" type="xs:duration"/>', /xs:duration is not supported/],
    ['an undeclared type', '<xs:element name="D" type="Nope"/>', /type Nope is not declared/],
    ['an element without type', '<xs:element name="D"/>', /has no type/],
    ['an import', '<xs:import namespace="urn:x"/><xs:element name="D" type="xs:string"/>', /<xs:import>/],
    [
      'a facet other than pattern and enumeration',
      '<xs:simpleType name="S"><xs:restriction base="xs:string"><xs:maxLength value="3"/></xs:restriction></xs:simpleType><xs:element name="D" type="S"/>',
      /<xs:maxLength> is not supported by the generator/,
    ],
  ])('refuses %s, naming the file', (_, body, message) => {
    write('D.xsd', body);
    expect(() => loadSchemaSet(dir, 'D.xsd')).toThrow(message);
    expect(() => loadSchemaSet(dir, 'D.xsd')).toThrow(/^D\.xsd: /);
  });

  it('refuses a root that is missing or simple', () => {
    write('D.xsd', '<xs:element name="D" type="xs:string"/>');
    expect(() => renderXmlDocuments('demo', dir, [{ typeName: 'D', file: 'D.xsd', element: 'X' }])).toThrow(
      'D.xsd declares no global element X.',
    );
    expect(() => renderXmlDocuments('demo', dir, [{ typeName: 'D', file: 'D.xsd', element: 'D' }])).toThrow(
      /is not complex/,
    );
  });

  it('refuses two schemas that give one type name different definitions', () => {
    write(
      'A.xsd',
      '<xs:simpleType name="T"><xs:restriction base="xs:string"/></xs:simpleType><xs:element name="A"><xs:complexType><xs:sequence><xs:element name="t" type="T"/></xs:sequence></xs:complexType></xs:element>',
    );
    write(
      'B.xsd',
      '<xs:simpleType name="T"><xs:restriction base="xs:integer"/></xs:simpleType><xs:element name="B"><xs:complexType><xs:sequence><xs:element name="t" type="T"/></xs:sequence></xs:complexType></xs:element>',
    );
    expect(() =>
      renderXmlDocuments('demo', dir, [
        { typeName: 'A', file: 'A.xsd', element: 'A' },
        { typeName: 'B', file: 'B.xsd', element: 'B' },
      ]),
    ).toThrow('B.xsd: type T differs from the type of that name in another schema.');
  });
});
