import { describe, expect, it } from 'vitest';
import { createXsdValidator } from '../src/index.js';
import { ORDER_XSD, orderWith, VALID_ORDER } from './fixtures.js';

/** A stand-in for xsd-model's blanker: blanks `<Note>…</Note>`, positions kept, and counts its calls. */
function noteBlanker() {
  const calls: string[] = [];
  const blank = (xml: string) => {
    calls.push(xml);
    return xml.replace(/<Note>[^<]*<\/Note>/g, (note) => ' '.repeat(note.length));
  };
  return { blank, calls };
}

const withNote = orderWith('</SiteId>', '</SiteId><Note>rush</Note>');

describe('acceptUnlisted', () => {
  it('is never asked about a valid document', async () => {
    const { blank, calls } = noteBlanker();
    const orders = await createXsdValidator(ORDER_XSD, { acceptUnlisted: blank });
    expect((await orders.validate(VALID_ORDER)).valid).toBe(true);
    expect(calls).toEqual([]);
  });

  it('answers for the document without its unlisted elements, when that differs', async () => {
    const { blank } = noteBlanker();
    const strict = await createXsdValidator(ORDER_XSD);
    const open = await createXsdValidator(ORDER_XSD, { acceptUnlisted: blank });
    expect((await strict.validate(withNote)).valid).toBe(false);
    expect(await open.validate(withNote)).toEqual({ valid: true, issues: [] });
    // A listed element still keeps its rules, at the line where it was sent.
    const broken = withNote.replace(
      '<PartialAllowed>false</PartialAllowed>',
      '<PartialAllowed>yes</PartialAllowed>',
    );
    expect(broken).not.toBe(withNote);
    const refused = await open.validate(broken, { fileName: 'order.xml' });
    expect(refused.valid).toBe(false);
    expect(refused.issues.map((issue) => [issue.line, issue.path])).toEqual(
      (
        await strict.validate(broken.replace('<Note>rush</Note>', ' '.repeat(17)), { fileName: 'order.xml' })
      ).issues.map((issue) => [issue.line, issue.path]),
    );
  });

  it('keeps the first verdict when the blanker changes nothing or throws', async () => {
    const unchanged = await createXsdValidator(ORDER_XSD, { acceptUnlisted: (xml) => xml });
    const throwing = await createXsdValidator(ORDER_XSD, {
      acceptUnlisted: () => {
        throw new Error('no model');
      },
    });
    const strict = await createXsdValidator(ORDER_XSD);
    const expected = await strict.validate(withNote);
    expect(await unchanged.validate(withNote)).toEqual(expected);
    expect(await throwing.validate(withNote)).toEqual(expected);
  });

  it('keeps the engine verdict on a document over 1 MiB, without scanning it on this thread', async () => {
    const { blank, calls } = noteBlanker();
    const open = await createXsdValidator(ORDER_XSD, { acceptUnlisted: blank });
    const line = '      <TelephoneNumber>+14155550100</TelephoneNumber>\n';
    const big = withNote.replace(/ {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/, line.repeat(25_000));
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect((await open.validate(big)).valid).toBe(false);
    expect(calls).toEqual([]);
    // The same document under the limit is scanned and accepted.
    const small = withNote.replace(/ {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/, line.repeat(1_000));
    expect((await open.validate(small)).valid).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('tolerates unlisted elements at every size a caller raises acceptUnlistedMaxLength to', async () => {
    const { blank, calls } = noteBlanker();
    const batch = await createXsdValidator(ORDER_XSD, {
      acceptUnlisted: blank,
      maxDocumentBytes: 4 * 1024 * 1024,
      acceptUnlistedMaxLength: 4 * 1024 * 1024,
    });
    const line = '      <TelephoneNumber>+14155550100</TelephoneNumber>\n';
    const big = withNote.replace(/ {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/, line.repeat(25_000));
    expect(big.length).toBeGreaterThan(1024 * 1024);
    expect(await batch.validate(big)).toEqual({ valid: true, issues: [] });
    expect(calls).toHaveLength(1);
    await expect(
      createXsdValidator(ORDER_XSD, { acceptUnlisted: blank, acceptUnlistedMaxLength: -1 }),
    ).rejects.toThrow(RangeError);
  });

  it('refuses an option that is not a function', async () => {
    await expect(createXsdValidator(ORDER_XSD, { acceptUnlisted: 'yes' as never })).rejects.toThrow(
      TypeError,
    );
  });
});
