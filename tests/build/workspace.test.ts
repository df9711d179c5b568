import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildGraphProblems,
  buildInfoPath,
  orphanedBuildInfo,
  workspacePackages,
} from '../../scripts/build/workspace.ts';
import { repoRoot } from '../../scripts/lib/paths.ts';

describe('the workspace build graph', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  const manifest = (name: string, dependencies: Record<string, string> = {}) =>
    JSON.stringify({ name: `@svc-contracts/${name}`, dependencies });
  const tsconfig = (...references: string[]) =>
    `{\n  // comments are allowed\n  "references": [${references.map((r) => `{ "path": "../${r}/tsconfig.build.json" }`).join(', ')}]\n}`;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-graph-'));
    write('packages/base/package.json', manifest('base'));
    write('packages/base/tsconfig.build.json', tsconfig());
    write('packages/base/src/index.ts', 'export const base = 1;\n');
    write(
      'packages/app/package.json',
      manifest('app', { '@svc-contracts/base': 'workspace:*', yaml: '2.9.1' }),
    );
    write('packages/app/tsconfig.build.json', tsconfig('base'));
    write(
      'packages/app/src/index.ts',
      "import { base } from '@svc-contracts/base';\nexport const app = base;\n",
    );
    write(
      'tsconfig.build.json',
      '{ "files": [], "references": [{ "path": "packages/app/tsconfig.build.json" }, { "path": "packages/base/tsconfig.build.json" }] }',
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads the workspace dependencies of each package', () => {
    expect(workspacePackages(root).map(({ name, dependsOn }) => [name, dependsOn])).toEqual([
      ['@svc-contracts/app', ['@svc-contracts/base']],
      ['@svc-contracts/base', []],
    ]);
  });
  it('finds nothing wrong when references match dependencies', () => {
    expect(buildGraphProblems(root)).toEqual([]);
  });
  it('reads a tsconfig as tsc does, trailing commas and block comments included', () => {
    write(
      'packages/app/tsconfig.build.json',
      '{ /* block */ "references": [{ "path": "../base/tsconfig.build.json", },], }',
    );
    expect(buildGraphProblems(root)).toEqual([]);
  });
  it('names the file, line and column of a tsconfig that does not parse', () => {
    write('packages/app/tsconfig.build.json', '{\n  "references": [\n    { "path" "../base" }\n  ]\n}');
    expect(() => buildGraphProblems(root)).toThrow(
      /packages\/app\/tsconfig\.build\.json \(line 3, column 14\): ColonExpected/,
    );
  });
  it('reports a dependency without its project reference, and a reference without its dependency', () => {
    write('packages/app/tsconfig.build.json', tsconfig());
    write('packages/base/tsconfig.build.json', tsconfig('app'));
    expect(buildGraphProblems(root)).toEqual([
      'packages/app/tsconfig.build.json lacks { "path": "../base/tsconfig.build.json" } in "references"',
      'packages/base/tsconfig.build.json references packages/app/tsconfig.build.json, not a dependency in its package.json',
    ]);
  });
  it('reports an import of a workspace package that package.json does not declare', () => {
    write('packages/base/src/late.ts', "export const load = () => import('@svc-contracts/app');\n");
    expect(buildGraphProblems(root)).toEqual([
      '@svc-contracts/base imports @svc-contracts/app but its package.json does not depend on it',
    ]);
  });
  it('reports a package the root tsconfig.build.json leaves out', () => {
    write(
      'tsconfig.build.json',
      '{ "files": [], "references": [{ "path": "packages/app/tsconfig.build.json" }] }',
    );
    expect(buildGraphProblems(root)).toEqual([
      'tsconfig.build.json does not reference packages/base/tsconfig.build.json: pnpm run build skips it',
    ]);
  });
  it('finds the build state of a package whose dist/ was deleted, and only that one', () => {
    write('packages/base/node_modules/.cache/tsconfig.build.tsbuildinfo', '{}');
    write('packages/app/node_modules/.cache/tsconfig.build.tsbuildinfo', '{}');
    write('packages/app/dist/index.js', '');
    expect(orphanedBuildInfo(root)).toEqual([buildInfoPath(join(root, 'packages', 'base'))]);
  });
  it('holds for this repository', () => {
    expect(buildGraphProblems(repoRoot)).toEqual([]);
  });
});
