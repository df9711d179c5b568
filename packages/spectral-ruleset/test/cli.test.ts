import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage } from '../../../scripts/build/package-build.ts';

/**
 * The published entry points, used the way a user does: the Spectral CLI loads `spectral.yaml` of the
 * package, or a consumer's .spectral.yaml that extends the package by name. Both go through Spectral's
 * own ruleset bundler, which the programmatic tests do not exercise.
 */

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const FIXTURE = fileURLToPath(new URL('./fixtures/cli/openapi.yaml', import.meta.url));
const SPECTRAL_CLI = createRequire(import.meta.url).resolve('@stoplight/spectral-cli/dist/index.js');

interface CliResult {
  code: string;
  path: string[];
  severity: number;
}

function runSpectral(args: string[], cwd: string): { status: number | null; results: CliResult[] } {
  const run = spawnSync(process.execPath, [SPECTRAL_CLI, 'lint', ...args, '--format', 'json', '--quiet'], {
    cwd,
    encoding: 'utf8',
  });
  if (run.stdout.trim() === '') throw new Error(`spectral printed nothing: ${run.stderr}`);
  const results = (JSON.parse(run.stdout) as CliResult[]).map(({ code, path, severity }) => ({
    code,
    path,
    severity,
  }));
  return { status: run.status, results };
}

const EXPECTED = [
  { code: 'svc-operation-id', path: ['paths', '/api/v1/workflow/fetch', 'get', 'operationId'], severity: 0 },
  { code: 'svc-operation-source', path: ['paths', '/api/v1/workflow/fetch', 'get'], severity: 0 },
  {
    code: 'svc-no-x-api-key',
    path: ['paths', '/api/v1/workflow/fetch', 'get', 'parameters', '0', 'name'],
    severity: 0,
  },
];

function byCode(results: CliResult[]): CliResult[] {
  return [...results].sort((left, right) => left.code.localeCompare(right.code));
}

describe('the Spectral CLI', () => {
  let consumerDir = '';

  beforeAll(() => {
    // dist/ is what spectral.yaml and the package entry point load.
    buildPackage(PACKAGE_DIR);
    consumerDir = mkdtempSync(join(tmpdir(), 'spectral-ruleset-consumer-'));
  });

  afterAll(() => {
    if (consumerDir !== '') rmSync(consumerDir, { recursive: true, force: true });
  });

  it('lints with --ruleset pointing at the package spectral.yaml', () => {
    const { status, results } = runSpectral(
      [FIXTURE, '--ruleset', join(PACKAGE_DIR, 'spectral.yaml')],
      PACKAGE_DIR,
    );
    expect(status).toBe(1);
    expect(byCode(results)).toEqual(byCode(EXPECTED));
  });

  it('lints with a consumer .spectral.yaml that extends the package by name and overrides a severity', () => {
    // A consumer repository: the package installed in node_modules, a ruleset that extends it.
    mkdirSync(join(consumerDir, 'node_modules', '@svc-contracts'), { recursive: true });
    symlinkSync(PACKAGE_DIR, join(consumerDir, 'node_modules', '@svc-contracts', 'spectral-ruleset'), 'dir');
    writeFileSync(
      join(consumerDir, '.spectral.yaml'),
      'extends:\n  - "@svc-contracts/spectral-ruleset"\nrules:\n  svc-operation-source: warn\n',
    );
    cpSync(FIXTURE, join(consumerDir, 'openapi.yaml'));
    const { results } = runSpectral(['openapi.yaml'], consumerDir);
    const expected = EXPECTED.map((result) =>
      result.code === 'svc-operation-source' ? { ...result, severity: 1 } : result,
    );
    expect(byCode(results)).toEqual(byCode(expected));
  });
});
