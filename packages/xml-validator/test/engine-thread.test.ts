import { afterAll, describe, expect, it, vi } from 'vitest';
import { locateIssues } from '../src/element-locator.mjs';
import { loadEngineCore } from '../src/engine-core.js';
import { LineCounter } from '../src/line-counter.mjs';
import { loadSchemaBundle } from '../src/schema-files.js';
import { SchemaRegistry } from '../src/schema-registry.js';
import { WorkerEngine } from '../src/worker-engine.js';
import { openXsdValidator } from '../src/xsd-validator.js';
import { ORDER_XSD, orderWith, VALID_ORDER } from './fixtures.js';

const PATTERN_ERROR =
  "Element 'TelephoneNumber': [facet 'pattern'] The value 'bad' is not accepted by the pattern '\\+[1-9][0-9]{1,14}'.";
const NUMBERS_PATH = '/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber';

/** An Order written on one line with `count` telephone numbers that all break the pattern. */
function oneLineHostileOrder(count: number): string {
  return orderWith(
    /\n\s*<TelephoneNumber>[\s\S]*<\/TelephoneNumber>/,
    '<TelephoneNumber>bad</TelephoneNumber>'.repeat(count),
  ).replace(/\n\s*/g, '');
}

const engines: WorkerEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.shutdown()));
});

describe('LineCounter', () => {
  it('ends a line at \\n, \\r\\n and a lone \\r, as XML does, and counts columns in UTF-16 units', () => {
    const text = 'a\nb\r\nc\rdé\u{1F600}x';
    const counter = new LineCounter(text);
    counter.advanceTo(text.indexOf('b'));
    expect([counter.line, counter.columnOf(text.indexOf('b'))]).toEqual([2, 1]);
    counter.advanceTo(text.indexOf('c'));
    expect(counter.line).toBe(3);
    const x = text.indexOf('x');
    counter.advanceTo(x);
    // d, é, and the two UTF-16 units of the emoji come before x.
    expect([counter.line, counter.columnOf(x)]).toEqual([4, 5]);
  });

  it('never moves back: an earlier offset leaves it where it is', () => {
    const counter = new LineCounter('a\nb\nc');
    counter.advanceTo(4);
    counter.advanceTo(0);
    expect(counter.line).toBe(3);
  });
});

describe('locateIssues', () => {
  it('finds the one element of the name on the line, with its column and path', () => {
    const xml = orderWith('+14155550101', 'bad');
    const [issue] = locateIssues(xml, [{ message: PATTERN_ERROR, line: 9 }]);
    expect(issue).toEqual({ message: PATTERN_ERROR, line: 9, column: 7, path: `${NUMBERS_PATH}[2]` });
  });

  it('gives no path when two elements of the name share the line, however many there are', () => {
    const xml = oneLineHostileOrder(10_000);
    const issues = locateIssues(
      xml,
      Array.from({ length: 50 }, () => ({ message: PATTERN_ERROR, line: 1 })),
    );
    expect(issues).toHaveLength(50);
    for (const issue of issues) expect(issue).toEqual({ message: PATTERN_ERROR, line: 1 });
  });

  it('keeps looking for a name that is alone on its line while another name repeats there', () => {
    const xml = oneLineHostileOrder(3).replace('>false<', '>yes<');
    const partialAllowed =
      "Element 'PartialAllowed': 'yes' is not a valid value of the atomic type 'xs:boolean'.";
    const issues = locateIssues(xml, [
      { message: partialAllowed, line: 1 },
      { message: PATTERN_ERROR, line: 1 },
    ]);
    expect(issues[0]?.path).toBe('/Order/PartialAllowed');
    expect(issues[1]?.path).toBeUndefined();
  });

  it('names the attribute of an attribute error, and leaves issues without a line or an element as they are', () => {
    const xml = '<Order>\n  <SiteId id="x">1</SiteId>\n</Order>';
    const issues = locateIssues(xml, [
      { message: "Element 'SiteId', attribute 'id': The attribute 'id' is not allowed.", line: 2 },
      { message: "Element 'SiteId': no line.", line: undefined },
      { message: 'Something about the document as a whole.', line: 2 },
    ]);
    expect(issues.map((issue) => issue.path)).toEqual(['/Order/SiteId/@id', undefined, undefined]);
  });
});

describe('the engine locates the issues it keeps, on its own thread', () => {
  it('returns a verdict bounded by maxIssues, located, with the total count', async () => {
    const core = await loadEngineCore();
    core.compileSchema('located', await loadSchemaBundle(ORDER_XSD));
    try {
      const numbers = '    <TelephoneNumber>bad</TelephoneNumber>\n'.repeat(2_000);
      const xml = orderWith(/ {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/, numbers);
      const verdict = core.judgeDocument('located', xml, { maxIssues: 50, maxDocumentBytes: 1 << 20 });
      expect(verdict).toMatchObject({ kind: 'invalid', total: 2_000 });
      const issues = verdict.kind === 'invalid' ? verdict.issues : [];
      expect(issues).toHaveLength(50);
      expect(issues[49]).toMatchObject({ line: 57, column: 5, path: `${NUMBERS_PATH}[50]` });
    } finally {
      core.dropSchema('located');
    }
  });

  it('judges alike however many documents came before (its parser and validation contexts are reused)', async () => {
    const orders = await openXsdValidator(ORDER_XSD, {}, new SchemaRegistry());
    const documents = [
      VALID_ORDER,
      orderWith('>false<', '>yes<'),
      orderWith('</LoaType>', '</Loa>'),
      '<Invoice/>',
    ];
    const first = await orders.validateMany(documents);
    expect(first.map((result) => result.valid)).toEqual([true, false, false, false]);
    // Well past the 256 documents after which the parser context is replaced.
    for (let round = 0; round < 100; round++) {
      expect(await orders.validateMany(documents)).toEqual(first);
    }
  });
});

describe('large documents: measured, guarded and located on the engine worker', () => {
  it('refuses a DOCTYPE in a large document there, before parsing, with the line and column the caller would find', async () => {
    const engine = new WorkerEngine();
    engines.push(engine);
    const orders = await openXsdValidator(ORDER_XSD, {}, new SchemaRegistry(engine));
    const padding = `<!--${'x'.repeat(20_000)}-->\n`;
    const large = VALID_ORDER.replace('<Order>', `${padding}<!DOCTYPE Order>\n<Order>`);
    const result = await orders.validate(large, { fileName: 'large.xml' });
    expect(result.issues).toEqual([
      expect.objectContaining({ rule: 'doctype-forbidden', fileName: 'large.xml', line: 3, column: 1 }),
    ]);
    expect(result.issues[0]?.message).toMatch(/^large\.xml, line 3: DOCTYPE declarations are forbidden/);
  });

  it('refuses there a document under the limit in characters but over it in UTF-8 bytes', async () => {
    const engine = new WorkerEngine();
    engines.push(engine);
    const orders = await openXsdValidator(
      ORDER_XSD,
      { maxDocumentBytes: 40_000, inlineMaxBytes: 0 },
      new SchemaRegistry(engine),
    );
    const xml = `${VALID_ORDER}<!--${'é'.repeat(30_000)}-->`;
    expect(xml.length).toBeLessThan(40_000);
    const bytes = Buffer.byteLength(xml);
    expect(await orders.validate(xml)).toEqual({
      valid: false,
      issues: [
        {
          rule: 'document-too-large',
          message: `the document is ${bytes} bytes, over the limit of 40000 bytes (maxDocumentBytes); it was not parsed.`,
        },
      ],
    });
  });

  it('answers a one-line document of 20,000 bad numbers with a bounded list, no guessed paths and the count', async () => {
    const engine = new WorkerEngine();
    engines.push(engine);
    const orders = await openXsdValidator(ORDER_XSD, { maxIssues: 10 }, new SchemaRegistry(engine));
    const result = await orders.validate(oneLineHostileOrder(20_000));
    expect(result.omittedIssues).toBe(19_990);
    expect(result.issues).toHaveLength(11);
    for (const issue of result.issues) expect(issue.path).toBeUndefined();
    expect(result.issues[10]?.message).toBe(
      'and 19990 more schema issues (20000 in all; at most 10 are listed per document, see maxIssues).',
    );
  });

  it('ends the idle thread; the next document gets a new one', async () => {
    const engine = new WorkerEngine({ idleTimeoutMs: 50 });
    engines.push(engine);
    const orders = await openXsdValidator(ORDER_XSD, { inlineMaxBytes: 0 }, new SchemaRegistry(engine));
    expect(await orders.validate(VALID_ORDER)).toEqual({ valid: true, issues: [] });
    await vi.waitFor(() => expect(engine.hasWorker).toBe(false), { timeout: 60_000 });
    expect(await orders.validate(orderWith('CARRIER', 'OTHER'))).toMatchObject({
      valid: false,
      issues: [expect.objectContaining({ path: '/Order/LoaType' })],
    });
  });
});
