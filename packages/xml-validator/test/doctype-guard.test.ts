import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineCore } from '../src/engine-core.js';
import {
  assertNoDoctype,
  createXsdValidator,
  findForbiddenDeclaration,
  validateXml,
  XmlDoctypeForbiddenError,
  type XsdValidator,
} from '../src/index.js';
import { loadSchemaBundle } from '../src/schema-files.js';
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
  // The guard is the control; this shows the second layer: no entity substitution, no external entity
  // loading, and no input provider but the in-memory schemas, so an external entity expands to nothing.
  it('cannot read host files: the external entity resolves to nothing', async () => {
    const core = await loadEngineCore();
    const bundle = await loadSchemaBundle(ORDER_XSD);
    const compiled = core.compileSchema('defence-in-depth', bundle);
    expect(compiled).toEqual({ ok: true });
    const verdict = core.validateDocument('defence-in-depth', XXE_PAYLOAD, 50);
    core.dropSchema('defence-in-depth');
    expect(JSON.stringify(verdict)).not.toMatch(/root:/);
    expect(verdict.kind).not.toBe('valid');
  });
});
