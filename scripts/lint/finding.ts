/** One lint finding, whichever linter produced it, located in a source file. */
export interface Finding {
  linter: 'redocly' | 'spectral' | 'pipeline';
  service: string;
  /** Repository-relative path of the file that holds the problem (not the bundle). */
  file: string;
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info';
  rule: string;
  message: string;
  /** JSON pointer or path of the offending node, when known. */
  pointer?: string;
}

export function compareFindings(a: Finding, b: Finding): number {
  return (
    a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule)
  );
}
