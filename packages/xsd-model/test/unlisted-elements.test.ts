import { describe, expect, it } from 'vitest';
import { acceptUnlistedElements, loadXsd, unlistedElementsBlanker } from '../src/index.js';

const schema = (body: string) =>
  `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">${body}</xs:schema>`;

const order = schema(`
  <xs:element name="Order">
    <xs:complexType>
      <xs:all>
        <xs:element name="SiteId" type="xs:string" minOccurs="0"/>
        <xs:element name="Numbers" type="NumberList" minOccurs="0"/>
        <xs:element name="Anything" type="xs:anyType" minOccurs="0"/>
      </xs:all>
    </xs:complexType>
  </xs:element>
  <xs:complexType name="NumberList">
    <xs:sequence>
      <xs:element name="Number" type="xs:string" minOccurs="0" maxOccurs="unbounded"/>
    </xs:sequence>
  </xs:complexType>`);

const blank = unlistedElementsBlanker(loadXsd('order.xsd', { readFile: () => order }));

const typedOrder = schema(`
  <xs:simpleType name="E164"><xs:restriction base="xs:string"><xs:pattern value="\\+[1-9][0-9]{1,14}"/></xs:restriction></xs:simpleType>
  <xs:element name="Order">
    <xs:complexType>
      <xs:all>
        <xs:element name="SiteId" type="xs:string" minOccurs="0"/>
        <xs:element name="List" minOccurs="0">
          <xs:complexType><xs:sequence>
            <xs:element name="TelephoneNumber" type="E164" minOccurs="0" maxOccurs="unbounded"/>
          </xs:sequence></xs:complexType>
        </xs:element>
      </xs:all>
    </xs:complexType>
  </xs:element>`);

describe('unlistedElementsBlanker: an element the schema types is that element wherever it stands', () => {
  const typed = unlistedElementsBlanker(loadXsd('typed.xsd', { readFile: () => typedOrder }));
  const cases: Array<[string, string, 'blanked' | 'kept']> = [
    ['a valid number outside its list', '<TelephoneNumber>+14155550100</TelephoneNumber>', 'blanked'],
    ['a 10-digit number outside its list', '<TelephoneNumber>4155550100</TelephoneNumber>', 'kept'],
    [
      'a valid number in an unlisted wrapper',
      '<Extra><TelephoneNumber>+14155550100</TelephoneNumber></Extra>',
      'blanked',
    ],
    [
      'a 10-digit number in an unlisted wrapper',
      '<Extra><Deep><TelephoneNumber>4155550100</TelephoneNumber></Deep></Extra>',
      'kept',
    ],
    ['an empty number outside its list', '<TelephoneNumber/>', 'kept'],
    ['an unlisted element of an untyped name', '<Note>4155550100</Note>', 'blanked'],
  ];
  it.each(cases)('%s', (_name, unlisted, want) => {
    const xml = `<Order><SiteId>1</SiteId>${unlisted}</Order>`;
    expect(typed(xml)).toBe(
      want === 'kept' ? xml : `<Order><SiteId>1</SiteId>${' '.repeat(unlisted.length)}</Order>`,
    );
  });
});

describe('unlistedElementsBlanker', () => {
  it('blanks an unlisted child with everything it holds, keeping length and line breaks', () => {
    const xml = '<Order>\n  <Extra a="x>y">one<Deep>two</Deep></Extra>\n  <SiteId>1</SiteId>\n</Order>';
    const out = blank(xml);
    expect(out).toBe(
      `<Order>\n  ${' '.repeat('<Extra a="x>y">one<Deep>two</Deep></Extra>'.length)}\n  <SiteId>1</SiteId>\n</Order>`,
    );
    expect(out.length).toBe(xml.length);
  });

  it('keeps the line breaks inside a blanked element, so that later lines and columns stay put', () => {
    const extra = '<Extra>\r\n  <Deep>two</Deep>\n</Extra>';
    const out = blank(`<Order>${extra}<SiteId>1</SiteId></Order>`);
    const spaces = (text: string) => ' '.repeat(text.length);
    expect(out).toBe(
      `<Order>${spaces('<Extra>')}\r\n${spaces('  <Deep>two</Deep>')}\n${spaces('</Extra>')}<SiteId>1</SiteId></Order>`,
    );
  });

  it('judges children by where they stand: a listed name under another parent is unlisted there', () => {
    const xml = '<Order><Numbers><Number>1</Number><SiteId>2</SiteId><Number>3</Number></Numbers></Order>';
    expect(blank(xml)).toBe(
      `<Order><Numbers><Number>1</Number>${' '.repeat('<SiteId>2</SiteId>'.length)}<Number>3</Number></Numbers></Order>`,
    );
  });

  it('keeps listed children (repeated ones too), empty-element tags, comments and CDATA', () => {
    const xml =
      '<?xml version="1.0"?><!-- a --><Order><SiteId><![CDATA[<Extra/>]]></SiteId><Numbers/><SiteId/></Order>';
    expect(blank(xml)).toBe(xml);
    const unlisted = '<Gone/><p:Extra xmlns:p="urn:p"/>';
    expect(blank(`<Order>${unlisted}</Order>`)).toBe(`<Order>${' '.repeat(unlisted.length)}</Order>`);
  });

  it('leaves alone what it does not judge: simple and anyType content, an undeclared root, text that does not scan', () => {
    for (const xml of [
      '<Order><SiteId>1<Extra/></SiteId></Order>',
      '<Order><Anything><Extra><More/></Extra></Anything></Order>',
      '<Invoice><Extra/></Invoice>',
      '<Order><Extra attr="unclosed></Order>',
      '<Order><Extra><Open></Extra></Order',
    ]) {
      expect(blank(xml)).toBe(xml);
    }
  });

  it('blanks each of 20,000 unlisted elements of a 0.9 MB document and keeps every listed one', () => {
    const many = `<Order>${'<Extra><A/><B>x</B></Extra><SiteId>1</SiteId>'.repeat(20_000)}</Order>`;
    const out = blank(many);
    expect(out.length).toBe(many.length);
    expect(out).not.toContain('<Extra>');
    expect(out.split('<SiteId>1</SiteId>')).toHaveLength(20_001);
    // How its time grows with the size is measured in bench/xml-validator/unlisted-growth.ts, not here.
  });
});

describe('acceptUnlistedElements', () => {
  it('reads the XSD on first use only, and blanks nothing when the model cannot read it', () => {
    let reads = 0;
    const accept = acceptUnlistedElements('order.xsd', (path) => {
      reads++;
      return loadXsd(path, { readFile: () => order });
    });
    expect(reads).toBe(0);
    expect(accept('<Order><Extra/></Order>')).toBe('<Order>        </Order>');
    accept('<Order/>');
    expect(reads).toBe(1);
    const unreadable = acceptUnlistedElements('broken.xsd', () => {
      throw new Error('not an XSD');
    });
    expect(unreadable('<Order><Extra/></Order>')).toBe('<Order><Extra/></Order>');
  });
});
