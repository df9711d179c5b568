// The engine worker: judges the documents too large to validate on the caller's thread, so that a long
// validation never blocks the event loop of the mocks. worker-engine.ts starts it, enforces the time
// budget by terminating it, and starts a new one after a crash.
//
// Plain JavaScript for the same reason as libxml2-core.mjs: it is loaded by URL from src/ and dist/.
import { parentPort } from 'node:worker_threads';

const core = await import('./libxml2-core.mjs');

parentPort.on('message', (message) => {
  if (message === null || typeof message !== 'object') return;
  if (message.type === 'schema') {
    // A schema that does not compile here compiled on the main thread; validate() then reports it missing.
    core.compileSchema(message.id, message.bundle);
  } else if (message.type === 'drop') {
    core.dropSchema(message.id);
  } else if (message.type === 'validate') {
    validate(message);
  }
});

/** @param {{ job: number, schemaId: string, xml: string, maxIssues: number, maxDocumentBytes: number }} message */
function validate(message) {
  let verdict;
  try {
    if (!core.hasSchema(message.schemaId)) {
      parentPort.postMessage({
        type: 'failure',
        job: message.job,
        reason: 'the schema did not compile in the engine worker',
      });
      return;
    }
    verdict = core.judgeDocument(message.schemaId, message.xml, message);
  } catch (error) {
    // After a WebAssembly trap (out of memory, abort) the engine's memory is in an unknown state: report
    // and exit, the parent starts a fresh worker for the next document.
    const text = String(error?.message ?? error);
    const reason = /memory|OOM/i.test(text) ? 'the engine ran out of memory' : `the engine crashed (${text})`;
    parentPort.postMessage({ type: 'failure', job: message.job, reason });
    process.exit(1);
  }
  parentPort.postMessage({ type: 'verdict', job: message.job, verdict });
}

parentPort.postMessage({ type: 'ready' });
