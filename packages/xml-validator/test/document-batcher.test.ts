import { describe, expect, it } from 'vitest';
import { DocumentBatcher } from '../src/document-batcher.js';
import { XmlEngineError, XsdLoadError } from '../src/errors.js';
import type { XmlValidationResult } from '../src/types.js';
import { XmllintEngine } from '../src/xmllint-engine.js';
import type { NamedDocument } from '../src/xmllint-schema-run.js';

/** A stand-in for the xmllint run: records batch sizes; a document 'poison' makes the whole run fail. */
function fakeRuns(failure: () => Error = () => new XmlEngineError('engine crashed')) {
  const batchSizes: number[] = [];
  const runDocuments = async (
    documents: readonly NamedDocument[],
  ): Promise<Array<XmlValidationResult | Error>> => {
    batchSizes.push(documents.length);
    if (documents.some((document) => document.xml === 'poison')) throw failure();
    return documents.map((document) => ({ valid: document.xml === 'good', issues: [] }));
  };
  return { batchSizes, runDocuments };
}

const submitAll = (batcher: DocumentBatcher, xmls: string[]) =>
  Promise.allSettled(xmls.map((xml) => batcher.submit({ xml, fileName: undefined })));

describe('DocumentBatcher', () => {
  it('validates documents submitted together in one run, results in order', async () => {
    const { batchSizes, runDocuments } = fakeRuns();
    const batcher = new DocumentBatcher(new XmllintEngine(), runDocuments, 100);
    const results = await submitAll(batcher, ['good', 'bad', 'good']);
    expect(batchSizes).toEqual([3]);
    expect(results.map((result) => result.status === 'fulfilled' && result.value.valid)).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('never puts more than maxBatchSize documents in one run', async () => {
    const { batchSizes, runDocuments } = fakeRuns();
    const batcher = new DocumentBatcher(new XmllintEngine(), runDocuments, 2);
    await submitAll(batcher, ['good', 'good', 'good', 'good', 'good']);
    expect(batchSizes).toEqual([2, 2, 1]);
  });

  it('retries a failed run one document at a time, so only the culprit fails', async () => {
    const { batchSizes, runDocuments } = fakeRuns();
    const batcher = new DocumentBatcher(new XmllintEngine(), runDocuments, 100);
    const results = await submitAll(batcher, ['good', 'poison', 'bad']);
    expect(batchSizes).toEqual([3, 1, 1, 1]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: expect.any(XmlEngineError) });
  });

  it('does not retry a schema error: every document fails with it at once', async () => {
    const { batchSizes, runDocuments } = fakeRuns(
      () => new XsdLoadError('XSD file x.xsd does not compile', 'x.xsd'),
    );
    const batcher = new DocumentBatcher(new XmllintEngine(), runDocuments, 100);
    const results = await submitAll(batcher, ['good', 'poison']);
    expect(batchSizes).toEqual([2]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
  });
});
