// libxml2 (libxml2-wasm) behind three calls: compile a schema and keep it, validate a document against a
// kept schema, drop a schema. Shared by the main thread (small documents) and the engine worker (large
// documents), so both judge documents with the same code.
//
// Plain JavaScript on purpose: the worker loads this file by URL from src/ (tests) and dist/ (consumers)
// alike, with no TypeScript loader in between. The TypeScript side describes it in engine-core.ts.
//
// Uses internals of libxml2-wasm 0.7.2 (pinned), from libxml2-wasm/lib/libxml2.mjs: the raw parser and
// xmlSchema* calls and XmlErrorStruct. The public XsdValidator.validate() collects every error and asks
// libxml2 for each one's node path, which walks all siblings: with 16,000 errors among 16,000 siblings that
// is quadratic (1.5 s here). Our own error handler counts every error, keeps the first `maxIssues`, and
// computes nothing else. Documents are parsed with the raw calls too: the XmlDocument wrapper registers
// every document with a FinalizationRegistry, a cost comparable to validating a small document.
import { ParseOption, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import {
  addFunction,
  XmlErrorStruct,
  xmlCtxtSetErrorHandler,
  xmlFreeDoc,
  xmlFreeParserCtxt,
  xmlNewParserCtxt,
  xmlReadString,
  xmlSchemaFreeValidCtxt,
  xmlSchemaNewValidCtxt,
  xmlSchemaSetValidStructuredErrors,
  xmlSchemaValidateDoc,
} from 'libxml2-wasm/lib/libxml2.mjs';

// No NOENT (entity substitution), no DTDLOAD/DTDVALID, NO_XXE and NONET: even a document that slipped past
// the DOCTYPE guard could not load anything. BIG_LINES: line numbers above 65535 are reported as they are.
const PARSE_OPTIONS =
  ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_BIG_LINES;

/** Schemas are read by this package and served to libxml2 from memory under this scheme: no host file is reachable. */
const SCHEME = 'svc-xsd:///';

/** @type {Map<string, Uint8Array>} */
const virtualFiles = new Map();
/** @type {Map<number, { bytes: Uint8Array, offset: number }>} */
const openFiles = new Map();
let nextFd = 1;

xmlRegisterInputProvider({
  match: (url) => virtualFiles.has(url),
  open: (url) => {
    const bytes = virtualFiles.get(url);
    if (bytes === undefined) return undefined;
    const fd = nextFd++;
    openFiles.set(fd, { bytes, offset: 0 });
    return fd;
  },
  read: (fd, buffer) => {
    const file = openFiles.get(fd);
    if (file === undefined) return -1;
    const count = Math.min(buffer.byteLength, file.bytes.byteLength - file.offset);
    buffer.set(file.bytes.subarray(file.offset, file.offset + count));
    file.offset += count;
    return count;
  },
  close: (fd) => openFiles.delete(fd),
});

const XML_ERR_ERROR = 2;

/** The error sink of the parse or validation running now (both are synchronous, so one at a time). */
let sink = newSink(0);

/** @param {number} limit */
function newSink(limit) {
  return {
    limit,
    kept: /** @type {Array<{ message: string, line: number, column: number, level: number }>} */ ([]),
    total: 0,
    /** Highest libxml2 error level seen (1 warning, 2 error, 3 fatal). */
    worst: 0,
  };
}

const collectError = addFunction((_userData, errorPointer) => {
  sink.total++;
  const level = XmlErrorStruct.level(errorPointer);
  if (level > sink.worst) sink.worst = level;
  if (sink.kept.length < sink.limit) {
    sink.kept.push({
      message: XmlErrorStruct.message(errorPointer),
      line: XmlErrorStruct.line(errorPointer),
      column: XmlErrorStruct.col(errorPointer),
      level,
    });
  }
}, 'vii');

/** @type {Map<string, XsdValidator>} */
const schemas = new Map();

/**
 * Compiles a schema and keeps it under `id`.
 * @param {string} id
 * @param {{ entryFileName: string, files: Array<{ fileName: string, contents: string }> }} bundle
 * @returns {{ ok: true } | { ok: false, errors: Array<{ message: string, file?: string, line?: number }> }}
 */
export function compileSchema(id, bundle) {
  dropSchema(id);
  const encoder = new TextEncoder();
  const urls = bundle.files.map((file) => {
    const url = schemaUrl(id, file.fileName);
    virtualFiles.set(url, encoder.encode(file.contents));
    return url;
  });
  let document;
  try {
    const entryUrl = schemaUrl(id, bundle.entryFileName);
    const entryBytes = virtualFiles.get(entryUrl);
    if (entryBytes === undefined) return { ok: false, errors: [{ message: 'the entry schema is missing' }] };
    document = XmlDocument.fromBuffer(entryBytes, { url: entryUrl, option: PARSE_OPTIONS });
    schemas.set(id, XsdValidator.fromDoc(document));
    return { ok: true };
  } catch (error) {
    const details = Array.isArray(error?.details) ? error.details : [];
    const errors = details.map((detail) => ({
      // Engine URLs never reach a message: the caller knows the files by their own names.
      message: String(detail.message).trim().replaceAll(`${SCHEME}${id}/`, '').replaceAll(SCHEME, '/'),
      file: typeof detail.file === 'string' ? detail.file.replace(`${SCHEME}${id}/`, '') : undefined,
      line: typeof detail.line === 'number' && detail.line > 0 ? detail.line : undefined,
    }));
    if (errors.length === 0) errors.push({ message: String(error?.message ?? error) });
    return { ok: false, errors };
  } finally {
    document?.dispose();
    // The compiled schema holds everything it needs; the sources are not read again.
    for (const url of urls) virtualFiles.delete(url);
  }
}

/** @param {string} id */
export function dropSchema(id) {
  schemas.get(id)?.dispose();
  schemas.delete(id);
}

/** @param {string} id */
export function hasSchema(id) {
  return schemas.has(id);
}

/**
 * Parses and validates one document against the schema kept under `schemaId`.
 * @param {string} schemaId
 * @param {string} xml
 * @param {number} maxIssues
 * @returns {import('./engine-core.js').EngineVerdict}
 */
export function validateDocument(schemaId, xml, maxIssues) {
  const schema = schemas.get(schemaId);
  if (schema === undefined) throw new Error(`no schema ${schemaId} in this engine`);
  const document = parse(xml);
  if (typeof document !== 'number') return document;
  sink = newSink(maxIssues);
  const context = xmlSchemaNewValidCtxt(schema._ptr);
  try {
    xmlSchemaSetValidStructuredErrors(context, collectError, 0);
    const status = xmlSchemaValidateDoc(context, document);
    if (status === 0 && sink.total === 0) return { kind: 'valid' };
    const issues = sink.kept.map((kept) => ({
      message: kept.message.trim(),
      line: kept.line > 0 ? kept.line : undefined,
    }));
    // A negative status is libxml2 refusing the document as a whole (for example an entity reference it
    // was told not to expand): a verdict on this document, not a broken engine.
    if (status < 0 && issues.length === 0 && maxIssues > 0) {
      issues.push({ message: 'libxml2 could not validate this document (internal error).', line: undefined });
    }
    return { kind: 'invalid', issues, total: Math.max(sink.total, 1) };
  } finally {
    xmlSchemaFreeValidCtxt(context);
    xmlFreeDoc(document);
    sink = newSink(0);
  }
}

/**
 * Parses a document; returns libxml2's document pointer (to be freed with xmlFreeDoc), or the
 * `not-well-formed` verdict with the first error. Errors of level "error" (namespace errors) count as
 * fatal, as libxml2-wasm's own parser wrapper counts them.
 * @param {string} xml
 * @returns {number | import('./engine-core.js').EngineVerdict}
 */
function parse(xml) {
  sink = newSink(1);
  const context = xmlNewParserCtxt();
  let document = 0;
  try {
    xmlCtxtSetErrorHandler(context, collectError, 0);
    // A JS string is UTF-16; libxml2 gets it as UTF-8 whatever the XML declaration says.
    document = xmlReadString(context, xml, null, 'utf-8', PARSE_OPTIONS);
    if (document !== 0 && sink.worst < XML_ERR_ERROR) return document;
    const first = sink.kept[0];
    return {
      kind: 'not-well-formed',
      message: first === undefined ? 'Document is empty' : first.message.trim(),
      line: first?.line || undefined,
      column: first?.column || undefined,
    };
  } finally {
    if (document !== 0 && sink.worst >= XML_ERR_ERROR) xmlFreeDoc(document);
    xmlFreeParserCtxt(context);
    sink = newSink(0);
  }
}

/**
 * @param {string} id
 * @param {string} fileName
 */
function schemaUrl(id, fileName) {
  return `${SCHEME}${id}/${fileName}`;
}
