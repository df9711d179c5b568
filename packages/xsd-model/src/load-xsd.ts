import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { checkSpecFile, specBudgets, specRootOfFile } from '@svc-contracts/contract-model';
import { XsdModelError } from './errors.js';
import type {
  ComplexType,
  ElementDecl,
  Particle,
  SimpleType,
  TypeRef,
  XsdDocument,
  XsdSchema,
} from './model.js';
import { parseXsd } from './parse-xsd.js';

export interface LoadXsdOptions {
  /** Reads a schema file (default: UTF-8 from disk, under the spec-input policy); lets tests feed edited copies. */
  readFile?: (path: string) => string;
  /** The folder the default reader stays inside (default: the repository holding the entry). */
  root?: string;
}

/**
 * Reads an XSD file and, transitively, every file it includes (`schemaLocation` relative to the
 * including file; each file once). Every type reference must resolve to a built-in or to a type of
 * one of the files, and a simple type may only restrict a simple type: otherwise the error names the
 * file that holds the reference. Paths keep the form of `entry` (relative stays relative). From disk, each
 * file is a regular file inside `root` by path and real path, within the byte budget (contract-model's
 * spec-input policy).
 */
export function loadXsd(entry: string, options: LoadXsdOptions = {}): XsdSchema {
  const root = options.root ?? specRootOfFile(entry);
  const read =
    options.readFile ??
    ((path: string) => readFileSync(checkSpecFile(resolve(path), root, specBudgets()), 'utf8'));
  const documents: XsdDocument[] = [];
  const pending: Array<{ file: string; includedBy?: string }> = [{ file: entry }];
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    const { file, includedBy } = next;
    if (documents.some((document) => document.file === file)) continue;
    const document = parseXsd(readSchemaFile(read, file, includedBy), file);
    documents.push(document);
    for (const location of document.includes)
      pending.push({ file: join(dirname(file), location), includedBy: file });
  }
  const schema: XsdSchema = {
    files: documents.map((document) => document.file),
    documents,
    elements: new Map(),
    complexTypes: new Map(),
    simpleTypes: new Map(),
  };
  for (const document of documents) {
    merge(schema.elements, document.elements, document.file, 'element');
    // Simple and complex types share one symbol space.
    const types = [schema.complexTypes, schema.simpleTypes];
    merge(schema.complexTypes, document.complexTypes, document.file, 'type', types);
    merge(schema.simpleTypes, document.simpleTypes, document.file, 'type', types);
  }
  for (const document of documents) checkReferences(schema, document);
  return schema;
}

function readSchemaFile(
  read: (path: string) => string,
  file: string,
  includedBy: string | undefined,
): string {
  try {
    return read(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new XsdModelError(
      includedBy ?? file,
      `cannot read ${includedBy ? `included ${file}` : 'it'}: ${reason}`,
    );
  }
}

function merge<T>(
  into: Map<string, T>,
  from: Map<string, T>,
  file: string,
  what: string,
  taken: ReadonlyArray<Map<string, unknown>> = [into],
): void {
  for (const [name, declaration] of from) {
    if (taken.some((names) => names.has(name)))
      throw new XsdModelError(file, `${what} ${name} is also declared in another included file`);
    into.set(name, declaration);
  }
}

function checkReferences(schema: XsdSchema, document: XsdDocument): void {
  const fail = (problem: string): never => {
    throw new XsdModelError(document.file, problem);
  };
  const named = (ref: TypeRef, simpleOnly: boolean, where: string): void => {
    if (ref.kind === 'builtin') {
      if (simpleOnly && ref.name === 'anyType') fail(`${where} refers to xs:anyType, which is not simple`);
      return;
    }
    if (schema.simpleTypes.has(ref.name)) return;
    if (!schema.complexTypes.has(ref.name))
      fail(`type ${ref.name} is not declared in the schema or its includes (${where})`);
    if (simpleOnly) fail(`${where} refers to complex type ${ref.name} where a simple type is needed`);
  };
  const simple = (type: SimpleType, where: string): void => named(type.base, true, `the base of ${where}`);
  const complex = (type: ComplexType, where: string): void => {
    for (const attribute of type.attributes) {
      const at = `attribute ${attribute.name} of ${where}`;
      if (attribute.type.kind === 'simple') simple(attribute.type, at);
      else named(attribute.type, true, at);
    }
    if (type.content !== undefined) particle(type.content);
  };
  const element = (decl: ElementDecl): void => {
    const where = `element ${decl.name}`;
    if (decl.type.kind === 'simple') simple(decl.type, where);
    else if (decl.type.kind === 'complex') complex(decl.type, where);
    else named(decl.type, false, where);
  };
  const particle = (node: Particle): void => {
    if (node.kind === 'element') element(node);
    else for (const child of node.particles) particle(child);
  };
  for (const decl of document.elements.values()) element(decl);
  for (const [name, type] of document.complexTypes) complex(type, `type ${name}`);
  for (const [name, type] of document.simpleTypes) simple(type, `type ${name}`);
}
