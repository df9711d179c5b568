// The README is a newcomer's first page, CONTRIBUTING.md a contributor's: their commands exist and work as
// written where CI can run them, the first command never stops at a prompt, the README's TypeScript compiles
// against the packages as they are, and every file they link to is there.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { fromRoot } from '../scripts/lib/paths.ts';

const readme = readFileSync(fromRoot('README.md'), 'utf8');
const contributing = readFileSync(fromRoot('CONTRIBUTING.md'), 'utf8');
const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** The fenced blocks of one language, in order. */
function blocks(language: string, text = readme): string[] {
  return [...text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

/** A changeset as the changesets CLI reads it: YAML front matter naming each package's bump, then text. */
function parseChangeset(text: string, file: string): { file: string; releases: Record<string, string> } {
  const front = /^---\n([\s\S]*?)\n---\n\n\S/.exec(text)?.[1];
  if (front === undefined) throw new Error(`${file}: no "---" front matter followed by a changelog line`);
  return { file, releases: parse(front) as Record<string, string> };
}

/** Runs a shell command as the document shows it, in a fresh folder; returns that folder's changesets. */
function changesetsWrittenBy(command: string): ReturnType<typeof parseChangeset>[] {
  const dir = mkdtempSync(join(tmpdir(), 'readme-changeset-'));
  try {
    mkdirSync(join(dir, '.changeset'));
    execFileSync('bash', ['-e', '-c', command], { cwd: dir, stdio: 'pipe', timeout: 60_000 });
    return readdirSync(join(dir, '.changeset')).map((file) =>
      parseChangeset(readFileSync(join(dir, '.changeset', file), 'utf8'), file),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('README.md', () => {
  it('installs without stopping at corepack\'s "Do you want to continue?" prompt', () => {
    const install = blocks('sh')[0] ?? '';
    expect(install).toContain('COREPACK_ENABLE_DOWNLOAD_PROMPT=0');
    expect(install).toMatch(/pnpm install && pnpm start\npnpm test\n$/);
    expect(readme).toContain('CHROMIUM_PATH=');
    // The time of `pnpm test` is the bench's figure, linked, not a number that goes stale in prose.
    expect(readme).toContain('](bench/RESULTS.md#wall-time-of-the-repository-commands)');
    expect(readFileSync(fromRoot('bench/RESULTS.md'), 'utf8')).toContain(
      '\n## Wall time of the repository commands\n',
    );
    expect(readme).not.toMatch(/\d+ s on two cores|about \d+ (s|min)/);
  });

  it('opens with who it is for and the architecture picture, and stays a guide (about 200 lines)', () => {
    const [title, intro = '', picture = ''] = readme.split('\n\n');
    expect(title).toBe('# svc-contracts');
    expect(intro).toMatch(/^For teams that [\s\S]*: you get /);
    // The picture is docs/architecture.md's first diagram, kept the same.
    const diagram = /```mermaid\n[\s\S]*?```/.exec(
      readFileSync(fromRoot('docs/architecture.md'), 'utf8'),
    )?.[0];
    expect(picture.startsWith('```mermaid')).toBe(true);
    expect(readme).toContain(diagram);
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('installs packed clients as files: ./vendor, which npm 11 does not read as a GitHub name', () => {
    expect(readme).toContain('npm install ./vendor/*.tgz');
    expect(readme).not.toMatch(/npm (install|i) vendor\//);
  });

  it('says the mocks take any credential and answer CORS preflights', () => {
    expect(readme).toMatch(/mocks take any credential/);
    expect(readme).toMatch(/CORS preflights/);
  });

  it('writes a changeset without prompts, in the changesets format (YAML front matter, then the changelog line)', () => {
    const command =
      blocks('sh')
        .find((block) => block.includes('.changeset/'))
        ?.split('\n')[0] ?? '';
    expect(command).toMatch(/^printf /);
    expect(changesetsWrittenBy(command)).toEqual([
      { file: 'voice-change.md', releases: { '@svc-contracts/voice-client': 'minor' } },
    ]);
  });
});

describe.each([
  ['README.md', readme],
  ['CONTRIBUTING.md', contributing],
])('%s', (_name, text) => {
  it('names only commands that exist', () => {
    const builtins = new Set(['exec', 'install', 'run', 'i', 'publish', 'pack']);
    // Commands are what the code blocks and code spans show, not the prose around them.
    const code = [...text.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((match) => match[0]).join('\n');
    const named = new Set(
      [...code.matchAll(/\bpnpm (?:run )?([a-z][\w:-]*)/g)].map((match) => match[1] ?? ''),
    );
    const missing = [...named].filter((name) => !builtins.has(name) && scripts[name] === undefined);
    expect(missing).toEqual([]);
  });

  it('links only to files that exist, and contract-check only folders that exist', () => {
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1] ?? '');
    const local = links.filter((link) => !/^[a-z]+:/.test(link));
    expect(local.length).toBeGreaterThan(0);
    expect(local.filter((link) => !existsSync(fromRoot(link)))).toEqual([]);
    const checked = [...text.matchAll(/pnpm contract-check ([\w./-]+)/g)].map((match) => match[1] ?? '');
    expect(checked.filter((path) => !existsSync(fromRoot(path)))).toEqual([]);
  });
});

describe('CONTRIBUTING.md', () => {
  it('sets up without corepack prompts, and says what to do outside the repository', () => {
    const setUp = blocks('sh', contributing)[0] ?? '';
    expect(setUp).toContain('COREPACK_ENABLE_DOWNLOAD_PROMPT=0 COREPACK_INTEGRITY_KEYS=0 pnpm install');
    expect(contributing).toContain('npm i -g pnpm@');
  });

  it('shows a changeset file in the changesets format', () => {
    const command = blocks('sh', contributing).find((block) => block.includes('.changeset/')) ?? '';
    expect(command).toMatch(/^cat > \.changeset\//);
    expect(changesetsWrittenBy(command)).toEqual([
      { file: 'voice-answer-url.md', releases: { '@svc-contracts/voice-client': 'minor' } },
    ]);
  });
});

describe('README.md, its code', () => {
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
