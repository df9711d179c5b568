import { randomBytes } from 'node:crypto';
import { XmlEngineError, XsdLoadError } from './errors.js';
import type { SchemaBundle } from './schema-files.js';
import type { XmlValidationResult } from './types.js';
import type { XmllintOutcome, XmllintRun } from './xmllint-engine.js';
import { toValidationResult } from './xmllint-issues.js';
import { parseXmllintOutput } from './xmllint-output.js';

export interface NamedDocument {
  xml: string;
  fileName: string | undefined;
}

export type ExecuteXmllint = (run: XmllintRun) => Promise<XmllintOutcome>;

/**
 * xmllint options, chosen for safety: no network (`--nonet`); no entity substitution and no DTD loading (we
 * pass neither `--noent` nor `--loaddtd`/`--valid`, and documents with a DOCTYPE never get here); no XInclude.
 * `--noenc` because we hand xmllint UTF-8 whatever the XML declaration says. The in-memory file system
 * holds only the schemas and the documents of this run, so there is nothing else to read anyway.
 */
const SAFE_ARGS = ['--nonet', '--noenc', '--nowarning', '--noout'];

/**
 * xmllint exit codes after which the output holds a verdict per document: 0 all valid, 1 unclassified,
 * 3 a document is invalid, 4 a document could not be parsed. The code only tells the worst case of the
 * run; each document's verdict is read from the output.
 */
const JUDGED_EXIT_CODES = new Set([0, 1, 3, 4]);
const SCHEMA_COMPILE_FAILED = 5;

/**
 * Validates documents against one schema in a single xmllint run and returns one outcome per document, in
 * order: a result, or the error that stopped that document from being judged.
 */
export async function validateInOneRun(
  bundle: SchemaBundle,
  xsdPath: string,
  documents: readonly NamedDocument[],
  execute: ExecuteXmllint,
): Promise<Array<XmlValidationResult | Error>> {
  // Unguessable document names: xmllint echoes source excerpts, and a document must not be able to print
  // a line that reads like a verdict on another one.
  const prefix = `doc-${randomBytes(8).toString('hex')}/`;
  const names = documents.map((_, index) => `${prefix}${index}.xml`);
  const outcome = await execute({
    args: [...SAFE_ARGS, '--schema', bundle.entryFileName, ...names],
    files: [
      ...bundle.files,
      ...documents.map((document, index) => ({ fileName: names[index] ?? '', contents: document.xml })),
    ],
  });
  if (outcome.exitCode === SCHEMA_COMPILE_FAILED)
    throw schemaCompileError(bundle, xsdPath, outcome.stderr, prefix);
  if (!JUDGED_EXIT_CODES.has(outcome.exitCode)) {
    throw new XmlEngineError(
      `The XSD engine stopped with exit code ${outcome.exitCode}: ${outcome.stderr.trim()}`,
    );
  }
  const report = parseXmllintOutput(outcome.stderr, prefix, documents.length);
  return documents.map((document, index) => {
    const documentReport = report.documents[index];
    if (documentReport === undefined) return new XmlEngineError('The XSD engine lost a document.');
    try {
      return toValidationResult(documentReport, document.xml, document.fileName);
    } catch (error) {
      return error instanceof Error ? error : new XmlEngineError(String(error));
    }
  });
}

/** Compiles the schema once (against a throw-away document) so that a broken XSD fails at load time. */
export async function assertSchemaCompiles(
  bundle: SchemaBundle,
  xsdPath: string,
  execute: ExecuteXmllint,
): Promise<void> {
  await validateInOneRun(bundle, xsdPath, [{ xml: '<schema-compile-check/>', fileName: undefined }], execute);
}

function schemaCompileError(
  bundle: SchemaBundle,
  xsdPath: string,
  stderr: string,
  documentPrefix: string,
): XsdLoadError {
  const virtualNames = bundle.files.map((file) => file.fileName).sort((a, b) => b.length - a.length);
  const details = stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith(documentPrefix))
    .map((line) =>
      virtualNames.reduce((text, name) => text.split(name).join(bundle.displayPathOf(name)), line),
    );
  return new XsdLoadError(`XSD file ${xsdPath} does not compile:\n  ${details.join('\n  ')}`, xsdPath);
}
