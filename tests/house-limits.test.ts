import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FileWeight, sourceFiles, weighFile, weighFiles } from '../scripts/lib/house-limits.ts';
import { repoRoot } from '../scripts/lib/paths.ts';

// The limits docs/architecture.md states ("Weight"). The checker is held to its target of 6,000 lines.
const maxFunctionLines = 150;
const maxCommentShare = 0.1;
const ceilings: Record<string, number> = {
  'packages/contract-checker/src': 6_000,
  bench: 3_000,
  total: 40_000,
};

const packageSources = readdirSync(join(repoRoot, 'packages')).map((name) => `packages/${name}/src`);
const weigh = (area: string): FileWeight[] =>
  weighFiles(repoRoot, sourceFiles(repoRoot, area), maxFunctionLines);
const packages = packageSources.flatMap(weigh);
const others = ['scripts', 'bench'].flatMap(weigh);
const lines = (weights: FileWeight[]) => weights.reduce((sum, weight) => sum + weight.lines, 0);

describe('the weight of the house', () => {
  it('has no function over the limit in a package', () => {
    const long = packages.flatMap((weight) =>
      weight.longFunctions.map((fn) => `${weight.file}:${fn.line} ${fn.name} (${fn.lines} lines)`),
    );
    expect(long).toEqual([]);
  });

  it('keeps comments to a line or two of why', () => {
    const comments = packages.reduce((sum, weight) => sum + weight.commentLines, 0);
    expect(comments / lines(packages)).toBeLessThanOrEqual(maxCommentShare);
  });

  it('has no dated figure in source', () => {
    const dated = [...packages, ...others].flatMap((weight) =>
      weight.datedLines.map((line) => `${weight.file}:${line}`),
    );
    expect(dated).toEqual([]);
  });

  it('starts worker threads in one package at most', () => {
    const starting = new Set(
      packages.filter((weight) => weight.startsWorker).map((weight) => weight.file.split('/')[1]),
    );
    expect(starting.size).toBeLessThanOrEqual(1);
  });

  it('stays under each ceiling', () => {
    const measured: Record<string, number> = {
      'packages/contract-checker/src': lines(
        packages.filter((weight) => weight.file.startsWith('packages/contract-checker/src/')),
      ),
      bench: lines(others.filter((weight) => weight.file.startsWith('bench/'))),
      total: lines(packages) + lines(others),
    };
    for (const [area, ceiling] of Object.entries(ceilings)) {
      expect({ area, lines: measured[area] }).toEqual({
        area,
        lines: Math.min(measured[area] ?? 0, ceiling),
      });
    }
  });
});

describe('the weighing', () => {
  const body = (count: number) => Array.from({ length: count }, (_, i) => `  const v${i} = ${i};`).join('\n');

  it.each([
    { what: 'a function of 150 lines', text: `function f() {\n${body(148)}\n}\n`, long: [] },
    {
      what: 'a function of 151 lines',
      text: `function f() {\n${body(149)}\n}\n`,
      long: [{ name: 'f', line: 1, lines: 151 }],
    },
    {
      what: 'an arrow function of 151 lines',
      text: `const g = () => {\n${body(149)}\n};\n`,
      long: [{ name: '(anonymous)', line: 1, lines: 151 }],
    },
  ])('reports $what', ({ text, long }) => {
    expect(weighFile('x.ts', text, maxFunctionLines).longFunctions).toEqual(long);
  });

  it('counts lines holding only a comment, not code with a comment beside it', () => {
    const text = '// why\n/**\n * more\n */\nconst a = 1; // beside\nconst b = `// not a comment`;\n';
    expect(weighFile('x.ts', text, maxFunctionLines)).toMatchObject({ lines: 6, commentLines: 4 });
  });

  it('tells a file that starts a worker thread from one that names it', () => {
    expect(weighFile('x.ts', 'const w = new Worker(url);\n', maxFunctionLines).startsWorker).toBe(true);
    expect(weighFile('x.ts', 'const p = new Piscina({ filename });\n', maxFunctionLines).startsWorker).toBe(
      true,
    );
    expect(
      weighFile('x.ts', "import type { Worker } from 'node:worker_threads';\n", maxFunctionLines)
        .startsWorker,
    ).toBe(false);
  });

  it('finds a calendar date and not a version or a number', () => {
    const text = "// measured 2026-11-28\nconst v = '20.11.2';\nconst n = 2026 - 11;\n";
    expect(weighFile('x.ts', text, maxFunctionLines).datedLines).toEqual([1]);
  });
});
