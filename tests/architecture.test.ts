import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { KNOWN_EXTENSIONS } from '@svc-contracts/contract-model';
import { afterAll, describe, expect, it } from 'vitest';
import {
  extensionReaders,
  formatViolation,
  listScannedFiles,
  scanArchitecture,
  type Violation,
} from '../scripts/lib/architecture.ts';
import {
  findCycles,
  type ImportGraph,
  importGraph,
  packageImportCycles,
  staticImports,
} from '../scripts/lib/import-cycles.ts';
import { repoRoot } from '../scripts/lib/paths.ts';

describe('the repository', () => {
  it('keeps module boundaries and defines each shared concept once', () => {
    expect(scanArchitecture(repoRoot).map(formatViolation)).toEqual([]);
  });

  it('scans the package sources, scripts, tests, contract tests and benchmarks', () => {
    const files = listScannedFiles(repoRoot);
    for (const file of [
      'packages/openapi-utils/src/index.ts',
      'scripts/lib/architecture.ts',
      'tests/architecture.test.ts',
      'contract-tests/report.ts',
      'bench/run.ts',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /(?:^|\/)(?:node_modules|dist|generated)\//.test(file))).toEqual([]);
  });
});

// The negative cases: a small repository written to a temporary folder, one file per broken rule.
const fixtureRoot = mkdtempSync(join(tmpdir(), 'architecture-'));
afterAll(() => rmSync(fixtureRoot, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(fixtureRoot, path)), { recursive: true });
    writeFileSync(join(fixtureRoot, path), text);
  }
}

write({
  'package.json': JSON.stringify({ name: 'fixture', devDependencies: { '@svc-contracts/a': 'workspace:*' } }),
  'packages/a/package.json': JSON.stringify({
    name: '@svc-contracts/a',
    dependencies: { '@svc-contracts/b': 'workspace:*' },
    peerDependencies: { '@svc-contracts/p': '*' },
  }),
  'packages/b/package.json': JSON.stringify({ name: '@svc-contracts/b' }),
  'packages/openapi-utils/package.json': JSON.stringify({ name: '@svc-contracts/openapi-utils' }),
  // The owner defines its concepts; that is not a copy.
  'packages/openapi-utils/src/json.ts': 'export function isObject(value: unknown) { return true; }\n',
});

function scanFixture(path: string, text: string): string[] {
  write({ [path]: text });
  return scanArchitecture(fixtureRoot, [path]).map(formatViolation);
}

describe('cross-package-import', () => {
  it("flags an import of another package's src by name", () => {
    expect(
      scanFixture('packages/a/src/by-name.ts', "import { b } from '@svc-contracts/b/src/index.js';\n"),
    ).toEqual([
      "packages/a/src/by-name.ts:1 cross-package-import: imports the source of @svc-contracts/b; import the package's public entry point '@svc-contracts/b'",
    ]);
  });

  it('flags relative paths that climb into another package, in imports, re-exports and type imports', () => {
    expect(scanFixture('packages/a/src/climb.ts', "import { b } from '../../b/src/index.js';\n")).toEqual([
      'packages/a/src/climb.ts:1 cross-package-import: reaches into packages/b/ by a relative path; import the package by its name',
    ]);
    expect(
      scanFixture(
        'scripts/climb.ts',
        "export * from '../packages/b/src/index.ts';\ntype B = typeof import('../packages/b/dist/index.js');\n",
      ),
    ).toEqual([
      'scripts/climb.ts:1 cross-package-import: reaches into packages/b/ by a relative path; import the package by its name',
      'scripts/climb.ts:2 cross-package-import: reaches into packages/b/ by a relative path; import the package by its name',
    ]);
  });

  it("accepts a package's own relative imports, and specifiers that only appear in comments or strings", () => {
    expect(
      scanFixture(
        'packages/a/src/own.ts',
        "import { x } from './x.js';\n// import { b } from '../../b/src/index.js';\nexport const hint = \"import('../../b/src/index.js')\";\n",
      ),
    ).toEqual([]);
  });
});

describe('create-require-into-package', () => {
  it('flags createRequire aimed at another package, from repository code and from a package', () => {
    expect(
      scanFixture(
        'bench/require.ts',
        "import { createRequire } from 'node:module';\nimport { join } from 'node:path';\nconst req = createRequire(\n  join(process.cwd(), 'packages', 'b', 'package.json'),\n);\n",
      ),
    ).toEqual([
      'bench/require.ts:3 create-require-into-package: createRequire reaches another workspace package (packages/b/package.json); depend on what you need and import it by name',
    ]);
    expect(
      scanFixture(
        'packages/a/src/require.ts',
        "import { createRequire } from 'node:module';\nexport const req = createRequire(new URL('../../b/package.json', import.meta.url));\n",
      ),
    ).toEqual([
      'packages/a/src/require.ts:2 create-require-into-package: createRequire reaches another workspace package (../../b/package.json); depend on what you need and import it by name',
    ]);
  });

  it('accepts createRequire of the file itself', () => {
    expect(
      scanFixture(
        'packages/a/src/own-require.ts',
        "import { createRequire } from 'node:module';\nexport const req = createRequire(import.meta.url);\n",
      ),
    ).toEqual([]);
  });
});

describe('variable-dynamic-import', () => {
  const message =
    'variable-dynamic-import: import() of a variable hides a dependency from the package manifest and the bundlers; import a string literal, or allow it with `// architecture-allow dynamic-import: <reason>`';

  it('flags import() of a variable in package code, also when the allowance gives no reason', () => {
    expect(
      scanFixture(
        'packages/a/src/dynamic.ts',
        "const name = '@svc-contracts/b';\nexport const b = import(name);\n",
      ),
    ).toEqual([`packages/a/src/dynamic.ts:2 ${message}`]);
    expect(
      scanFixture(
        'packages/a/src/no-reason.ts',
        "const name = '@svc-contracts/b';\n// architecture-allow dynamic-import:\nexport const b = import(name);\n",
      ),
    ).toEqual([`packages/a/src/no-reason.ts:3 ${message}`]);
  });

  it('accepts a string literal, and a variable with a reason beside it', () => {
    expect(
      scanFixture(
        'packages/a/src/dynamic-ok.ts',
        "export const b = import('@svc-contracts/b');\nconst name = '@svc-contracts/b';\n// architecture-allow dynamic-import: loaded only when the optional engine is configured\nexport const late = import(name);\n",
      ),
    ).toEqual([]);
  });
});

describe('undeclared-workspace-dependency', () => {
  it("flags a workspace import missing from the package's manifest, and from the root manifest", () => {
    expect(scanFixture('packages/a/src/undeclared.ts', "import { c } from '@svc-contracts/c';\n")).toEqual([
      'packages/a/src/undeclared.ts:1 undeclared-workspace-dependency: imports @svc-contracts/c, which packages/a/package.json does not declare (dependencies, devDependencies or peerDependencies)',
    ]);
    expect(scanFixture('tests/undeclared.test.ts', "import { b } from '@svc-contracts/b';\n")).toEqual([
      'tests/undeclared.test.ts:1 undeclared-workspace-dependency: imports @svc-contracts/b, which package.json does not declare (dependencies, devDependencies or peerDependencies)',
    ]);
  });

  it('accepts dependencies and peer dependencies', () => {
    expect(
      scanFixture(
        'packages/a/src/declared.ts',
        "import { b } from '@svc-contracts/b';\nimport type { P } from '@svc-contracts/p';\n",
      ),
    ).toEqual([]);
  });
});

describe('concept-outside-owner', () => {
  it('flags functions, constants and methods named after a concept another package owns', () => {
    expect(
      scanFixture(
        'tests/copy.ts',
        [
          'export function isObject(value: unknown): boolean {',
          "  return typeof value === 'object';",
          '}',
          'const deref = (doc: unknown, node: unknown) => node;',
          'class Walker {',
          '  private escapePointer(segment: string) {',
          '    return segment;',
          '  }',
          '}',
          'export const helpers = { maskUrl: (url: string) => url, deref };',
        ].join('\n'),
      ),
    ).toEqual([
      'tests/copy.ts:1 concept-outside-owner: defines `isObject`, which packages/openapi-utils owns; import it from there',
      'tests/copy.ts:4 concept-outside-owner: defines `deref`, which packages/openapi-utils owns; import it from there',
      'tests/copy.ts:6 concept-outside-owner: defines `escapePointer`, which packages/openapi-utils owns; import it from there',
      'tests/copy.ts:10 concept-outside-owner: defines `maskUrl`, which packages/redact owns; import it from there',
    ]);
  });

  it('accepts imports, re-exports and calls of the concept', () => {
    expect(
      scanFixture(
        'scripts/uses.ts',
        "import { deref, isObject } from '@svc-contracts/openapi-utils';\nexport { escapePointer } from '@svc-contracts/openapi-utils';\nexport const node = isObject(deref({}, {}));\n",
      ),
    ).toEqual([
      // The root manifest of the fixture does not declare openapi-utils: that rule still applies.
      'scripts/uses.ts:1 undeclared-workspace-dependency: imports @svc-contracts/openapi-utils, which package.json does not declare (dependencies, devDependencies or peerDependencies)',
      'scripts/uses.ts:2 undeclared-workspace-dependency: imports @svc-contracts/openapi-utils, which package.json does not declare (dependencies, devDependencies or peerDependencies)',
    ]);
  });
});

describe('concept-type-not-imported', () => {
  const message = (file: string, line: number, name: string) =>
    `${file}:${line} concept-type-not-imported: declares \`${name}\` without @svc-contracts/har's type; packages/har owns it: alias or extend the type imported from @svc-contracts/har`;

  it('flags a package source that declares the exchange types itself, or builds them on anything but har', () => {
    expect(
      scanFixture(
        'packages/a/src/exchange.ts',
        [
          "import type { Other } from './other.js';",
          'export interface RecordedRequest {',
          '  method: string;',
          '  url: string;',
          '}',
          'export type RecordedResponse = { status: number } & Other;',
          'export interface RecordedExchange extends Other {}',
        ].join('\n'),
      ),
    ).toEqual([
      message('packages/a/src/exchange.ts', 2, 'RecordedRequest'),
      message('packages/a/src/exchange.ts', 6, 'RecordedResponse'),
      message('packages/a/src/exchange.ts', 7, 'RecordedExchange'),
    ]);
  });

  it('flags a second readEntry by name', () => {
    expect(
      scanFixture('packages/a/src/read.ts', 'export function readEntry(raw: unknown) {\n  return raw;\n}\n'),
    ).toEqual([
      'packages/a/src/read.ts:1 concept-outside-owner: defines `readEntry`, which packages/har owns; import it from there',
    ]);
  });

  it("accepts aliases and extensions of har's types imported from har, har itself, and tests", () => {
    const built = [
      "import type { ExchangeRequest, RecordedExchange as Read } from '@svc-contracts/har';",
      "import type * as exchange from '@svc-contracts/har/exchange';",
      'export type RecordedRequest = ExchangeRequest;',
      "export type RecordedExchange = Omit<Read, 'skip'> & { skip?: string };",
      'export interface RecordedResponse extends exchange.ExchangeResponse {}',
    ].join('\n');
    const rules = (lines: string[]) => lines.filter((line) => line.includes('concept-type'));
    expect(rules(scanFixture('packages/a/src/built.ts', built))).toEqual([]);
    const own = 'export interface ExchangeRequest {\n  method: string;\n}\n';
    expect(scanFixture('packages/har/src/message.ts', own)).toEqual([]);
    expect(scanFixture('tests/own-types.ts', own)).toEqual([]);
    expect(scanFixture('packages/a/src/other-name.ts', own)).toEqual([
      message('packages/a/src/other-name.ts', 1, 'ExchangeRequest'),
    ]);
  });
});

describe('extension-key-outside-reader', () => {
  const reads = [
    "export const a = (node: Record<string, unknown>) => node['x-requires'];",
    'export const given = "$..[?(@ && @[\'x-echoes\'] !== undefined)]";',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture's source text holds a template literal
    'export const where = (pointer: string) => `${pointer}/x-xsd`;',
    "export const rule = { rule: 'x-roles' };",
  ].join('\n');

  it('flags a package source or script that spells a known extension as a key, a JSONPath key or a pointer segment', () => {
    const message = (line: number, name: string) =>
      `packages/a/src/reads.ts:${line} extension-key-outside-reader: reads the \`${name}\` extension itself; use its reader in @svc-contracts/contract-model (${extensionReaders})`;
    expect(scanFixture('packages/a/src/reads.ts', reads)).toEqual([
      message(1, 'x-requires'),
      message(2, 'x-echoes'),
      message(3, 'x-xsd'),
      message(4, 'x-roles'),
    ]);
    expect(scanFixture('scripts/reads.ts', reads)).toHaveLength(4);
    // The checker reads through the readers too, everywhere (its migration is complete).
    for (const file of [
      'packages/contract-checker/src/bodies/body.ts',
      'packages/contract-checker/src/contract/compiled.ts',
      'packages/contract-checker/src/contract/contract-set.ts',
    ])
      expect(scanFixture(file, reads)).toHaveLength(4);
  });

  it('accepts the readers, tests, comments, prose and unknown extensions', () => {
    expect(scanFixture('packages/contract-model/src/extensions/requires.ts', reads)).toEqual([]);
    expect(scanFixture('tests/reads.ts', reads)).toEqual([]);
    expect(
      scanFixture(
        'packages/a/src/prose.ts',
        [
          "// node['x-requires'] in a comment",
          "export const message = 'the `x-requires` of the parameter (x-roles)';",
          "export const other = { 'x-request-id': 'x-amzn-requestid' };",
          'export { readRequires } from "@svc-contracts/contract-model";',
        ].join('\n'),
      ).filter((line) => line.includes('extension-key')),
    ).toEqual([]);
  });

  it('knows every extension the contract model reads', () => {
    expect(KNOWN_EXTENSIONS).toContain('x-requires');
    expect(KNOWN_EXTENSIONS).toContain('x-xsd');
  });
});

describe('the file walk', () => {
  it('skips generated code, node_modules and dist', () => {
    write({
      'packages/a/src/generated/client.ts': 'export function deref() {}\n',
      'packages/a/src/node_modules/x/index.js': 'export function deref() {}\n',
      'scripts/dist/index.js': 'export function deref() {}\n',
      'bench/kept.ts': 'export {};\n',
    });
    const files = listScannedFiles(fixtureRoot);
    expect(files).toContain('bench/kept.ts');
    expect(files.filter((file) => /generated|node_modules|dist/.test(file))).toEqual([]);
  });

  it('reports file, line, rule and subject', () => {
    write({ 'tests/one.ts': "\n\nimport { b } from '../packages/b/src/index.ts';\n" });
    expect(scanArchitecture(fixtureRoot, ['tests/one.ts'])).toEqual([
      {
        file: 'tests/one.ts',
        line: 3,
        rule: 'cross-package-import',
        subject: '../packages/b/src/index.ts',
        message: 'reaches into packages/b/ by a relative path; import the package by its name',
      },
    ] satisfies Violation[]);
  });
});

describe('import cycles', () => {
  it('no package has an import cycle among its sources, type-only imports included', () => {
    expect(packageImportCycles(repoRoot)).toEqual([]);
  });

  it('names the cycle of a small graph: static imports, type-only imports and re-exports all count', () => {
    const graph = importGraph(
      new Map([
        ['a.ts', "import { b } from './b.js';\nexport const a = b;\n"],
        ['b.ts', "import type { C } from './sub/c.js';\nexport const b: C = 1;\n"],
        ['sub/c.ts', "export type { A } from '../a.js';\nexport type C = number;\n"],
        ['d.ts', "import { a } from './a.js';\n// import { d } from './d.js';\nexport const d = a;\n"],
        ['e.ts', "export * from './e.js';\n"],
      ]),
    );
    expect(graph.get('sub/c.ts')).toEqual(['a.ts']);
    expect(findCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'sub/c.ts', 'a.ts'],
      ['e.ts', 'e.ts'],
    ]);
  });

  it('finds no cycle in a graph without one, and reads only static imports and re-exports', () => {
    expect(
      findCycles(
        importGraph(
          new Map([
            ['a.ts', "import { b } from './b.js';\nexport const late = () => import('./c.js');\n"],
            ['b.ts', "import { c } from './c.ts';\nimport 'node:fs';\n"],
            ['c.ts', 'const hint = "import { a } from \'./a.js\'";\nexport const c = hint;\n'],
          ]),
        ),
      ),
    ).toEqual([]);
    expect(staticImports("import './side.js';\nimport x from 'pkg';\nexport { y } from './y.js';\n")).toEqual(
      ['./side.js', './y.js'],
    );
  });

  it('names the cycle of a package found on disk, with its folder', () => {
    write({
      'packages/a/src/one.ts': "import type { Two } from './two.js';\nexport type One = Two;\n",
      'packages/a/src/two.ts': "import type { One } from './one.js';\nexport type Two = One | 2;\n",
    });
    expect(packageImportCycles(fixtureRoot)).toEqual(['packages/a/src: one.ts → two.ts → one.ts']);
  });
});

/**
 * The contract checker's layers, lowest first, as docs/architecture.md ("Inside the contract checker")
 * lists them: a module imports its own layer and those below, never one above. `.` is the top-level files.
 */
const checkerLayers: string[][] = [
  ['core'],
  ['router', 'parameters', 'bodies', 'security', 'requests', 'responses', 'extensions', 'contract'],
  ['input', 'report', 'mutation'],
  ['run'],
  ['cli', '.'],
];

function layerOf(path: string): number {
  const folder = path.includes('/') ? (path.split('/')[0] as string) : '.';
  return checkerLayers.findIndex((layer) => layer.includes(folder));
}

/** Each import of a layer above the importer's, and each module in no layer, as a line. */
function upwardImports(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const layer = layerOf(from);
    if (layer < 0) problems.push(`${from}: its folder is in no layer of the checker`);
    for (const to of targets)
      if (layerOf(to) > layer) problems.push(`${from} imports ${to}, a layer above it`);
  }
  return problems.sort();
}

function modulesUnder(dir: string, root = dir, out = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) modulesUnder(path, root, out);
    else if (entry.name.endsWith('.ts')) out.set(relative(root, path), readFileSync(path, 'utf8'));
  }
  return out;
}

describe('the layers of the contract checker', () => {
  it('no module imports a layer above its own, and every folder is in a layer', () => {
    const graph = importGraph(modulesUnder(join(repoRoot, 'packages', 'contract-checker', 'src')));
    expect(graph.size).toBeGreaterThan(20);
    expect(upwardImports(graph)).toEqual([]);
  });

  it('fails an upward import (core importing run, a check importing report) and a folder in no layer', () => {
    const graph = importGraph(
      new Map([
        ['core/types.ts', "import type { Run } from '../run/pipeline.js';\nexport type T = Run;\n"],
        [
          'bodies/json.ts',
          "import { format } from '../report/format.js';\nimport { T } from '../core/types.js';\n",
        ],
        ['report/format.ts', "import type { T } from '../core/types.js';\nexport const format = 1;\n"],
        ['run/pipeline.ts', "import { format } from '../report/format.js';\nexport type Run = 1;\n"],
        ['extra/new.ts', 'export const n = 1;\n'],
      ]),
    );
    expect(upwardImports(graph)).toEqual([
      'bodies/json.ts imports report/format.ts, a layer above it',
      'core/types.ts imports run/pipeline.ts, a layer above it',
      'extra/new.ts: its folder is in no layer of the checker',
    ]);
  });
});
