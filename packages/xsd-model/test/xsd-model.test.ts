import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type ComplexType,
  type ElementDecl,
  effectiveSimpleType,
  loadXsd,
  parseXsd,
  type SimpleType,
  XsdModelError,
} from '../src/index.js';

const schema = (body: string) =>
  `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${body}</xs:schema>`;

/** A `readFile` over in-memory files: `loadXsd` never touches the disk in these tests. */
const files =
  (contents: Record<string, string>) =>
  (path: string): string => {
    const text = contents[path];
    if (text === undefined) throw new Error(`ENOENT: no such file ${path}`);
    return text;
  };

const complexOf = (decl: ElementDecl | undefined): ComplexType => {
  if (decl?.type.kind !== 'complex') throw new Error('not an anonymous complex type');
  return decl.type;
};

describe('the real number-management schemas', () => {
  const orderXsd = fileURLToPath(new URL('../../../specs/numbers/xsd/Order.xsd', import.meta.url));

  it('reads Order.xsd and the common.xsd it includes', () => {
    const order = loadXsd(orderXsd);
    expect(order.files.map((file) => file.slice(file.lastIndexOf('/') + 1))).toEqual([
      'Order.xsd',
      'common.xsd',
    ]);
    expect([...order.elements.keys()]).toEqual(['Order']);
    expect(order.simpleTypes.has('E164TelephoneNumber')).toBe(true);
    const content = complexOf(order.elements.get('Order')).content;
    // The source states neither requiredness nor order: xs:all, every child optional.
    expect(content?.kind).toBe('all');
    expect(content?.particles.map((particle) => particle.kind === 'element' && particle.name)).toEqual([
      'SiteId',
      'PartialAllowed',
      'ExistingTelephoneNumberOrderType',
    ]);
    const list = order.complexTypes.get('E164TelephoneNumberList')?.content?.particles[0];
    expect(list).toMatchObject({
      name: 'TelephoneNumber',
      minOccurs: 0,
      maxOccurs: 'unbounded',
      type: { kind: 'named', name: 'E164TelephoneNumber' },
    });
    expect(order.elements.get('Order')?.documentation).toBe('The order document (root element).');
    expect(order.documents[0]?.documentation).toMatch(/^Order \(request of POST \/api\/v2\/accounts/);
  });
});

describe('parseXsd', () => {
  it('reads the fixed value of an element, and refuses an unknown attribute', () => {
    const document = parseXsd(
      schema(
        '<xs:element name="R"><xs:complexType><xs:all><xs:element name="Code" type="xs:string" fixed="400"/><xs:element name="Text" type="xs:string"/></xs:all></xs:complexType></xs:element>',
      ),
      'R.xsd',
    );
    const [code, text] = complexOf(document.elements.get('R')).content?.particles ?? [];
    expect(code).toMatchObject({ name: 'Code', fixed: '400' });
    expect(text).not.toHaveProperty('fixed');
    expect(() => parseXsd(schema('<xs:element name="R" type="xs:string" default="1"/>'), 'R.xsd')).toThrow(
      XsdModelError,
    );
  });

  it('reads compositors, occurrences, attributes and facets', () => {
    const document = parseXsd(
      schema(`
        <xs:complexType name="T">
          <xs:annotation><xs:documentation>
            A type,
            documented.</xs:documentation></xs:annotation>
          <xs:sequence>
            <xs:element name="a" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
            <xs:choice minOccurs="0"><xs:element name="b" type="Code"/><xs:sequence><xs:element name="c"/></xs:sequence></xs:choice>
          </xs:sequence>
          <xs:attribute name="id" type="xs:int" use="required"/>
          <xs:attribute name="note"><xs:simpleType><xs:restriction base="xs:string"><xs:maxLength value="9"/></xs:restriction></xs:simpleType></xs:attribute>
        </xs:complexType>
        <xs:complexType name="AnyOrder"><xs:all>
          <xs:element name="x" type="xs:string"/><xs:element name="y" type="xs:string" minOccurs="0"/>
        </xs:all></xs:complexType>
        <xs:simpleType name="Code"><xs:restriction base="xs:decimal">
          <xs:pattern value="[0-9]+"/><xs:enumeration value="1"/><xs:enumeration value="2"/>
          <xs:length value="1"/><xs:minLength value="1"/><xs:maxLength value="1"/>
          <xs:totalDigits value="1"/><xs:fractionDigits value="0"/>
          <xs:minInclusive value="1"/><xs:maxInclusive value="2"/><xs:minExclusive value="0"/><xs:maxExclusive value="3"/>
        </xs:restriction></xs:simpleType>`),
      'T.xsd',
    );
    const type = document.complexTypes.get('T');
    expect(type?.documentation).toBe('A type, documented.');
    expect(type?.content).toEqual({
      kind: 'sequence',
      minOccurs: 1,
      maxOccurs: 1,
      particles: [
        {
          kind: 'element',
          name: 'a',
          minOccurs: 0,
          maxOccurs: 'unbounded',
          type: { kind: 'builtin', name: 'string' },
        },
        {
          kind: 'choice',
          minOccurs: 0,
          maxOccurs: 1,
          particles: [
            { kind: 'element', name: 'b', minOccurs: 1, maxOccurs: 1, type: { kind: 'named', name: 'Code' } },
            {
              kind: 'sequence',
              minOccurs: 1,
              maxOccurs: 1,
              particles: [
                // No type at all is xs:anyType.
                {
                  kind: 'element',
                  name: 'c',
                  minOccurs: 1,
                  maxOccurs: 1,
                  type: { kind: 'builtin', name: 'anyType' },
                },
              ],
            },
          ],
        },
      ],
    });
    expect(type?.attributes).toEqual([
      { name: 'id', type: { kind: 'builtin', name: 'int' }, required: true },
      {
        name: 'note',
        required: false,
        type: {
          kind: 'simple',
          base: { kind: 'builtin', name: 'string' },
          facets: { patterns: [], enumeration: [], maxLength: 9 },
        },
      },
    ]);
    expect(document.complexTypes.get('AnyOrder')?.content?.kind).toBe('all');
    expect(document.simpleTypes.get('Code')?.facets).toEqual({
      patterns: ['[0-9]+'],
      enumeration: ['1', '2'],
      length: 1,
      minLength: 1,
      maxLength: 1,
      totalDigits: 1,
      fractionDigits: 0,
      minInclusive: '1',
      maxInclusive: '2',
      minExclusive: '0',
      maxExclusive: '3',
    });
  });

  it('reads one file without following its includes or checking its references', () => {
    const document = parseXsd(
      schema('<xs:include schemaLocation="common.xsd"/><xs:element name="D" type="Elsewhere"/>'),
      'D.xsd',
    );
    expect(document.includes).toEqual(['common.xsd']);
    expect(document.elements.get('D')?.type).toEqual({ kind: 'named', name: 'Elsewhere' });
  });

  it.each([
    [
      'a DOCTYPE',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      /DOCTYPE or ENTITY declaration is not allowed \(no DTD, no entities\) at line 1, column 22/,
    ],
    // The guard is xml-validator's (the one of every XML reader here): an ENTITY alone, after the root's start, too.
    [
      'an ENTITY declaration without a DOCTYPE',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n<!ENTITY e "x"></xs:schema>',
      /DOCTYPE or ENTITY declaration is not allowed \(no DTD, no entities\) at line 2, column 1/,
    ],
    [
      'a character reference',
      schema(
        '<xs:simpleType name="S"><xs:restriction base="xs:string"><xs:pattern value="&#45;"/></xs:restriction></xs:simpleType>',
      ),
      /character references/,
    ],
    ['XML that is not well-formed', schema('<xs:element name="D">'), /not well-formed XML at line 2/],
    // fast-xml-parser's validator, used before, let a second self-closing root through.
    [
      'a second root element',
      `${schema('<xs:element name="D" type="xs:string"/>')}\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>`,
      /not well-formed XML at line \d+, column \d+: documents may contain only one root/,
    ],
    [
      'a root other than xs:schema',
      '<xs:element xmlns:xs="http://www.w3.org/2001/XMLSchema" name="D"/>',
      /is not xs:schema/,
    ],
    [
      'an unprefixed XSD namespace',
      '<schema xmlns="http://www.w3.org/2001/XMLSchema"/>',
      /unprefixed XSD namespace/,
    ],
    ['a prefix bound to another namespace', '<xs:schema xmlns:xs="urn:other"/>', /is not bound to/],
    [
      'an unsupported construct',
      schema('<xs:group name="G"><xs:sequence/></xs:group>'),
      /<xs:group> in <xs:schema> is not supported/,
    ],
    [
      'a derived complex type',
      schema(
        '<xs:complexType name="T"><xs:complexContent><xs:extension base="U"/></xs:complexContent></xs:complexType>',
      ),
      /<xs:complexContent> in <xs:complexType> is not supported/,
    ],
    [
      'an element reference',
      schema('<xs:complexType name="T"><xs:sequence><xs:element ref="D"/></xs:sequence></xs:complexType>'),
      /the attribute ref of <xs:element> is not supported/,
    ],
    [
      'a target namespace',
      '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x"/>',
      /the attribute targetNamespace/,
    ],
    [
      'occurrence bounds on a global element',
      schema('<xs:element name="D" type="xs:string" minOccurs="0"/>'),
      /the attribute minOccurs of <xs:element>/,
    ],
    [
      'maxOccurs below minOccurs',
      schema(
        '<xs:complexType name="T"><xs:sequence><xs:element name="a" type="xs:string" minOccurs="2" maxOccurs="1"/></xs:sequence></xs:complexType>',
      ),
      /maxOccurs 1 is below minOccurs 2/,
    ],
    [
      'a repeated element in xs:all',
      schema(
        '<xs:complexType name="T"><xs:all><xs:element name="a" type="xs:string" maxOccurs="2"/></xs:all></xs:complexType>',
      ),
      /occur at most once/,
    ],
    [
      'xs:all inside a sequence',
      schema('<xs:complexType name="T"><xs:sequence><xs:all/></xs:sequence></xs:complexType>'),
      /<xs:all> in <xs:sequence> is not supported/,
    ],
    [
      'a list type',
      schema('<xs:simpleType name="L"><xs:list itemType="xs:string"/></xs:simpleType>'),
      /<xs:list> in <xs:simpleType> is not supported/,
    ],
    [
      'a facet that is not a number',
      schema(
        '<xs:simpleType name="S"><xs:restriction base="xs:string"><xs:maxLength value="many"/></xs:restriction></xs:simpleType>',
      ),
      /xs:maxLength value="many" is not a non-negative integer/,
    ],
    [
      'an unknown built-in',
      schema('<xs:element name="D" type="xs:strng"/>'),
      /type xs:strng is not an XML Schema built-in type/,
    ],
    ['a type of another namespace', schema('<xs:element name="D" type="other:T"/>'), /in another namespace/],
    [
      'a type declared twice',
      schema(
        '<xs:simpleType name="T"><xs:restriction base="xs:string"/></xs:simpleType><xs:complexType name="T"/>',
      ),
      /type T is declared twice/,
    ],
  ])('refuses %s, naming the file', (_, text, message) => {
    expect(() => parseXsd(text, 'Bad.xsd')).toThrow(message);
    expect(() => parseXsd(text, 'Bad.xsd')).toThrow(/^Bad\.xsd: /);
    expect(() => parseXsd(text, 'Bad.xsd')).toThrow(XsdModelError);
  });
});

describe('loadXsd', () => {
  const common = schema(`
    <xs:simpleType name="Digits"><xs:restriction base="xs:string"><xs:pattern value="[0-9]+"/><xs:maxLength value="9"/></xs:restriction></xs:simpleType>
    <xs:simpleType name="Short"><xs:restriction base="Digits"><xs:pattern value=".{1,3}"/><xs:maxLength value="3"/><xs:enumeration value="1"/></xs:restriction></xs:simpleType>
    <xs:complexType name="Pair"><xs:sequence><xs:element name="a" type="Short"/></xs:sequence></xs:complexType>`);

  it('follows includes relative to the including file, each file once', () => {
    const loaded = loadXsd('xsd/D.xsd', {
      readFile: files({
        'xsd/D.xsd': schema(
          '<xs:include schemaLocation="types/common.xsd"/><xs:include schemaLocation="types/common.xsd"/><xs:element name="D" type="Pair"/>',
        ),
        'xsd/types/common.xsd': common,
      }),
    });
    expect(loaded.files).toEqual(['xsd/D.xsd', 'xsd/types/common.xsd']);
    expect([...loaded.complexTypes.keys()]).toEqual(['Pair']);
  });

  it('gives the facets in force along a chain of restrictions', () => {
    const loaded = loadXsd('D.xsd', {
      readFile: files({ 'D.xsd': schema('<xs:include schemaLocation="c.xsd"/>'), 'c.xsd': common }),
    });
    expect(effectiveSimpleType(loaded, { kind: 'named', name: 'Short' })).toEqual({
      builtin: 'string',
      facets: { patterns: ['[0-9]+', '.{1,3}'], enumeration: ['1'], maxLength: 3 },
    });
    const inline: SimpleType = {
      kind: 'simple',
      base: { kind: 'named', name: 'Digits' },
      facets: { patterns: [], enumeration: [] },
    };
    expect(effectiveSimpleType(loaded, inline).facets).toEqual({
      patterns: ['[0-9]+'],
      enumeration: [],
      maxLength: 9,
    });
    expect(effectiveSimpleType(loaded, { kind: 'builtin', name: 'date' })).toEqual({
      builtin: 'date',
      facets: { patterns: [], enumeration: [] },
    });
  });

  it('refuses a dangling type reference, naming the file that holds it', () => {
    const readFile = files({
      'D.xsd': schema('<xs:include schemaLocation="c.xsd"/><xs:element name="D" type="Pair"/>'),
      'c.xsd': schema(
        '<xs:complexType name="Pair"><xs:sequence><xs:element name="a" type="Nope"/></xs:sequence></xs:complexType>',
      ),
    });
    expect(() => loadXsd('D.xsd', { readFile })).toThrow(
      'c.xsd: type Nope is not declared in the schema or its includes (element a)',
    );
  });

  it('refuses a simple type or attribute built on a complex type', () => {
    const restriction = files({
      'D.xsd': schema(
        '<xs:complexType name="C"/><xs:simpleType name="S"><xs:restriction base="C"/></xs:simpleType>',
      ),
    });
    expect(() => loadXsd('D.xsd', { readFile: restriction })).toThrow(
      /^D\.xsd: the base of type S refers to complex type C where a simple type is needed/,
    );
    const attribute = files({
      'D.xsd': schema('<xs:complexType name="C"><xs:attribute name="a" type="C"/></xs:complexType>'),
    });
    expect(() => loadXsd('D.xsd', { readFile: attribute })).toThrow(
      /attribute a of type C refers to complex type C/,
    );
  });

  it('refuses a missing include, naming the including file', () => {
    const readFile = files({ 'D.xsd': schema('<xs:include schemaLocation="gone.xsd"/>') });
    expect(() => loadXsd('D.xsd', { readFile })).toThrow(/^D\.xsd: cannot read included gone\.xsd: ENOENT/);
    expect(() => loadXsd('missing.xsd', { readFile })).toThrow(/^missing\.xsd: cannot read it: ENOENT/);
  });

  it('refuses a type declared in two included files, also as a simple and a complex type', () => {
    const readFile = files({
      'D.xsd': schema('<xs:include schemaLocation="c.xsd"/><xs:complexType name="Digits"/>'),
      'c.xsd': common,
    });
    expect(() => loadXsd('D.xsd', { readFile })).toThrow(
      /^c\.xsd: type Digits is also declared in another included file/,
    );
  });
});

describe('loadXsd reads from disk under the spec-input policy', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xsd-model-policy-'));
  const root = join(dir, 'repo');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(root, '.git'), { recursive: true });
  const schema = (body: string) =>
    `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${body}</xs:schema>\n`;
  writeFileSync(join(dir, 'Secret.xsd'), schema('<!-- xsd-model-secret-0e7a -->'));
  writeFileSync(join(root, 'common.xsd'), schema(''));
  symlinkSync(join(dir, 'Secret.xsd'), join(root, 'Link.xsd'));
  it.each([
    { includes: 'common.xsd', refused: undefined },
    { includes: '../Secret.xsd', refused: 'outside-root' },
    { includes: 'Link.xsd', refused: 'symlink-outside-root' },
  ])('an include of $includes → $refused', ({ includes, refused }) => {
    writeFileSync(join(root, 'Order.xsd'), schema(`<xs:include schemaLocation="${includes}"/>`));
    let message: string | undefined;
    try {
      loadXsd(join(root, 'Order.xsd'));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message === undefined ? undefined : /\[([a-z-]+)\]$/.exec(message)?.[1]).toBe(refused);
    expect(message ?? '').not.toContain('xsd-model-secret-0e7a');
  });
});
