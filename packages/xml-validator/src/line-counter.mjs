// Line and column of offsets in a text, counted the way an XML parser counts lines: `\r\n`, `\r` and `\n`
// each end a line (XML end-of-line normalisation), so our numbers agree with the engine's.

/** Counts lines while moving forward through a text: a whole scan costs one pass, however many offsets are
 * asked about, and no table of line starts is built. */
export class LineCounter {
  /** 1-based line of the last offset advanced to. */
  line = 1;
  /** Offset where that line starts. */
  lineStart = 0;
  #counted = 0;
  #text;

  /** @param {string} text */
  constructor(text) {
    this.#text = text;
  }

  /** Moves to `offset` (never back: an earlier offset leaves the counter where it is). */
  advanceTo(offset) {
    const text = this.#text;
    for (let at = this.#counted; at < offset; at++) {
      const code = text.charCodeAt(at);
      if (code === 0x0a || (code === 0x0d && text.charCodeAt(at + 1) !== 0x0a)) {
        this.line++;
        this.lineStart = at + 1;
      }
    }
    if (offset > this.#counted) this.#counted = offset;
  }

  /** 1-based column (UTF-16 code units) of an offset on the current line. */
  columnOf(offset) {
    return offset - this.lineStart + 1;
  }
}
