import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'vitest';
import { fromRoot } from '../scripts/lib/paths.ts';

const run = promisify(execFile);
// `node --import tsx`, one process: the tsx bin would start a second Node to run the script in.
const lintSpecsScript = ['--import', 'tsx', 'scripts/lint-specs.ts'];
const fixtureConfig = 'tests/fixtures/lint/redocly.yaml';

async function lintSpecs(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [...lintSpecsScript, ...args], {
      cwd: fromRoot(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// Each test is a process of its own that only reads the fixtures: they run at once.
describe.concurrent('pnpm lint:specs', () => {
  it('reports every broken spec of a batch with file, line and rule, and exits non-zero', async ({
    expect,
  }) => {
    const { code, stdout } = await lintSpecs('--config', fixtureConfig);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /tests\/fixtures\/lint\/broken\/openapi\.yaml\n {2}20:20 +error +spectral\/svc-operation-id/,
    );
    expect(stdout).toContain('spectral/svc-no-x-api-key');
    expect(stdout).toContain('spectral/svc-response-example');
    // A missing spec is an error of its own and does not stop the rest of the batch.
    expect(stdout).toContain('pipeline/spec-exists');
    expect(stdout).not.toContain('tests/fixtures/lint/good/');
    expect(stdout).toContain('4 errors, 0 warnings in 3 specs.');
  });

  it.for([
    { ref: '../../secret.yaml', rule: 'outside-root' },
    { ref: './link-out.yaml', rule: 'symlink-outside-root' },
  ])(
    'refuses a spec whose $ref leaves its root ($rule) with exit 2, and prints none of the target',
    async ({ ref, rule }, { expect }) => {
      const dir = mkdtempSync(join(tmpdir(), 'lint-spec-input-'));
      try {
        writeFileSync(
          join(dir, 'secret.yaml'),
          'type: object\nproperties: {lint-secret-7d1e: {type: string}}\n',
        );
        mkdirSync(join(dir, 'repo', 'spec'), { recursive: true });
        symlinkSync(join(dir, 'secret.yaml'), join(dir, 'repo', 'spec', 'link-out.yaml'));
        writeFileSync(join(dir, 'repo', 'redocly.yaml'), 'apis:\n  out:\n    root: spec/openapi.yaml\n');
        writeFileSync(
          join(dir, 'repo', 'spec', 'openapi.yaml'),
          `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '${ref}'}\n`,
        );
        const { code, stdout } = await lintSpecs('--config', join(dir, 'repo', 'redocly.yaml'));
        expect(code).toBe(2);
        expect(stdout).toContain(`pipeline/spec-input/${rule}`);
        expect(stdout).toContain('#/components/schemas/A');
        expect(stdout).not.toContain('lint-secret-7d1e');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('exits 0 on a clean spec', async ({ expect }) => {
    const { code, stdout } = await lintSpecs('--config', fixtureConfig, 'good');
    expect(code).toBe(0);
    expect(stdout).toContain('0 errors, 0 warnings in 1 spec.');
  });

  it('writes GitHub annotations that point at the line', async ({ expect }) => {
    const { stdout } = await lintSpecs('--config', fixtureConfig, '--format', 'github', 'broken');
    expect(stdout).toContain(
      '::error file=tests/fixtures/lint/broken/openapi.yaml,line=20,col=20,title=spectral/svc-operation-id::',
    );
  });

  it('refuses an unknown service or format with exit 2', async ({ expect }) => {
    expect((await lintSpecs('nosuchservice')).code).toBe(2);
    expect((await lintSpecs('--format', 'xml')).code).toBe(2);
  });
});
