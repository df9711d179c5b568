// The engine thread of worker-engine.ts (a ThreadOfOne task): judges one large document off the caller's
// thread. Plain JavaScript, as libxml2-core.mjs, so that it loads by URL from src/ and dist/.
const core = await import('./libxml2-core.mjs');

/** @param {{ schemaId: string, bundle: object, xml: string, maxIssues: number, maxDocumentBytes: number }} job */
export default function judge(job) {
  try {
    if (!core.hasSchema(job.schemaId) && !core.compileSchema(job.schemaId, job.bundle).ok)
      return { kind: 'engine-failure', reason: 'the schema did not compile in the engine worker' };
    // Without a document: the schema only (a new thread warming up).
    return job.xml === undefined ? null : core.judgeDocument(job.schemaId, job.xml, job);
  } catch (error) {
    // A WebAssembly trap (out of memory, abort): the caller replaces this thread.
    const text = String(error?.message ?? error);
    const reason = /memory|OOM/i.test(text) ? 'the engine ran out of memory' : `the engine crashed (${text})`;
    return { kind: 'engine-failure', reason };
  }
}
