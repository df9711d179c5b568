import { describe, expect, it } from 'vitest';
import { ElementLocator } from '../src/element-locator.js';
import { toValidationResult } from '../src/xmllint-issues.js';
import { parseXmllintOutput } from '../src/xmllint-output.js';

const PREFIX = 'doc-0123456789abcdef/';

describe('parseXmllintOutput', () => {
  it('splits diagnostics and verdicts per document', () => {
    const stderr = [
      `${PREFIX}0.xml validates`,
      `${PREFIX}1.xml:4: Schemas validity error : Element 'PartialAllowed': 'yes' is not a valid value of the atomic type 'xs:boolean'.`,
      `${PREFIX}1.xml fails to validate`,
      `${PREFIX}2.xml:5: parser error : Opening and ending tag mismatch: LoaType line 5 and Loa`,
      '  <LoaType>CARRIER</Loa>',
      '                        ^',
      '',
    ].join('\n');
    const { documents, otherLines } = parseXmllintOutput(stderr, PREFIX, 3);
    expect(otherLines).toEqual([]);
    expect(documents[0]).toEqual({ status: 'valid', diagnostics: [] });
    expect(documents[1]?.status).toBe('invalid');
    expect(documents[1]?.diagnostics).toEqual([
      {
        kind: 'xsd',
        line: 4,
        text: "Element 'PartialAllowed': 'yes' is not a valid value of the atomic type 'xs:boolean'.",
      },
    ]);
    expect(documents[2]).toEqual({
      status: 'not-validated',
      diagnostics: [
        {
          kind: 'well-formed',
          line: 5,
          text: 'Opening and ending tag mismatch: LoaType line 5 and Loa',
          excerpt: '  <LoaType>CARRIER</Loa>',
          caret: '                        ^',
        },
      ],
    });
  });

  it('accepts the older "element X:" prefix and classifies warnings', () => {
    const stderr = [
      `${PREFIX}0.xml:3: element SiteId: Schemas validity error : Element 'SiteId': 'x' is not a valid value.`,
      `${PREFIX}0.xml:1: warning: failed to load external entity "x"`,
      '',
    ].join('\n');
    const kinds = parseXmllintOutput(stderr, PREFIX, 1).documents[0]?.diagnostics.map((d) => d.kind);
    expect(kinds).toEqual(['xsd', 'warning']);
  });

  it('treats lines without the secret prefix as excerpts or other output, never as verdicts', () => {
    const stderr = [
      `${PREFIX}0.xml:2: parser error : Opening and ending tag mismatch`,
      `${PREFIX.replace('0123', 'ffff')}1.xml validates`,
      '^',
      'WXS schema schema/order.xsd failed to compile',
      '',
    ].join('\n');
    const { documents, otherLines } = parseXmllintOutput(stderr, PREFIX, 2);
    expect(documents[1]).toEqual({ status: 'not-validated', diagnostics: [] });
    expect(documents[0]?.diagnostics[0]?.excerpt).toContain('1.xml validates');
    expect(otherLines).toEqual(['WXS schema schema/order.xsd failed to compile']);
  });
});

describe('toValidationResult', () => {
  it('drops the redundant "not a valid value" that follows a facet violation', () => {
    const xml = '<Order>\n  <TelephoneNumber>4155550100</TelephoneNumber>\n</Order>';
    const facet =
      "Element 'TelephoneNumber': [facet 'pattern'] The value '4155550100' is not accepted by the pattern 'x'.";
    const followUp = "Element 'TelephoneNumber': '4155550100' is not a valid value of the local atomic type.";
    const result = toValidationResult(
      {
        status: 'invalid',
        diagnostics: [
          { kind: 'xsd', line: 2, text: facet },
          { kind: 'xsd', line: 2, text: followUp },
        ],
      },
      xml,
      undefined,
    );
    expect(result.issues.map((issue) => issue.message)).toEqual([
      `line 2: ${facet.replace('Element', 'element')}`,
    ]);
  });

  it('keeps a "not a valid value" that follows an unrelated message', () => {
    const result = toValidationResult(
      {
        status: 'invalid',
        diagnostics: [
          {
            kind: 'xsd',
            line: 2,
            text: "Element 'A': '1' is not a valid value of the atomic type 'xs:boolean'.",
          },
        ],
      },
      '<R>\n<A>1</A></R>',
      undefined,
    );
    expect(result.issues).toHaveLength(1);
  });

  it('ignores warnings for a valid document', () => {
    const result = toValidationResult(
      { status: 'valid', diagnostics: [{ kind: 'warning', line: 1, text: 'xmlns: URI x is not absolute' }] },
      '<a/>',
      undefined,
    );
    expect(result).toEqual({ valid: true, issues: [] });
  });

  it('treats a document with no verdict and no message as an engine failure', () => {
    expect(() => toValidationResult({ status: 'not-validated', diagnostics: [] }, '<a/>', 'a.xml')).toThrow(
      /no verdict on a\.xml/,
    );
  });
});

describe('ElementLocator', () => {
  const xml = `<?xml version="1.0"?>
<!-- <Fake> elements in comments do not count -->
<r:Root xmlns:r="urn:r">
  <r:Item note="a > b">1</r:Item><![CDATA[<r:Item>]]>
  <r:Item/>
  <Other><r:Item>3</r:Item></Other>
</r:Root>`;
  const locator = new ElementLocator(xml);

  it('numbers same-named siblings and leaves unique names plain', () => {
    expect(locator.locate('Item', 4)).toEqual({ path: '/r:Root/r:Item[1]', line: 4, column: 3 });
    expect(locator.locate('{urn:r}Item', 5)?.path).toBe('/r:Root/r:Item[2]');
    expect(locator.locate('r:Item', 6)?.path).toBe('/r:Root/Other/r:Item');
  });

  it('gives no answer for a name not on that line', () => {
    expect(locator.locate('Item', 3)).toBeUndefined();
    expect(locator.locate('Fake', 2)).toBeUndefined();
  });
});
