import { fileURLToPath } from 'node:url';
import spectralCore, { type ISpectralDiagnostic } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { specRootOfFile } from '@svc-contracts/contract-model';
import ruleset, { createRuleset, type RulesetOptions } from '../src/index.js';
import { specInputResolver } from '../src/resolver.js';
import { baseSpec, type Spec } from './fixtures/base-spec.js';

// Both packages are CommonJS; Node's ESM loader only sees some of their named exports.
const { Document, Spectral } = spectralCore;
const { Yaml } = spectralParsers;

/** The base spec pretends to live in this folder, next to its xsd/ directory, so x-xsd paths resolve. */
export const XML_SERVICE_SOURCE = fileURLToPath(
  new URL('./fixtures/xml-service/openapi.yaml', import.meta.url),
);

export interface LintOptions {
  /** Document source; default XML_SERVICE_SOURCE. `null` lints an in-memory document without a source. */
  source?: string | null;
  rulesetOptions?: RulesetOptions;
  /** The folder `$ref`s must stay inside (default: the repository holding the source). */
  root?: string;
}

/** Lints YAML text (or a spec object, written as JSON, which is YAML too) with the package's ruleset. */
export async function lint(spec: Spec | string, options: LintOptions = {}): Promise<ISpectralDiagnostic[]> {
  const source = options.source === undefined ? XML_SERVICE_SOURCE : (options.source ?? undefined);
  // As every tool: the spec's files are read under contract-model's spec-input policy.
  const root = options.root ?? specRootOfFile(source ?? XML_SERVICE_SOURCE);
  const spectral = new Spectral({ resolver: specInputResolver({ root }) });
  spectral.setRuleset(options.rulesetOptions === undefined ? ruleset : createRuleset(options.rulesetOptions));
  const text = typeof spec === 'string' ? spec : JSON.stringify(spec, null, 2);
  return spectral.run(new Document(text, Yaml, source));
}

export interface Finding {
  code: string;
  path: string[];
  message: string;
}

/** The findings of one rule, reduced to what the tests assert. */
export function findings(results: ISpectralDiagnostic[], code: string): Finding[] {
  return results
    .filter((result) => result.code === code)
    .map((result) => ({ code: String(result.code), path: result.path.map(String), message: result.message }));
}

/** Lints a modified copy of the base spec and returns the findings of one rule. */
export async function lintVariant(code: string, modify: (spec: Spec) => void, options?: LintOptions) {
  const spec = baseSpec();
  modify(spec);
  return findings(await lint(spec, options), code);
}

export { baseSpec, type Spec };
