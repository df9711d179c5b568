// The types of libxml2-core.mjs (plain JavaScript, loaded by URL in the worker): the EngineCore contract.
import type { EngineCore } from './engine-core.js';

export declare const compileSchema: EngineCore['compileSchema'];
export declare const dropSchema: EngineCore['dropSchema'];
export declare const hasSchema: EngineCore['hasSchema'];
export declare const judgeDocument: EngineCore['judgeDocument'];
export declare const validateDocument: EngineCore['validateDocument'];
