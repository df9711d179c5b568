import { Buffer } from 'node:buffer';
import { ParseOption, XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import {
  assertWellFormedXml,
  createXmlParser,
  decodeXmlReferences,
  escapeXmlText,
  findIllegalXmlCharacter,
  parseXml,
  replaceIllegalXmlCharacters,
  XmlDoctypeForbiddenError,
  XmlWellFormednessError,
} from '../src/index.js';
import { MAX_ELEMENT_DEPTH } from '../src/well-formed.js';
import { BILLION_LAUGHS, seededNumbers, VALID_ORDER, XXE_PAYLOAD } from './fixtures.js';

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
    expect(() => parseXml('<a>&#0;</a>')).toThrow(/^line 1: malformed character entity: &#0;$/);
    expect(() => parseXml('<a>\n  <b>AT&amp;T &nbsp;</b></a>')).toThrow(/^line 2: undefined entity: &nbsp;$/);
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
  // fast-xml-parser's validator (used before saxes) let these through, and its parser threw a plain Error.
  const malformed = ['<?xml version="1ncoding="UTF-8"?>\n<a/>', '<?xm"l version="1.0"?><a/>'];

  it.each(malformed)('parseXml refuses %j as a well-formedness error, naming the file', (xml) => {
    expect(() => parseXml(xml, { fileName: 'answer.xml' })).toThrow(XmlWellFormednessError);
    expect(() => parseXml(xml, { fileName: 'answer.xml' })).toThrow(/^answer\.xml, line 1: /);
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
    expect(() => assertWellFormedXml('<a>&nbsp;</a>')).toThrow(/undefined entity: &nbsp;/);
    expect(() => assertWellFormedXml('<a>\n  <b></c>\n</a>', 'broken.xml')).toThrow(/^broken\.xml, line 2: /);
  });

  it('agrees with parseXml on thousands of mutated documents (it skips the parse only where that is safe)', () => {
    const next = seededNumbers(20261127);
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

describe('the well-formedness verdict is XML 1.0 with namespaces', () => {
  // Each one was accepted by fast-xml-parser's validator, which these functions used before.
  const malformed: Array<[string, string, RegExp]> = [
    ['a second, self-closing root', '<Order/>\n<Order/>', /only one root/],
    ['a self-closing root after a full one', '<Order></Order><Extra/>', /only one root/],
    ['text after a self-closing root', '<Order/>trailing', /outside of root/],
    ['< in an attribute value', '<Order note="a<b"/>', /disallowed character/],
    ['-- inside a comment', '<Order><!-- a -- b --></Order>', /malformed comment/],
    [']]> in text', '<Order>a]]>b</Order>', /"]]>" is disallowed/],
    ['a control character', '<Order>+1415\u00015550100</Order>', /disallowed character/],
    ['a malformed encoding name', '<?xml version="1.0" encoding="UTF-<x/>8"?>\n<Order/>', /encoding/],
    ['an undeclared namespace prefix', '<ord:Order/>', /unbound namespace prefix/],
    ['a reference to NUL', '<Order>&#0;</Order>', /character entity/],
  ];

  it.each(malformed)('parseXml and assertWellFormedXml refuse %s, with line and column', (_, xml, text) => {
    for (const check of [
      () => parseXml(xml, { fileName: 'answer.xml' }),
      () => assertWellFormedXml(xml, 'answer.xml'),
    ]) {
      let refusal: unknown;
      try {
        check();
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(XmlWellFormednessError);
      const { issue } = refusal as XmlWellFormednessError;
      expect(issue.rule).toBe('well-formed');
      expect(issue.message).toMatch(text);
      expect(issue.message).toMatch(/^answer\.xml, line \d+: /);
      expect(issue.line).toBeGreaterThan(0);
      expect(issue.column).toBeGreaterThan(0);
    }
  });

  it('names the line and column of the error, not of the document', () => {
    expect(() => assertWellFormedXml('<Order>\n  <SiteId/>\n  <SiteId/>\n</Order>\n<Extra/>')).toThrow(
      /^line 5: /,
    );
    try {
      parseXml('<Order>\n  <SiteId a="1" a="2"/>\n</Order>');
    } catch (error) {
      expect((error as XmlWellFormednessError).issue).toMatchObject({
        line: 2,
        message: /duplicate attribute/,
      });
    }
    expect(() => parseXml('<Order>\n  <SiteId>1</Order>')).toThrow(
      /^line 2: unexpected close tag: <SiteId> is still open\.$/,
    );
    expect.assertions(3);
  });

  it('accepts what XML allows around the root: a BOM, a declaration, comments, instructions, white space', () => {
    const xml =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- c -->\n<Order a="&lt;&#65;"><?pi x?></Order>\n<!-- c -->\n<?pi?>\n';
    expect(() => assertWellFormedXml(xml)).not.toThrow();
    expect(parseXml(xml)).toEqual({ Order: { '@_a': '<A' } });
    expect(() =>
      assertWellFormedXml('<o:Order xmlns:o="urn:x"><o:SiteId>1</o:SiteId></o:Order>'),
    ).not.toThrow();
  });

  it('binds a namespace prefix for the element that declares it and its descendants only', () => {
    expect(() => assertWellFormedXml('<r xmlns:p="urn:p"><a><p:b p:c="1"/></a></r>')).not.toThrow();
    expect(() => assertWellFormedXml('<r><a xmlns:p="urn:p"/><p:b/></r>')).toThrow(
      /unbound namespace prefix: "p"/,
    );
    expect(() => assertWellFormedXml('<r><a xmlns:p="urn:p"/><b p:c="1"/></r>')).toThrow(
      /unbound namespace prefix/,
    );
    // The innermost declaration wins: two attributes that name the same URI and local name are duplicates.
    expect(() =>
      assertWellFormedXml('<r xmlns:p="urn:1" xmlns:q="urn:2"><a xmlns:q="urn:1" p:x="1" q:x="2"/></r>'),
    ).toThrow(/duplicate attribute/);
    expect(() =>
      assertWellFormedXml('<r xmlns:p="urn:1" xmlns:q="urn:2"><a p:x="1" q:x="2"/></r>'),
    ).not.toThrow();
    expect(() => assertWellFormedXml('<r xmlns="urn:d"><a xmlns=""/></r>')).not.toThrow();
    expect(() => assertWellFormedXml('<r xml:lang="en"/>')).not.toThrow();
    // Prefixes named like members of a JavaScript object are prefixes like any other.
    for (const prefix of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => assertWellFormedXml(`<${prefix}:r/>`)).toThrow(/unbound namespace prefix/);
      expect(() => assertWellFormedXml(`<r ${prefix}:a="1"/>`)).toThrow(/unbound namespace prefix/);
      expect(() => assertWellFormedXml(`<r xmlns:${prefix}="urn:p"><${prefix}:a/></r>`)).not.toThrow();
    }
  });

  it(`accepts ${MAX_ELEMENT_DEPTH} levels of elements and refuses one more, as libxml2 does`, () => {
    const nested = (levels: number): string => `${'<a>'.repeat(levels)}${'</a>'.repeat(levels)}`;
    expect(() => assertWellFormedXml(nested(MAX_ELEMENT_DEPTH))).not.toThrow();
    expect(() => parseXml(nested(MAX_ELEMENT_DEPTH + 1))).toThrow(/nested deeper than 256 levels/);
    // Hostile depth is refused at the 257th start tag, without reading the rest.
    expect(() => assertWellFormedXml(nested(200_000))).toThrow(XmlWellFormednessError);
    expect(() => XmlDocument.fromString(nested(MAX_ELEMENT_DEPTH)).dispose()).not.toThrow();
    expect(() => XmlDocument.fromString(nested(MAX_ELEMENT_DEPTH + 1))).toThrow(/depth/);
  });

  it('refuses an empty document or one with only white space', () => {
    expect(() => assertWellFormedXml('')).toThrow(XmlWellFormednessError);
    expect(() => parseXml('  \n')).toThrow(/root element/);
  });

  it('a document refused after one that was accepted does not affect the next', () => {
    expect(() => assertWellFormedXml('<A><B></A>')).toThrow(XmlWellFormednessError);
    expect(() => assertWellFormedXml('<A/>')).not.toThrow();
    expect(() => assertWellFormedXml('<A/>')).not.toThrow();
    expect(() => assertWellFormedXml('<A/><B/>')).toThrow(XmlWellFormednessError);
  });

  it('agrees with libxml2, the XSD engine, on thousands of mutated documents', () => {
    const next = seededNumbers(20261128);
    const pieces = [
      '<',
      '>',
      '/',
      '"',
      '=',
      ' ',
      '&',
      ';',
      '&amp;',
      '&#65;',
      '&#0;',
      '&nbsp;',
      '<!--',
      '-->',
      '--',
      '<![CDATA[',
      ']]>',
      '</',
      '/>',
      '<b>',
      '</b>',
      '<b/>',
      'x="1"',
      'text',
      '\u0001',
      '\uFFFE',
      ':',
      '<a:b/>',
      'xmlns:a="urn:a"',
    ];
    const documents = [VALID_ORDER, VALID_ORDER.replace(/^<\?xml[^>]*>\s*/, '')];
    const libxml2 = (xml: string): boolean => {
      try {
        // The bytes are UTF-8 whatever the declaration says, as the engine reads them.
        XmlDocument.fromBuffer(Buffer.from(xml, 'utf8'), {
          encoding: 'utf-8',
          option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_IGNORE_ENC,
        }).dispose();
        return true;
      } catch {
        return false;
      }
    };
    const ours = (xml: string): boolean => {
      try {
        assertWellFormedXml(xml);
        return true;
      } catch {
        return false;
      }
    };
    let accepted = 0;
    for (let round = 0; round < 3000; round++) {
      let xml = documents[next(documents.length)] as string;
      for (let edit = 0, edits = 1 + next(2); edit < edits; edit++) {
        const at = next(xml.length + 1);
        xml = `${xml.slice(0, at)}${pieces[next(pieces.length)]}${xml.slice(at + next(2))}`;
      }
      const verdict = ours(xml);
      if (verdict) accepted++;
      expect(verdict, xml).toBe(libxml2(xml));
    }
    // Both verdicts are reached often.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2700);
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

  it('rejects a reference to a character outside XML 1.0 Char, and accepts the edges of its ranges', () => {
    for (const reference of [
      '&#0;',
      '&#x1;',
      '&#xB;',
      '&#xD800;',
      '&#xFFFE;',
      '&#x110000;',
      '&#99999999999;',
    ]) {
      expect(() => decodeXmlReferences(reference)).toThrow(XmlWellFormednessError);
    }
    expect(decodeXmlReferences('&#9;&#xA;&#xD;&#x20;&#xD7FF;&#xE000;&#xFFFD;&#x10000;&#x10FFFF;')).toBe(
      '\t\n\r \uD7FF\uE000\uFFFD\u{10000}\u{10FFFF}',
    );
  });
});

describe('escapeXmlText', () => {
  it('escapes markup and carriage returns, and returns other text as it is', () => {
    expect(escapeXmlText('a<b>&"c\'\r\n]]>')).toBe('a&lt;b&gt;&amp;"c\'&#13;\n]]&gt;');
    const plain = '+14155550100 \u00e9\u{1F4DE}\t\n';
    expect(escapeXmlText(plain)).toBe(plain);
  });

  it('is read back as the same text by a parser and by the decoder, for any legal characters', () => {
    const next = seededNumbers(7);
    const alphabet = [
      '<',
      '>',
      '&',
      '"',
      "'",
      '\r',
      '\n',
      '\t',
      ' ',
      'a',
      ';',
      '#',
      '\u00e9',
      '\u{1F4DE}',
      ']]>',
    ];
    for (let round = 0; round < 300; round++) {
      let text = 'x';
      for (let length = next(12); length > 0; length--) text += alphabet[next(alphabet.length)];
      text += 'x'; // no leading or trailing white space for the parser to trim
      expect(findIllegalXmlCharacter(text)).toBeUndefined();
      const escaped = escapeXmlText(text);
      expect(decodeXmlReferences(escaped)).toBe(text);
      expect(parseXml<{ v: string }>(`<v>${escaped}</v>`).v).toBe(text);
    }
  });
});

describe('findIllegalXmlCharacter', () => {
  it('finds the first character outside XML 1.0 Char, as a code point', () => {
    for (let code = 0; code < 0x20; code++) {
      const expected = code === 0x9 || code === 0xa || code === 0xd ? undefined : code;
      expect(findIllegalXmlCharacter(`ok${String.fromCharCode(code)}`)).toBe(expected);
    }
    expect(findIllegalXmlCharacter('a\uFFFEb\u0001')).toBe(0xfffe);
    expect(findIllegalXmlCharacter('\uFFFF')).toBe(0xffff);
    expect(findIllegalXmlCharacter('lone \uDC00')).toBe(0xdc00);
    expect(findIllegalXmlCharacter('pair \uD83D\uDCDE, \uD7FF \uE000 \uFFFD')).toBeUndefined();
  });

  it('agrees with the well-formedness check on every character it refuses', () => {
    for (const code of [0x0, 0x1, 0x8, 0xb, 0xc, 0x1f, 0xfffe, 0xffff]) {
      const text = String.fromCharCode(code);
      expect(findIllegalXmlCharacter(text)).toBe(code);
      expect(() => assertWellFormedXml(`<v>${text}</v>`)).toThrow(XmlWellFormednessError);
    }
  });
});

describe('replaceIllegalXmlCharacters', () => {
  it('replaces each character XML 1.0 cannot carry with U+FFFD and keeps the rest', () => {
    expect(replaceIllegalXmlCharacters('a\u0001b\uFFFFc\uD800d \uD83D\uDCDE\t')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd \uD83D\uDCDE\t',
    );
    const clean = 'nothing to replace';
    expect(replaceIllegalXmlCharacters(clean)).toBe(clean);
    const replaced = replaceIllegalXmlCharacters('\u0000'.repeat(10_000));
    expect(findIllegalXmlCharacter(replaced)).toBeUndefined();
    expect(replaced).toHaveLength(10_000);
  });
});
