import { describe, expect, it } from 'vitest';
import {
  assertWellFormedXml,
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

describe('malformed XML declarations and processing instructions', () => {
  // fast-xml-parser's validator lets these through; its parser refuses them with a plain Error.
  const malformed = ['<?xml version="1ncoding="UTF-8"?>\n<a/>', '<?xm"l version="1.0"?><a/>'];

  it.each(malformed)('parseXml refuses %j as a well-formedness error, naming the file', (xml) => {
    expect(() => parseXml(xml, { fileName: 'answer.xml' })).toThrow(XmlWellFormednessError);
    expect(() => parseXml(xml, { fileName: 'answer.xml' })).toThrow(/^answer\.xml: /);
  });

  it.each(malformed)('assertWellFormedXml refuses %j too', (xml) => {
    expect(() => assertWellFormedXml(xml, 'answer.xml')).toThrow(XmlWellFormednessError);
  });

  it('gives the verdict of parseXml on an instruction fast-xml-parser cannot read, after a declaration too', () => {
    // XML lets an instruction hold any text; fast-xml-parser reads it as pseudo-attributes and refuses
    // an unclosed quote. Both functions keep that one verdict.
    for (const xml of ['<a><?pi x="1?></a>', '<?xml version="1.0"?>\n<a><?pi x="1?></a>']) {
      expect(() => parseXml(xml)).toThrow(XmlWellFormednessError);
      expect(() => assertWellFormedXml(xml)).toThrow(XmlWellFormednessError);
    }
  });
});

describe('assertWellFormedXml', () => {
  it('accepts a well-formed document, with or without a declaration, references or instructions', () => {
    expect(() => assertWellFormedXml(VALID_ORDER)).not.toThrow();
    expect(() => assertWellFormedXml('<A b="1"><!-- c --><![CDATA[<x>]]></A>')).not.toThrow();
    expect(() =>
      assertWellFormedXml("<?xml version='1.0' standalone='yes' ?>\n<A>AT&amp;T</A>"),
    ).not.toThrow();
    expect(() => assertWellFormedXml('<A><?pi data?></A>')).not.toThrow();
  });

  it('refuses what parseXml refuses: a DOCTYPE, an undefined reference, broken nesting', () => {
    expect(() => assertWellFormedXml(XXE_PAYLOAD)).toThrow(XmlDoctypeForbiddenError);
    expect(() => assertWellFormedXml(BILLION_LAUGHS)).toThrow(XmlDoctypeForbiddenError);
    expect(() => assertWellFormedXml('<a>&nbsp;</a>')).toThrow(/not a predefined entity/);
    expect(() => assertWellFormedXml('<a>\n  <b></c>\n</a>', 'broken.xml')).toThrow(/^broken\.xml, line 2: /);
  });

  it('agrees with parseXml on thousands of mutated documents (it skips the parse only where that is safe)', () => {
    // A fixed-seed generator, so a disagreement found once is found on every run.
    let seed = 20261127;
    const next = (below: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % below;
    };
    const declarations = [
      '',
      '<?xml version="1.0"?>',
      "<?xml version='1.1' encoding='UTF-8' standalone='no'?>\n",
    ];
    const pieces = [
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      '?',
      '&',
      ';',
      '&amp;',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<?x',
      '?>',
      '</',
      '/>',
      '<b>',
      '</b>',
      'x="1"',
      '\n',
    ];
    const body = VALID_ORDER.replace(/^<\?xml[^>]*>\s*/, '');
    const verdict = (check: () => unknown): string => {
      try {
        check();
        return 'accepted';
      } catch (error) {
        return (error as Error).name;
      }
    };
    let refused = 0;
    for (let round = 0; round < 4000; round++) {
      let xml = `${declarations[next(declarations.length)]}${body}`;
      for (let edit = 0, edits = 1 + next(3); edit < edits; edit++) {
        // Half the edits land in the first 60 characters, where the declaration is.
        const at = next(next(2) === 0 ? 60 : xml.length + 1);
        xml = `${xml.slice(0, at)}${pieces[next(pieces.length)]}${xml.slice(at + next(3))}`;
      }
      const expected = verdict(() => parseXml(xml));
      if (expected !== 'accepted') refused++;
      expect(
        verdict(() => assertWellFormedXml(xml)),
        xml,
      ).toBe(expected);
    }
    // The mutations reach both sides of the question.
    expect(refused).toBeGreaterThan(1000);
    expect(refused).toBeLessThan(3900);
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
