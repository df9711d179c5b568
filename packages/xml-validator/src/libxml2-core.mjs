// libxml2 (libxml2-wasm) behind three calls: compile a schema and keep it, validate a document against a kept
// schema, drop a schema.
import { Buffer } from 'node:buffer';
import { ParseOption, XmlDocument, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';
import {
  addFunction,
  XmlErrorStruct,
  xmlCtxtSetErrorHandler,
  xmlFreeDoc,
  xmlFreeParserCtxt,
  xmlNewParserCtxt,
  xmlReadMemory,
  xmlSchemaFreeValidCtxt,
  xmlSchemaNewValidCtxt,
  xmlSchemaSetValidStructuredErrors,
  xmlSchemaValidateDoc,
} from 'libxml2-wasm/lib/libxml2.mjs';
import { locateIssues } from './element-locator.mjs';
import { findDeclaration } from './forbidden-declaration.mjs';

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
const sink = {
  limit: 0,
  kept: /** @type {Array<{ message: string, line: number, column: number, level: number }>} */ ([]),
  total: 0,
  /** Highest libxml2 error level seen (1 warning, 2 error, 3 fatal). */
  worst: 0,
};

/** @param {number} limit */
function resetSink(limit) {
  sink.limit = limit;
  if (sink.kept.length > 0) sink.kept = [];
  sink.total = 0;
  sink.worst = 0;
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

/** Compiled schemas, each with its validation context: libxml2 resets a validation context at the start of
 * every validation, so one per schema serves every document. @type {Map<string, { schema: XsdValidator, context: number }>} */
const schemas = new Map();

/** One parser context for every document of this thread: xmlCtxtReadMemory resets it first. */
const PARSES_PER_CONTEXT = 256;
let parserContext = 0;
let parsesOnContext = 0;

function reusableParserContext() {
  if (parserContext === 0 || parsesOnContext >= PARSES_PER_CONTEXT) {
    if (parserContext !== 0) xmlFreeParserCtxt(parserContext);
    parserContext = xmlNewParserCtxt();
    xmlCtxtSetErrorHandler(parserContext, collectError, 0);
    parsesOnContext = 0;
  }
  parsesOnContext++;
  return parserContext;
}

/** Compiles a schema and keeps it under `id`. */
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
    const schema = XsdValidator.fromDoc(document);
    const context = xmlSchemaNewValidCtxt(schema._ptr);
    xmlSchemaSetValidStructuredErrors(context, collectError, 0);
    schemas.set(id, { schema, context });
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
  const kept = schemas.get(id);
  if (kept === undefined) return;
  xmlSchemaFreeValidCtxt(kept.context);
  kept.schema.dispose();
  schemas.delete(id);
}

/** @param {string} id */
export function hasSchema(id) {
  return schemas.has(id);
}

/** Judges one document as a validator does: refused when it is over `maxDocumentBytes` in UTF-8 (never
 * parsed) or carries a DOCTYPE or ENTITY declaration (never parsed either), else validated and located. */
export function judgeDocument(schemaId, xml, limits) {
  // Encoded once, natively: the size limit counts these bytes and libxml2 parses them.
  const bytes = Buffer.from(xml, 'utf8');
  if (bytes.byteLength > limits.maxDocumentBytes) return { kind: 'too-large', bytes: bytes.byteLength };
  const declaration = findDeclaration(xml);
  if (declaration !== undefined) return { kind: 'forbidden', ...declaration };
  return validateBytes(schemaId, xml, bytes, limits.maxIssues);
}

/** Parses and validates one document against the schema kept under `schemaId`, and locates the kept issues
 * (column, element path) on this thread: the caller gets a verdict whose size is bounded by `maxIssues`,
 * whatever the size of the document. */
export function validateDocument(schemaId, xml, maxIssues) {
  return validateBytes(schemaId, xml, Buffer.from(xml, 'utf8'), maxIssues);
}

/**  */
function validateBytes(schemaId, xml, bytes, maxIssues) {
  const schema = schemas.get(schemaId);
  if (schema === undefined) throw new Error(`no schema ${schemaId} in this engine`);
  const document = parse(bytes);
  if (typeof document !== 'number') return document;
  resetSink(maxIssues);
  try {
    const status = xmlSchemaValidateDoc(schema.context, document);
    if (status === 0 && sink.total === 0) return { kind: 'valid' };
    const kept = sink.kept.map((error) => ({
      message: error.message.trim(),
      line: error.line > 0 ? error.line : undefined,
    }));
    const issues = locateIssues(xml, kept);
    // A negative status is libxml2 refusing the document as a whole (for example an entity reference it
    // was told not to expand): a verdict on this document, not a broken engine.
    if (status < 0 && issues.length === 0 && maxIssues > 0) {
      issues.push({ message: 'libxml2 could not validate this document (internal error).', line: undefined });
    }
    return { kind: 'invalid', issues, total: Math.max(sink.total, 1) };
  } finally {
    xmlFreeDoc(document);
    resetSink(0);
  }
}

/** Parses a document; returns libxml2's document pointer (to be freed with xmlFreeDoc), or the
 * `not-well-formed` verdict with the first error. */
function parse(bytes) {
  resetSink(1);
  const context = reusableParserContext();
  let document = 0;
  try {
    // Encoded to UTF-8 natively: libxml2 reads it as UTF-8 whatever the XML declaration says
    // (xmlReadString would encode it again with a JavaScript loop).
    document = xmlReadMemory(context, bytes, null, 'utf-8', PARSE_OPTIONS);
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
    resetSink(0);
  }
}

/**  */
function schemaUrl(id, fileName) {
  return `${SCHEME}${id}/${fileName}`;
}
