import type { LocatedIssue } from './element-locator.mjs';
import type { ForbiddenDeclaration } from './forbidden-declaration.mjs';
import type { SchemaBundle } from './schema-files.js';

/** What the engine says about one document, before it becomes issues (see validation-result.ts). */
export type EngineVerdict =
  | { kind: 'valid' }
  /** Over `maxDocumentBytes` (UTF-8 bytes counted): not parsed. */
  | { kind: 'too-large'; bytes: number }
  /** A DOCTYPE or ENTITY declaration: not parsed. */
  | ({ kind: 'forbidden' } & ForbiddenDeclaration)
  | { kind: 'not-well-formed'; message: string; line: number | undefined; column: number | undefined }
  | {
      kind: 'invalid';
      /** The first `maxIssues` schema errors, in document order, located where the element is found without
       * guessing (see element-locator.mjs). */
      issues: LocatedIssue[];
      /** Every schema error of the document, also those not kept. */
      total: number;
    };

export interface EngineLimits {
  maxIssues: number;
  maxDocumentBytes: number;
}

export type SchemaCompileResult =
  | { ok: true }
  | { ok: false; errors: Array<{ message: string; file?: string | undefined; line?: number | undefined }> };

/** The functions of libxml2-core.mjs (plain JavaScript, see there why). */
export interface EngineCore {
  compileSchema(id: string, bundle: Pick<SchemaBundle, 'entryFileName' | 'files'>): SchemaCompileResult;
  dropSchema(id: string): void;
  hasSchema(id: string): boolean;
  /** Size limit, DOCTYPE guard, then {@link EngineCore.validateDocument}: what validators run. */
  judgeDocument(schemaId: string, xml: string, limits: EngineLimits): EngineVerdict;
  /** Parses and validates without the size limit or the DOCTYPE guard (tests of libxml2's own defences). */
  validateDocument(schemaId: string, xml: string, maxIssues: number): EngineVerdict;
}

let loading: Promise<EngineCore> | undefined;

/** The engine core of this thread, loaded on first use (it compiles a 1 MB WebAssembly module). */
export function loadEngineCore(): Promise<EngineCore> {
  loading ??= import('./libxml2-core.mjs') as Promise<EngineCore>;
  return loading;
}
