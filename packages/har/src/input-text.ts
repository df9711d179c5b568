import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';

const maxShown = 200;

/** Text from a recording made safe for a terminal: control characters (a NUL, an escape sequence) are shown
 * as `\uXXXX` instead of being written raw, and long values are cut. */
export function printable(text: string, max = maxShown): string {
  const cut = text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
  return cut.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** 1-based line and column of a character offset, in one pass over the text before it. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** `PropertyNameExpected` → `property name expected`. */
function sentence(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export interface JsonSyntaxProblem {
  reason: string;
  /** 1-based, when the position is known. */
  line?: number;
  column?: number;
}

/** Where a JSON text stops being JSON. */
export function locateJsonSyntaxError(error: unknown, text: string): JsonSyntaxProblem {
  const errors: ParseError[] = [];
  parse(text.replace(/^\uFEFF/, ''), errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (first)
    return { reason: sentence(printParseErrorCode(first.error)), ...lineAndColumn(text, first.offset) };
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message);
  if (!position?.[1]) return { reason: printable(message) };
  return {
    reason: printable(message.replace(/ in JSON at position \d+.*$/, '')),
    ...lineAndColumn(text, Number(position[1])),
  };
}

/** {@link locateJsonSyntaxError} as one line: `value expected at line 3, column 17`. */
export function describeJsonSyntaxError(error: unknown, text: string): string {
  const problem = locateJsonSyntaxError(error, text);
  return problem.line === undefined
    ? problem.reason
    : `${problem.reason} at line ${problem.line}, column ${problem.column}`;
}
