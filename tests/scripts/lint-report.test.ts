// The lint report for people: counts in words with the plural right, colour only when asked for.
import { colorsFor } from '@svc-contracts/cli-output';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../scripts/lint/finding.ts';
import { formatReport, summarize } from '../../scripts/lint/report.ts';

const finding = (severity: Finding['severity']): Finding => ({
  linter: 'spectral',
  service: 'voice',
  file: 'specs/voice/openapi.yaml',
  line: 3,
  column: 5,
  severity,
  rule: 'svc-operation-id',
  message: 'every operation has an operationId',
});

describe('the lint report', () => {
  it('counts errors, warnings and specs with the plural right', () => {
    expect(summarize([], 1)).toBe('0 errors, 0 warnings in 1 spec.');
    expect(summarize([finding('error'), finding('warning'), finding('warning')], 6)).toBe(
      '1 error, 2 warnings in 6 specs.',
    );
  });

  it('colours the severity on a terminal, not with NO_COLOR nor by default', () => {
    const findings = [finding('error'), finding('warning')];
    const coloured = formatReport(findings, 'stylish', colorsFor({ isTTY: true }, {}));
    expect(coloured).toContain('\u001b[31merror  \u001b[39m');
    expect(coloured).toContain('\u001b[33mwarning\u001b[39m');
    const plain = formatReport(findings, 'stylish', colorsFor({ isTTY: true }, { NO_COLOR: '1' }));
    expect(plain).not.toContain('\u001b[');
    expect(plain).toBe(formatReport(findings, 'stylish'));
    // Machine formats are never coloured.
    expect(formatReport(findings, 'github', colorsFor({ isTTY: true }, {}))).not.toContain('\u001b[');
  });
});
