import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXsdValidator, validateXml, XsdLoadError, type XsdValidator } from '../src/index.js';
import { fixturePath, ORDER_XSD, orderWith, VALID_ORDER } from './fixtures.js';

let orders: XsdValidator;

beforeAll(async () => {
  orders = await createXsdValidator(ORDER_XSD);
});

afterAll(async () => {
  await orders.close();
});

describe('createXsdValidator: valid documents', () => {
  it('accepts a valid document (the schema includes common.xsd)', async () => {
    expect(await orders.validate(VALID_ORDER)).toEqual({ valid: true, issues: [] });
  });

  it('accepts a document written on one line', async () => {
    const oneLine = VALID_ORDER.replace(/\n\s*/g, '');
    expect(await orders.validate(oneLine)).toEqual({ valid: true, issues: [] });
  });
});

describe('createXsdValidator: each kind of XSD failure gives a located, readable issue', () => {
  it('wrong type: PartialAllowed yes is not an xs:boolean', async () => {
    const result = await orders.validate(orderWith('>false<', '>yes<'), { fileName: 'order.xml' });
    expect(result.valid).toBe(false);
    expect(result.issues).toEqual([
      {
        rule: 'xsd',
        line: 4,
        column: 3,
        path: '/Order/PartialAllowed',
        fileName: 'order.xml',
        message:
          "order.xml, line 4: element 'PartialAllowed': 'yes' is not a valid value of the atomic type 'xs:boolean'.",
      },
    ]);
  });

  it('missing required element', async () => {
    const withoutNumbers = orderWith(
      / {2}<ExistingTelephoneNumberOrderType>[\s\S]*<\/ExistingTelephoneNumberOrderType>\n/,
      '',
    );
    const [issue, ...others] = (await orders.validate(withoutNumbers)).issues;
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ rule: 'xsd', line: 2, path: '/Order' });
    expect(issue?.message).toBe(
      "line 2: element 'Order': Missing child element(s). Expected is ( ExistingTelephoneNumberOrderType ).",
    );
  });

  it('wrong element order', async () => {
    const swapped = orderWith(
      '<SiteId>12345</SiteId>\n  <PartialAllowed>false</PartialAllowed>',
      '<PartialAllowed>false</PartialAllowed>\n  <SiteId>12345</SiteId>',
    );
    const { valid, issues } = await orders.validate(swapped);
    expect(valid).toBe(false);
    expect(issues[0]).toMatchObject({ rule: 'xsd', line: 3, path: '/Order/PartialAllowed' });
    expect(issues[0]?.message).toContain(
      "element 'PartialAllowed': This element is not expected. Expected is ( SiteId )",
    );
  });

  it('pattern mismatch: a 10-digit number where E.164 is required, with the path of the second number', async () => {
    const { issues } = await orders.validate(orderWith('+14155550101', '4155550101'));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      rule: 'xsd',
      line: 9,
      column: 7,
      path: '/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber[2]',
    });
    expect(issues[0]?.message).toContain(
      "[facet 'pattern'] The value '4155550101' is not accepted by the pattern",
    );
  });

  it('enumeration violation: LoaType OTHER', async () => {
    const { issues } = await orders.validate(orderWith('CARRIER', 'OTHER'));
    expect(issues).toEqual([
      expect.objectContaining({
        rule: 'xsd',
        line: 5,
        path: '/Order/LoaType',
        message:
          "line 5: element 'LoaType': [facet 'enumeration'] The value 'OTHER' is not an element of the set {'CARRIER', 'SUBSCRIBER'}.",
      }),
    ]);
  });

  it('reports every violation of a document, in document order', async () => {
    const twoFaults = orderWith('>false<', '>yes<').replace('CARRIER', 'OTHER');
    const { issues } = await orders.validate(twoFaults);
    expect(issues.map((issue) => issue.line)).toEqual([4, 5]);
  });

  it('leaves the path out when two same-named elements on the reported line make it a guess', async () => {
    const oneLine = orderWith('+14155550101', '4155550101').replace(/\n\s*/g, '');
    const { issues } = await orders.validate(oneLine);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ rule: 'xsd', line: 1 });
    expect(issues[0]?.path).toBeUndefined();
  });

  it('finds the element of a start tag written over several lines', async () => {
    const { issues } = await orders.validate(orderWith('<PartialAllowed>false', '<PartialAllowed\n    >yes'));
    expect(issues[0]).toMatchObject({ rule: 'xsd', column: 3, path: '/Order/PartialAllowed' });
  });

  it('reports a root element the schema does not declare', async () => {
    const { valid, issues } = await orders.validate('<Invoice/>');
    expect(valid).toBe(false);
    expect(issues[0]?.message).toBe(
      "line 1: element 'Invoice': No matching global declaration available for the validation root.",
    );
  });
});

describe('createXsdValidator: well-formedness', () => {
  it('reports malformed XML as well-formed with line and column, and only the first parser error', async () => {
    const { valid, issues } = await orders.validate(
      orderWith('<SiteId>12345</SiteId>', '<SiteId a=1>12345</SiteId>'),
      {
        fileName: 'bad.xml',
      },
    );
    expect(valid).toBe(false);
    expect(issues).toEqual([
      {
        rule: 'well-formed',
        line: 3,
        column: 13,
        fileName: 'bad.xml',
        message: 'bad.xml, line 3: AttValue: " or \' expected',
      },
    ]);
  });

  it('reports a mismatched end tag', async () => {
    const { issues } = await orders.validate(orderWith('</LoaType>', '</Loa>'));
    expect(issues).toEqual([
      expect.objectContaining({
        rule: 'well-formed',
        line: 5,
        message: expect.stringContaining('tag mismatch'),
      }),
    ]);
  });

  it('counts the column in characters, also after non-ASCII text', async () => {
    const { issues } = await orders.validate('<Order>\n<SiteId>ééé</SiteId a=1>\n</Order>');
    expect(issues).toEqual([expect.objectContaining({ rule: 'well-formed', line: 2, column: 21 })]);
  });

  it('reports an empty document', async () => {
    const { valid, issues } = await orders.validate('');
    expect(valid).toBe(false);
    expect(issues[0]).toMatchObject({ rule: 'well-formed', line: 1 });
  });
});

describe('batches', () => {
  it('validateMany returns one result per document, in input order, with per-document issues', async () => {
    const documents = Array.from({ length: 60 }, (_, index) =>
      index % 3 === 1
        ? { xml: orderWith('>false<', '>yes<'), fileName: `order-${index}.xml` }
        : index % 3 === 2
          ? { xml: orderWith('</LoaType>', '</Loa>'), fileName: `order-${index}.xml` }
          : { xml: VALID_ORDER, fileName: `order-${index}.xml` },
    );
    const results = await orders.validateMany(documents);
    expect(results).toHaveLength(60);
    results.forEach((result, index) => {
      expect(result.valid).toBe(index % 3 === 0);
      const expectedRule = [undefined, 'xsd', 'well-formed'][index % 3];
      expect(result.issues[0]?.rule).toBe(expectedRule);
      for (const issue of result.issues) expect(issue.fileName).toBe(`order-${index}.xml`);
    });
  });

  it('validates a batch without mixing results', async () => {
    const small = await createXsdValidator(ORDER_XSD);
    try {
      const documents = Array.from({ length: 11 }, (_, index) =>
        index === 7 ? orderWith('CARRIER', 'OTHER') : VALID_ORDER,
      );
      const results = await small.validateMany(documents);
      expect(results.map((result) => result.valid)).toEqual(documents.map((_, index) => index !== 7));
    } finally {
      await small.close();
    }
  });

  it('concurrent validate calls each get their own result', async () => {
    const [good, bad] = await Promise.all([
      orders.validate(VALID_ORDER, { fileName: 'good.xml' }),
      orders.validate(orderWith('>false<', '>maybe<'), { fileName: 'bad.xml' }),
    ]);
    expect(good).toEqual({ valid: true, issues: [] });
    expect(bad.issues[0]?.message).toContain("bad.xml, line 4: element 'PartialAllowed': 'maybe'");
  });

  it('a document cannot forge a verdict about another document of its batch', async () => {
    // A malformed document whose excerpt (printed by the engine under the parser error) imitates engine output.
    const forger =
      "<Order>\n1.xml:4: Schemas validity error : Element 'PartialAllowed': forged.</Ord>\n</Order>";
    const [forgerResult, victimResult] = await orders.validateMany([forger, orderWith('>false<', '>yes<')]);
    expect(forgerResult?.issues.map((issue) => issue.rule)).toEqual(['well-formed']);
    expect(victimResult?.issues).toHaveLength(1);
    expect(victimResult?.issues[0]?.message).not.toContain('forged');
  });

  it('rejects input that is not text', async () => {
    await expect(orders.validate(Buffer.from(VALID_ORDER) as unknown as string)).rejects.toThrow(TypeError);
  });

  it('rejects calls after close()', async () => {
    const closing = await createXsdValidator(ORDER_XSD);
    await closing.close();
    await expect(closing.validate(VALID_ORDER)).rejects.toThrow(/closed/);
  });
});

describe('schemas that include or import other schemas', () => {
  it('follows xs:include into a parent folder', async () => {
    const site = await createXsdValidator(fixturePath('nested/site.xsd'));
    try {
      expect(await site.validate('<Site><Contact>+14155550100</Contact></Site>')).toEqual({
        valid: true,
        issues: [],
      });
      const { issues } = await site.validate('<Site><Contact>4155550100</Contact></Site>');
      expect(issues[0]).toMatchObject({ rule: 'xsd', path: '/Site/Contact' });
    } finally {
      await site.close();
    }
  });

  it('follows xs:import of another namespace, and names attributes in paths', async () => {
    const subscription = await createXsdValidator(fixturePath('namespaced/subscription.xsd'));
    const valid = `<s:Subscription xmlns:s="urn:example:subscription" id="7">
  <s:Expiry>3600</s:Expiry>
  <s:Contact>+14155550100</s:Contact>
</s:Subscription>`;
    try {
      expect(await subscription.validate(valid)).toEqual({ valid: true, issues: [] });
      const { issues } = await subscription.validate(
        valid.replace('+1415', '1415').replace('id="7"', 'id="zero"'),
      );
      expect(issues.map((issue) => issue.path)).toEqual(['/s:Subscription/@id', '/s:Subscription/s:Contact']);
      expect(issues[1]?.message).toContain("element '{urn:example:subscription}Contact'");
    } finally {
      await subscription.close();
    }
  });
});

describe('XSD loading errors name the file', () => {
  it('a missing XSD', async () => {
    const missing = fixturePath('no-such-schema.xsd');
    const failure = createXsdValidator(missing);
    await expect(failure).rejects.toBeInstanceOf(XsdLoadError);
    await expect(failure).rejects.toThrow(`XSD file ${missing}: not found`);
  });

  it('a missing included schema, naming the including file', async () => {
    await expect(createXsdValidator(fixturePath('broken/missing-include.xsd'))).rejects.toThrow(
      /does-not-exist\.xsd.*referenced as 'does-not-exist\.xsd' by .*missing-include\.xsd\): not found/,
    );
  });

  it('a remote schemaLocation (no network)', async () => {
    await expect(createXsdValidator(fixturePath('broken/remote-import.xsd'))).rejects.toThrow(
      /remote-import\.xsd references the remote schema 'https:\/\/example\.com\/remote\.xsd'/,
    );
  });

  it('a schema that does not compile, with the engine message and no temp file names', async () => {
    const path = fixturePath('broken/undefined-type.xsd');
    const failure = createXsdValidator(path);
    await expect(failure).rejects.toThrow(`XSD file ${path} does not compile`);
    await expect(failure).rejects.toThrow(/OrderType/);
    await expect(failure).rejects.not.toThrow(/schema\/undefined-type\.xsd/);
  });

  it('a schema with a DOCTYPE', async () => {
    await expect(createXsdValidator(fixturePath('broken/with-doctype.xsd'))).rejects.toThrow(
      /with-doctype\.xsd, line 2: a DOCTYPE is not allowed/,
    );
  });
});

describe('validateXml (convenience)', () => {
  it('validates one document', async () => {
    expect(await validateXml(VALID_ORDER, ORDER_XSD)).toEqual({ valid: true, issues: [] });
  });

  it('reports issues with the given file name', async () => {
    const { valid, issues } = await validateXml(orderWith('CARRIER', 'OTHER'), ORDER_XSD, {
      fileName: 'o.xml',
    });
    expect(valid).toBe(false);
    expect(issues[0]?.message).toMatch(/^o\.xml, line 5: element 'LoaType'/);
  });

  it('names a bad XSD path', async () => {
    await expect(validateXml(VALID_ORDER, 'nowhere/Order.xsd')).rejects.toThrow(
      'XSD file nowhere/Order.xsd: not found',
    );
  });

  it('reports a schema that does not compile', async () => {
    await expect(validateXml(VALID_ORDER, fixturePath('broken/undefined-type.xsd'))).rejects.toThrow(
      /does not compile/,
    );
  });
});
