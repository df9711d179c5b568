// The types of line-counter.mjs (plain JavaScript, loaded by URL in the worker).
export declare class LineCounter {
  /** 1-based line of the last offset advanced to. */
  line: number;
  /** Offset where that line starts. */
  lineStart: number;
  constructor(text: string);
  /** Moves to `offset` (never back). */
  advanceTo(offset: number): void;
  /** 1-based column (UTF-16 code units) of an offset on the current line. */
  columnOf(offset: number): number;
}
