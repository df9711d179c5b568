import { relative } from 'node:path';
import { SpecInputError, specInputRules } from '@svc-contracts/contract-model';
import { repoRoot } from '../lib/paths.ts';
import type { Service } from '../lib/specs.ts';
import type { Finding } from './finding.ts';

// Both linters read a spec's files through contract-model's spec-input policy; a refusal's message ends in its rule.
const refusal = new RegExp(`\\[(${specInputRules.join('|')})\\]$`);

/** A linter's finding that is a spec-input refusal, as the pipeline's `spec-input/<rule>` at the `$ref`. */
export function asRefusal(finding: Finding): Finding {
  const rule = refusal.exec(finding.message)?.[1];
  // A missing file is a broken `$ref`, the linter's own finding, not a refusal.
  if (rule === undefined || finding.message.includes('(ENOENT)')) return finding;
  const pointer = finding.pointer?.replace(/\/\$ref$/, '') ?? '';
  const message = `${pointer}${pointer ? ': ' : ''}${finding.message.replace(/^SpecInputError: /, '')}`;
  return {
    ...finding,
    linter: 'pipeline',
    rule: `spec-input/${rule}`,
    message,
    ...(pointer ? { pointer } : {}),
  };
}

/** A whole spec refused (its root file, a budget): the pipeline's finding, or undefined for another error. */
export function refusalOf(service: Service, error: unknown): Finding | undefined {
  if (!(error instanceof SpecInputError)) return undefined;
  const [, pointer] = /^[^#:]*(#[^:]*):/.exec(error.message) ?? [];
  return {
    linter: 'pipeline',
    service: service.name,
    file: relative(repoRoot, service.root),
    line: 1,
    column: 1,
    severity: 'error',
    rule: `spec-input/${error.rule}`,
    message: error.message,
    ...(pointer ? { pointer } : {}),
  };
}

export const isRefusal = (finding: Finding): boolean => finding.rule.startsWith('spec-input/');
