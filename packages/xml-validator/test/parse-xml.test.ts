import { describe, expect, it } from 'vitest';
import {
  createXmlParser,
  decodeXmlReferences,
  parseXml,
  XmlDoctypeForbiddenError,
  XmlWellFormednessError,
} from '../src/index.js';
import { BILLION_LAUGHS, VALID_ORDER, XXE_PAYLOAD } from './fixtures.js';

interface ParsedOrder {
  Order: {
    SiteId: string;
    PartialAllowed: string;
    ExistingTelephoneNumberOrderType: { TelephoneNumberList: { TelephoneNumber: string[] } };
  };
}

describe('parseXml', () => {
  it('keeps every value a string: E.164 numbers keep their +, booleans stay text', () => {
    const order = parseXml<ParsedOrder>(VALID_ORDER, { arrayElements: ['TelephoneNumber'] }).Order;
    expect(order.SiteId).toBe('12345');
    expect(order.PartialAllowed).toBe('false');
    expect(order.ExistingTelephoneNumberOrderType.TelephoneNumberList.TelephoneNumber).toEqual([
      '+14155550100',
      '+14155550101',
    ]);
  });

  it('returns a single repeated element as an array only when asked to', () => {
    const xml = '<List><TelephoneNumber>+14155550100</TelephoneNumber></List>';
    expect(parseXml(xml, { arrayElements: ['TelephoneNumber'] })).toEqual({
      List: { TelephoneNumber: ['+14155550100'] },
    });
    expect(parseXml(xml)).toEqual({ List: { TelephoneNumber: '+14155550100' } });
    expect(parseXml(xml, { arrayPaths: ['List.TelephoneNumber'] })).toEqual({
      List: { TelephoneNumber: ['+14155550100'] },
    });
    // By path: the same name elsewhere, under a declaration, stays as it is.
    const nested =
      '<?xml version="1.0"?>\n<A><List><TelephoneNumber>1</TelephoneNumber></List><TelephoneNumber>2</TelephoneNumber></A>';
    expect(parseXml(nested, { arrayPaths: ['A.List.TelephoneNumber'] })).toEqual({
      A: { List: { TelephoneNumber: ['1'] }, TelephoneNumber: '2' },
    });
  });

  it('keeps leading zeros and attributes as strings', () => {
    expect(parseXml('<Area code="0044">0207</Area>')).toEqual({
      Area: { '#text': '0207', '@_code': '0044' },
    });
  });

  it('decodes the predefined entities and character references, but not inside CDATA', () => {
    expect(parseXml('<a b="x&amp;y">AT&amp;T &lt;ok&gt; &#43;1 &#x41;<![CDATA[&amp;]]></a>')).toEqual({
      a: { '#text': 'AT&T <ok> +1 A&amp;', '@_b': 'x&y' },
    });
  });

  it('refuses an undefined entity reference', () => {
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow(XmlWellFormednessError);
    expect(() => parseXml('<a>&#0;</a>')).toThrow(/not a predefined entity/);
  });

  it('refuses DOCTYPE documents: XXE and billion laughs', () => {
    expect(() => parseXml(XXE_PAYLOAD)).toThrow(XmlDoctypeForbiddenError);
    expect(() => parseXml(BILLION_LAUGHS)).toThrow(XmlDoctypeForbiddenError);
  });

  it('reports malformed XML with line and column', () => {
    try {
      parseXml('<a>\n  <b></c>\n</a>', { fileName: 'broken.xml' });
      expect.unreachable('parseXml should throw');
    } catch (error) {
      expect(error).toBeInstanceOf(XmlWellFormednessError);
      expect((error as XmlWellFormednessError).issue).toMatchObject({
        rule: 'well-formed',
        line: 2,
        fileName: 'broken.xml',
      });
      expect((error as XmlWellFormednessError).issue.column).toBeGreaterThan(0);
    }
  });
});

describe('createXmlParser', () => {
  it('reads many documents with one parser, as parseXml reads each', () => {
    const parse = createXmlParser<ParsedOrder>({ arrayElements: ['TelephoneNumber'] });
    const first = parse(VALID_ORDER);
    expect(first).toEqual(parseXml(VALID_ORDER, { arrayElements: ['TelephoneNumber'] }));
    expect(parse(VALID_ORDER.replace('12345', '678'))).toEqual({
      Order: { ...first.Order, SiteId: '678' },
    });
  });

  it('still refuses a DOCTYPE and a malformed document on every call, naming the file given', () => {
    const parse = createXmlParser();
    expect(parse('<A>1</A>')).toEqual({ A: '1' });
    expect(() => parse(XXE_PAYLOAD, 'answer.xml')).toThrow(XmlDoctypeForbiddenError);
    expect(() => parse('<A><B></A>', 'answer.xml')).toThrow(XmlWellFormednessError);
    expect(() => parse('<A><B></A>', 'answer.xml')).toThrow(/answer\.xml/);
    expect(parse('<A>2</A>')).toEqual({ A: '2' });
  });
});

describe('decodeXmlReferences', () => {
  it('decodes predefined and numeric references', () => {
    expect(decodeXmlReferences('&lt;&gt;&amp;&apos;&quot;&#233;&#x1F600;')).toBe('<>&\'"é😀');
  });

  it('rejects a bare ampersand and unknown names', () => {
    expect(() => decodeXmlReferences('a & b')).toThrow(XmlWellFormednessError);
    expect(() => decodeXmlReferences('&xxe;')).toThrow(/'&xxe;'/);
  });
});
