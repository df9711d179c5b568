// The README is a newcomer's first page: its commands exist, its first command never stops at a prompt,
// and its TypeScript compiles against the packages as they are.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../scripts/lib/paths.ts';

const readme = readFileSync(fromRoot('README.md'), 'utf8');
const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The fenced blocks of one language, in order. */
function blocks(language: string): string[] {
  return [...readme.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

describe('README.md', () => {
  it('installs without stopping at corepack\'s "Do you want to continue?" prompt', () => {
    const install = blocks('sh')[0] ?? '';
    expect(install).toContain('COREPACK_ENABLE_DOWNLOAD_PROMPT=0');
    expect(install).toMatch(/pnpm install && pnpm start\npnpm test\n$/);
    expect(readme).toContain('CHROMIUM_PATH=');
  });

  it('names only commands that exist', () => {
    const builtins = new Set(['exec', 'install', 'run', 'i', 'publish', 'pack']);
    const named = new Set(
      [...readme.matchAll(/\bpnpm (?:run )?([a-z][\w:-]*)/g)].map((match) => match[1] ?? ''),
    );
    const missing = [...named].filter((name) => !builtins.has(name) && scripts[name] === undefined);
    expect(missing).toEqual([]);
  });

  describe('its TypeScript', () => {
    const dir = fromRoot('node_modules', '.cache', 'readme-snippets');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    it('compiles (strict, NodeNext) against the workspace packages', () => {
      const snippets = blocks('ts');
      expect(snippets.length).toBeGreaterThan(0);
      mkdirSync(dir, { recursive: true });
      const files = snippets.map((code, index) => {
        const file = join(dir, `snippet-${index}.ts`);
        writeFileSync(file, `${code}\nexport {};\n`);
        return file;
      });
      const base = ts.readConfigFile(fromRoot('tsconfig.base.json'), ts.sys.readFile).config as object;
      const { options } = ts.parseJsonConfigFileContent(base, ts.sys, fromRoot());
      const program = ts.createProgram(files, { ...options, noEmit: true, declaration: false });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(problems).toEqual([]);
    }, 60_000);
  });
});
