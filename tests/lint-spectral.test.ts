import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listServices } from '../scripts/lib/specs.ts';
import { lintWithSpectral, loadRepositoryRuleset } from '../scripts/lint/spectral.ts';

// `pnpm dev` lints each saved spec with this function: Spectral reads within the config's root.
const dir = mkdtempSync(join(tmpdir(), 'lint-spectral-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'secret.yaml'), 'type: object\nproperties: {dev-secret-93ad: {type: string}}\n');
mkdirSync(join(dir, 'repo', 'spec'), { recursive: true });
writeFileSync(join(dir, 'repo', 'redocly.yaml'), 'apis:\n  out:\n    root: spec/openapi.yaml\n');
const configPath = join(dir, 'repo', 'redocly.yaml');

describe('lintWithSpectral', () => {
  it.each([
    { ref: './inside.yaml', rule: undefined },
    // A missing file is a broken `$ref` (Spectral's invalid-ref), not a refusal.
    { ref: './missing.yaml', rule: undefined },
    { ref: '../../secret.yaml', rule: 'spec-input/outside-root' },
  ])('$ref → $rule', async ({ ref, rule }) => {
    writeFileSync(join(dir, 'repo', 'spec', 'inside.yaml'), 'type: string\n');
    writeFileSync(
      join(dir, 'repo', 'spec', 'openapi.yaml'),
      `openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: '${ref}'}\n`,
    );
    const [service] = listServices(configPath);
    if (!service) throw new Error('no service');
    const findings = await lintWithSpectral(service, await loadRepositoryRuleset(), configPath);
    const refusals = findings.filter((finding) => finding.rule.startsWith('spec-input/'));
    expect(refusals.map((finding) => [finding.rule, finding.pointer])).toEqual(
      rule ? [[rule, '#/components/schemas/A']] : [],
    );
    expect(JSON.stringify(findings)).not.toContain('dev-secret-93ad');
  });
});
