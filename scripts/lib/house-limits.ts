/**
 * The weight limits of the house (issue "A lighter house"), measured on the hand-written source:
 * lines per area, the longest functions, the share of comment lines and dated figures in source.
 * tests/house-limits.test.ts holds the repository to them; docs/architecture.md says why they exist.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const skipped = /(?:^|\/)(?:node_modules|dist|generated|compare)(?:\/|$)/;

/** Every hand-written `.ts`/`.mjs` file under `folder` but test files, relative to `root`. */
export function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (skipped.test(entry.name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (/\.(?:ts|mts|mjs)$/.test(entry.name) && !/\.(?:test|d)\.ts$/.test(entry.name))
        found.push(relative(root, path));
    }
  };
  walk(join(root, folder));
  return found.sort();
}

export interface FileWeight {
  file: string;
  lines: number;
  commentLines: number;
  /** Functions longer than the limit, with their line counts. */
  longFunctions: Array<{ name: string; line: number; lines: number }>;
  /** Lines holding a calendar date (a figure tied to a day belongs in a commit or HISTORY.md). */
  datedLines: number[];
  startsWorker: boolean;
}

const datePattern = /\b20\d\d-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b/;

/** Measures one file's text; `maxFunctionLines` picks which functions are reported. */
export function weighFile(file: string, text: string, maxFunctionLines: number): FileWeight {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const lines = text.split('\n');
  // A comment line holds a comment and no code.
  const codeLines = new Set<number>();
  const commentLines = new Set<number>();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const start = lineOf(scanner.getTokenStart());
    const end = lineOf(scanner.getTokenEnd());
    const into =
      kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia
        ? commentLines
        : kind === ts.SyntaxKind.WhitespaceTrivia || kind === ts.SyntaxKind.NewLineTrivia
          ? undefined
          : codeLines;
    if (into) for (let line = start; line <= end; line++) into.add(line);
  }
  const longFunctions: FileWeight['longFunctions'] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = lineOf(node.getStart(source));
      const span = lineOf(node.getEnd()) - first + 1;
      if (span > maxFunctionLines) {
        const name = 'name' in node && node.name ? node.name.getText(source) : '(anonymous)';
        longFunctions.push({ name, line: first + 1, lines: span });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return {
    file,
    lines: text.endsWith('\n') ? lines.length - 1 : lines.length,
    commentLines: [...commentLines].filter((line) => !codeLines.has(line)).length,
    longFunctions,
    datedLines: lines.flatMap((line, index) => (datePattern.test(line) ? [index + 1] : [])),
    // A pool starts threads as Worker does.
    startsWorker: /new (?:Worker|Piscina)\(/.test(text),
  };
}

export function weighFiles(root: string, files: string[], maxFunctionLines: number): FileWeight[] {
  return files.map((file) => weighFile(file, readFileSync(join(root, file), 'utf8'), maxFunctionLines));
}
