import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEngineCore } from '../src/engine-core.js';
import { createXsdValidator, type XmlValidationResult, XsdLoadError } from '../src/index.js';
import { SchemaRegistry } from '../src/schema-registry.js';
import { WorkerEngine } from '../src/worker-engine.js';
import { openXsdValidator } from '../src/xsd-validator.js';
import { fixturePath, ORDER_XSD, orderWith, VALID_ORDER, XXE_PAYLOAD } from './fixtures.js';

/** An Order with `count` telephone numbers, each on its own line; `bad` makes every one break the pattern. */
function orderWithNumbers(count: number, { bad }: { bad: boolean }): string {
  const number = bad ? '4155550100' : '+14155550100';
  const numbers = `    <TelephoneNumber>${number}</TelephoneNumber>\n`.repeat(count);
  return orderWith(/ {6}<TelephoneNumber>[\s\S]*<\/TelephoneNumber>\n/, numbers);
}

/** Engine messages must never show the engine's own names for documents or schemas. */
const ENGINE_NAMES = /svc-xsd:|doc-[0-9a-f]{16}|schema\/order\.xsd|\.tmp|\/tmp\//;

/** The repository may itself live under /tmp (a CI clone): its own paths are not engine names. */
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const withoutRepositoryPaths = (text: string): string => text.replaceAll(repositoryRoot, '<repo>/');

function messagesOf(result: XmlValidationResult): string[] {
  return result.issues.map((issue) => issue.message);
}

const registries: SchemaRegistry[] = [];
function faultyRegistry(): SchemaRegistry {
  const registry = new SchemaRegistry(
    new WorkerEngine({ workerUrl: new URL('./fixtures/faulty-worker.mjs', import.meta.url), maxHeapMb: 32 }),
  );
  registries.push(registry);
  return registry;
}
afterAll(async () => {
  await Promise.all(registries.map((registry) => registry.shutdownWorker()));
});

describe('bounded issue list', () => {
  it('lists at most maxIssues schema issues, then one saying how many more', async () => {
    const orders = await createXsdValidator(ORDER_XSD, { maxIssues: 5 });
    const result = await orders.validate(orderWithNumbers(12, { bad: true }), { fileName: 'many.xml' });
    expect(result.valid).toBe(false);
    expect(result.omittedIssues).toBe(7);
    expect(result.issues).toHaveLength(6);
    expect(result.issues.slice(0, 5).map((issue) => issue.path)).toEqual(
      [1, 2, 3, 4, 5].map(
        (n) => `/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber[${n}]`,
      ),
    );
    expect(result.issues[5]).toEqual({
      rule: 'xsd',
      fileName: 'many.xml',
      message:
        'many.xml: and 7 more schema issues (12 in all; at most 5 are listed per document, see maxIssues).',
    });
  });

  it('adds no summary when the document has exactly maxIssues issues', async () => {
    const orders = await createXsdValidator(ORDER_XSD, { maxIssues: 5 });
    const result = await orders.validate(orderWithNumbers(5, { bad: true }));
    expect(result.issues).toHaveLength(5);
    expect(result.omittedIssues).toBeUndefined();
    expect(messagesOf(result).join('\n')).not.toContain('more schema issues');
  });

  it('defaults to 50, and locates the listed issues of a 16,000-error document', async () => {
    const orders = await createXsdValidator(ORDER_XSD);
    const result = await orders.validate(orderWithNumbers(16_000, { bad: true }));
    expect(result.issues).toHaveLength(51);
    expect(result.omittedIssues).toBe(15_950);
    expect(result.issues[49]).toMatchObject({
      line: 57,
      column: 5,
      path: '/Order/ExistingTelephoneNumberOrderType/TelephoneNumberList/TelephoneNumber[50]',
    });
  });

  it('rejects a maxIssues that is not a positive integer', async () => {
    await expect(createXsdValidator(ORDER_XSD, { maxIssues: 0 })).rejects.toThrow(RangeError);
  });
});

describe('document size limit', () => {
  it('refuses a document over maxDocumentBytes before parsing, naming the limit; one at the limit is judged', async () => {
    const limit = Buffer.byteLength(VALID_ORDER);
    const orders = await createXsdValidator(ORDER_XSD, { maxDocumentBytes: limit });
    expect(await orders.validate(VALID_ORDER)).toEqual({ valid: true, issues: [] });
    // One character more, two bytes more: the limit counts UTF-8 bytes.
    const over = `${VALID_ORDER}é`;
    const result = await orders.validate(over, { fileName: 'big.xml' });
    expect(result).toEqual({
      valid: false,
      issues: [
        {
          rule: 'document-too-large',
          fileName: 'big.xml',
          message: `big.xml: the document is ${limit + 2} bytes, over the limit of ${limit} bytes (maxDocumentBytes); it was not parsed.`,
        },
      ],
    });
  });

  it('a huge document fails only its own validation: the documents around it are judged', async () => {
    const orders = await createXsdValidator(ORDER_XSD);
    // About 12 MiB, 250,000 elements: over the default limit of 10 MiB.
    const huge = orderWithNumbers(250_000, { bad: false });
    const [before, hugeResult, after] = await orders.validateMany([
      VALID_ORDER,
      { xml: huge, fileName: 'huge.xml' },
      orderWith('CARRIER', 'OTHER'),
    ]);
    expect(before).toEqual({ valid: true, issues: [] });
    expect(hugeResult?.valid).toBe(false);
    expect(hugeResult?.issues).toHaveLength(1);
    expect(hugeResult?.issues[0]?.rule).toBe('document-too-large');
    expect(hugeResult?.issues[0]?.message).toMatch(
      /^huge\.xml: the document is 12\.\d MiB .* over the limit of 10\.0 MiB/,
    );
    expect(after?.issues[0]).toMatchObject({ rule: 'xsd', path: '/Order/LoaType' });
  });

  it('a large document under the limit is validated off the calling thread, with the same issues', async () => {
    const orders = await createXsdValidator(ORDER_XSD);
    // About 2 MB: over inlineMaxBytes, so the engine worker judges it.
    const large = orderWithNumbers(40_000, { bad: false }).replace('>false<', '>yes<');
    const result = await orders.validate(large, { fileName: 'large.xml' });
    expect(result.issues).toEqual([
      expect.objectContaining({ rule: 'xsd', line: 4, column: 3, path: '/Order/PartialAllowed' }),
    ]);
  });
});

describe('the worker and the calling thread judge alike', () => {
  it('gives the same result for valid, invalid and malformed documents', async () => {
    const inline = await createXsdValidator(ORDER_XSD);
    const onWorker = await createXsdValidator(ORDER_XSD, { inlineMaxBytes: 0 });
    const documents = [
      VALID_ORDER,
      orderWith('>false<', '>yes<'),
      orderWith('</LoaType>', '</Loa>'),
      XXE_PAYLOAD,
    ];
    expect(await onWorker.validateMany(documents)).toEqual(await inline.validateMany(documents));
  });
});

describe('a failing engine fails one document, and the next one is validated', () => {
  it('an engine crash', async () => {
    const orders = await openXsdValidator(ORDER_XSD, { inlineMaxBytes: 0 }, faultyRegistry());
    const crashed = await orders.validate(`${VALID_ORDER}<!--crash-->`, { fileName: 'crash.xml' });
    expect(crashed.valid).toBe(false);
    expect(crashed.issues).toEqual([
      {
        rule: 'engine-failure',
        fileName: 'crash.xml',
        message:
          'crash.xml: the document could not be validated: the engine stopped unexpectedly (exit code 9). Other documents are not affected.',
      },
    ]);
    expect(await orders.validate(VALID_ORDER)).toEqual({ valid: true, issues: [] });
  });

  it('a thread past its heap limit: that document fails, the next gets a new thread', async () => {
    const orders = await openXsdValidator(ORDER_XSD, { inlineMaxBytes: 0 }, faultyRegistry());
    const [heavy, next] = await orders.validateMany([
      { xml: `${VALID_ORDER}<!--heap-->`, fileName: 'heap.xml' },
      VALID_ORDER,
    ]);
    expect(heavy?.issues).toEqual([
      expect.objectContaining({
        rule: 'engine-failure',
        message:
          'heap.xml: the document could not be validated: the engine ran out of memory. Other documents are not affected.',
      }),
    ]);
    expect(next).toEqual({ valid: true, issues: [] });
  });

  it('a hanging engine, stopped by the time budget; documents queued behind it are judged', async () => {
    const orders = await openXsdValidator(ORDER_XSD, { inlineMaxBytes: 0, timeoutMs: 300 }, faultyRegistry());
    const [hung, next, bad] = await orders.validateMany([
      { xml: `${VALID_ORDER}<!--hang-->`, fileName: 'hang.xml' },
      VALID_ORDER,
      orderWith('CARRIER', 'OTHER'),
    ]);
    expect(hung?.issues).toEqual([
      expect.objectContaining({
        rule: 'engine-failure',
        message:
          'hang.xml: the document could not be validated: the engine took longer than the time budget of 300 ms (timeoutMs). Other documents are not affected.',
      }),
    ]);
    expect(next).toEqual({ valid: true, issues: [] });
    expect(bad?.issues[0]?.path).toBe('/Order/LoaType');
  });

  it('a crash of the engine on the calling thread: that document fails, the worker takes over', async () => {
    const realCore = await loadEngineCore();
    const registry = new SchemaRegistry(new WorkerEngine(), async () => ({
      ...realCore,
      judgeDocument: (schemaId, xml, limits) => {
        if (xml.includes('<!--crash-->'))
          throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
        return realCore.judgeDocument(schemaId, xml, limits);
      },
    }));
    registries.push(registry);
    const orders = await openXsdValidator(ORDER_XSD, {}, registry);
    const crashed = await orders.validate(`${VALID_ORDER}<!--crash-->`);
    expect(crashed.issues[0]?.rule).toBe('engine-failure');
    expect(crashed.issues[0]?.message).toContain('Maximum memory size exceeded');
    expect(await orders.validate(orderWith('>false<', '>yes<'))).toMatchObject({
      valid: false,
      issues: [expect.objectContaining({ path: '/Order/PartialAllowed' })],
    });
  });

  it('no message names an engine file', async () => {
    const orders = await openXsdValidator(ORDER_XSD, { inlineMaxBytes: 0, timeoutMs: 300 }, faultyRegistry());
    const results = await orders.validateMany([
      `${VALID_ORDER}<!--crash-->`,
      `${VALID_ORDER}<!--hang-->`,
      orderWith('</LoaType>', '</Loa>'),
      orderWith('>false<', '>yes<'),
      '',
    ]);
    const messages = results.flatMap(messagesOf);
    expect(messages).toHaveLength(5);
    for (const message of messages) expect(withoutRepositoryPaths(message)).not.toMatch(ENGINE_NAMES);
    const compileFailure = await createXsdValidator(fixturePath('broken/undefined-type.xsd')).catch(
      (error) => error,
    );
    expect(compileFailure).toBeInstanceOf(XsdLoadError);
    expect(String(compileFailure.message)).toContain('undefined-type.xsd');
    expect(withoutRepositoryPaths(String(compileFailure.message))).not.toMatch(ENGINE_NAMES);
  });
});
