import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertNoDoctype,
  createXsdValidator,
  findForbiddenDeclaration,
  validateXml,
  XmlDoctypeForbiddenError,
  type XsdValidator,
} from '../src/index.js';
import { loadSchemaBundle } from '../src/schema-files.js';
import { getSharedXmllintEngine } from '../src/xmllint-engine.js';
import { validateInOneRun } from '../src/xmllint-schema-run.js';
import { BILLION_LAUGHS, ORDER_XSD, VALID_ORDER, XXE_PAYLOAD } from './fixtures.js';

describe('findForbiddenDeclaration', () => {
  it('finds the DOCTYPE of an XXE payload, with line and column', () => {
    expect(findForbiddenDeclaration(XXE_PAYLOAD, 'xxe.xml')).toEqual({
      rule: 'doctype-forbidden',
      line: 2,
      column: 1,
      fileName: 'xxe.xml',
      message:
        'xxe.xml, line 2: DOCTYPE declarations are forbidden: documents may not declare a DTD or entities (no external entities, no entity expansion).',
    });
  });

  it('finds the DOCTYPE of a billion-laughs payload', () => {
    expect(findForbiddenDeclaration(BILLION_LAUGHS)).toMatchObject({
      rule: 'doctype-forbidden',
      line: 2,
      column: 1,
    });
  });

  it('finds a lone ENTITY declaration and a lower-case doctype', () => {
    expect(findForbiddenDeclaration('<a>\n  <!ENTITY x "y"></a>')).toMatchObject({ line: 2, column: 3 });
    expect(findForbiddenDeclaration('<!doctype html><a/>')?.message).toContain(
      'DOCTYPE declarations are forbidden',
    );
  });

  it('finds nothing in a document without declarations, even with entity references and CDATA', () => {
    expect(findForbiddenDeclaration(VALID_ORDER)).toBeUndefined();
    expect(findForbiddenDeclaration('<a>AT&amp;T <![CDATA[<b>]]></a>')).toBeUndefined();
  });
});

describe('assertNoDoctype', () => {
  it('throws XmlDoctypeForbiddenError carrying the issue', () => {
    expect(() => assertNoDoctype(XXE_PAYLOAD)).toThrow(XmlDoctypeForbiddenError);
    try {
      assertNoDoctype(BILLION_LAUGHS, 'lol.xml');
      expect.unreachable('assertNoDoctype should throw');
    } catch (error) {
      expect((error as XmlDoctypeForbiddenError).issue).toMatchObject({
        rule: 'doctype-forbidden',
        fileName: 'lol.xml',
      });
    }
  });

  it('does not throw for a document without a DOCTYPE', () => {
    expect(() => assertNoDoctype(VALID_ORDER)).not.toThrow();
  });
});

describe('validators refuse DOCTYPE documents before the engine sees them', () => {
  let orders: XsdValidator;
  beforeAll(async () => {
    orders = await createXsdValidator(ORDER_XSD);
  });
  afterAll(async () => {
    await orders.close();
  });

  it('XXE: a single doctype-forbidden issue, nothing from the engine', async () => {
    expect(await orders.validate(XXE_PAYLOAD, { fileName: 'xxe.xml' })).toEqual({
      valid: false,
      issues: [
        expect.objectContaining({ rule: 'doctype-forbidden', line: 2, column: 1, fileName: 'xxe.xml' }),
      ],
    });
  });

  it('billion laughs: refused, in a batch next to a valid document', async () => {
    const [laughs, valid] = await orders.validateMany([BILLION_LAUGHS, VALID_ORDER]);
    expect(laughs?.issues.map((issue) => issue.rule)).toEqual(['doctype-forbidden']);
    expect(valid).toEqual({ valid: true, issues: [] });
  });

  it('validateXml refuses it too', async () => {
    const { valid, issues } = await validateXml(XXE_PAYLOAD, ORDER_XSD);
    expect(valid).toBe(false);
    expect(issues[0]?.rule).toBe('doctype-forbidden');
  });
});

describe('defence in depth: the engine alone, with the guard bypassed', () => {
  // The guard is the control; this shows the second layer: no --noent, and an in-memory file system that
  // holds only the schemas and the documents, so an external entity expands to nothing.
  it('cannot read host files: the external entity resolves to nothing', async () => {
    const bundle = await loadSchemaBundle(ORDER_XSD);
    const [result] = await getSharedXmllintEngine().exclusive((execute) =>
      validateInOneRun(bundle, ORDER_XSD, [{ xml: XXE_PAYLOAD, fileName: 'xxe.xml' }], execute),
    );
    expect(result).not.toBeInstanceOf(Error);
    const issues = (result as { issues: Array<{ message: string }> }).issues;
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]?.message).toContain("element 'SiteId': '' is not a valid value");
    for (const issue of issues) expect(issue.message).not.toMatch(/root:/);
  });
});
