import type { SchemaBundle } from './schema-files.js';

/** What the engine says about one document, before it becomes issues (see validation-result.ts). */
export type EngineVerdict =
  | { kind: 'valid' }
  | { kind: 'not-well-formed'; message: string; line: number | undefined; column: number | undefined }
  | {
      kind: 'invalid';
      /** The first `maxIssues` schema errors, in document order. */
      issues: Array<{ message: string; line: number | undefined }>;
      /** Every schema error of the document, also those not kept. */
      total: number;
    };

export type SchemaCompileResult =
  | { ok: true }
  | { ok: false; errors: Array<{ message: string; file?: string | undefined; line?: number | undefined }> };

/** The functions of libxml2-core.mjs (plain JavaScript, see there why). */
export interface EngineCore {
  compileSchema(id: string, bundle: Pick<SchemaBundle, 'entryFileName' | 'files'>): SchemaCompileResult;
  dropSchema(id: string): void;
  hasSchema(id: string): boolean;
  validateDocument(schemaId: string, xml: string, maxIssues: number): EngineVerdict;
}

let loading: Promise<EngineCore> | undefined;

/**
 * The engine core of this thread, loaded on first use (it compiles a 1 MB WebAssembly module). The file
 * is JavaScript (see there why); EngineCore above is its contract.
 */
export function loadEngineCore(): Promise<EngineCore> {
  loading ??= import('./libxml2-core.mjs') as Promise<EngineCore>;
  return loading;
}
