// Worker thread that runs libxml2's xmllint (xmllint-wasm) once per message.
//
// xmllint-wasm's own validateXML() starts a new worker and compiles the WebAssembly module on every call
// (about 40 ms). This worker stays alive and compiles the module once; each run only instantiates it
// (a fresh instance per run, because xmllint's main() exits and leaves its memory behind).
//
// Plain CommonJS on purpose: it is loaded by file URL from src/ (tests) and dist/ (consumers) alike, with
// no TypeScript loader in between, and xmllint-wasm's Emscripten glue is CommonJS.
'use strict';

const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const path = require('node:path');

// The glue also registers its own message listener; it only answers messages tagged 'xmllint-wasm',
// which ours never are.
const gluePath = require.resolve('xmllint-wasm/xmllint-node.js');
const createXmllint = require(gluePath);
const compiledModule = new WebAssembly.Module(
  readFileSync(path.join(path.dirname(gluePath), 'xmllint.wasm')),
);

/** @param {{ args: string[], files: {fileName: string, contents: string}[], initialMemoryPages: number, maxMemoryPages: number }} job */
function runXmllint(job) {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const settle = (exitCode, extraStderr) => {
      if (settled) return;
      settled = true;
      resolve({ exitCode, stdout, stderr: stderr + extraStderr });
    };
    createXmllint({
      inputFiles: job.files,
      // A copy: the glue unshifts the program name into the array it is given.
      arguments: [...job.args],
      print: (text) => {
        stdout += `${text}\n`;
      },
      printErr: (text) => {
        stderr += `${text}\n`;
      },
      onExit: (exitCode) => settle(exitCode, ''),
      onAbort: (reason) => settle(-1, `WASM abort: ${reason}\n`),
      instantiateWasm: (imports, receiveInstance) => {
        WebAssembly.instantiate(compiledModule, imports).then(
          (instance) => receiveInstance(instance, compiledModule),
          (error) => settle(-1, `WASM instantiation failed: ${error}\n`),
        );
        return {};
      },
      wasmMemory: new WebAssembly.Memory({ initial: job.initialMemoryPages, maximum: job.maxMemoryPages }),
    }).catch((error) => settle(-1, `xmllint failed: ${error}\n`));
  });
}

parentPort.on('message', async (message) => {
  if (message === null || typeof message !== 'object' || message.svcXmllintJob !== true) return;
  const result = await runXmllint(message);
  // Emscripten's exit() sets the worker's process.exitCode; keep the worker's own exit clean.
  process.exitCode = 0;
  parentPort.postMessage({ svcXmllintResult: true, id: message.id, ...result });
});
