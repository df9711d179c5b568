export interface TextPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

/**
 * Maps string offsets to line/column the way an XML parser counts lines: `\r\n`, `\r` and `\n` each end a
 * line (XML end-of-line normalisation), so our numbers agree with the engine's.
 */
export class LineIndex {
  private readonly lineStarts: number[] = [0];

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x0d) {
        if (text.charCodeAt(i + 1) === 0x0a) i++;
        this.lineStarts.push(i + 1);
      } else if (code === 0x0a) {
        this.lineStarts.push(i + 1);
      }
    }
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionOf(offset: number): TextPosition {
    // Binary search for the last line start <= offset.
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.lineStarts[low] ?? 0) + 1 };
  }

  /** Text of a 1-based line without its line terminator; undefined when out of range. */
  lineText(line: number): string | undefined {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return undefined;
    const next = this.lineStarts[line];
    const end = next === undefined ? this.text.length : next;
    return this.text.slice(start, end).replace(/\r?\n$|\r$/, '');
  }
}
