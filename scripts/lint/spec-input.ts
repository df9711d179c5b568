import { relative } from 'node:path';
import { bundleService, SpecInputError, specInputRules } from '@svc-contracts/contract-model';
import { repoRoot } from '../lib/paths.ts';
import type { Service } from '../lib/specs.ts';
import type { Finding } from './finding.ts';

// A bundle problem that ends in a rule of the policy (SpecInputError's message) is a refusal.
const refusal = new RegExp(`\\[(${specInputRules.join('|')})\\]$`);

/**
 * The spec-input refusals of a service (contract-model's policy: a `$ref` out of the repository, a URL, a
 * budget), found by bundling it as every tool does. The linters follow `$ref`s themselves, so a service
 * with any refusal is not handed to them.
 */
export async function specInputRefusals(service: Service, configPath: string): Promise<Finding[]> {
  const finding = (file: string, rule: string, message: string, pointer?: string): Finding => ({
    linter: 'pipeline',
    service: service.name,
    file,
    line: 1,
    column: 1,
    severity: 'error',
    rule: `spec-input/${rule}`,
    message,
    ...(pointer ? { pointer } : {}),
  });
  try {
    const { problems } = await bundleService(service, { configPath });
    return problems.flatMap((problem) => {
      const rule = refusal.exec(problem)?.[1];
      const where = /^([^#:]+)(#[^:]*)?: /.exec(problem);
      return rule ? [finding(where?.[1] ?? service.relativeRoot, rule, problem, where?.[2])] : [];
    });
  } catch (error) {
    if (!(error instanceof SpecInputError)) throw error;
    return [finding(relative(repoRoot, service.root), error.rule, error.message)];
  }
}
