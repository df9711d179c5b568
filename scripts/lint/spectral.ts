import * as fs from 'node:fs';
import { relative } from 'node:path';
import { Document, type Ruleset, Spectral } from '@stoplight/spectral-core';
// spectral-parsers is CommonJS compiled from ESM: under Node's ESM loader only its default export exists.
import spectralParsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import { readSpecFile, specRootOf } from '@svc-contracts/contract-model';
import { pointerOf } from '@svc-contracts/openapi-utils';
import { specInputResolver } from '@svc-contracts/spectral-ruleset/resolver';
import { fromRoot, relativizePaths, repoRoot } from '../lib/paths.ts';
import { defaultConfigPath, type Service } from '../lib/specs.ts';
import type { Finding } from './finding.ts';
import { asRefusal } from './spec-input.ts';

const severities = ['error', 'warning', 'info', 'info'] as const;

/** Loads `.spectral.yaml` as the Spectral CLI does, so `pnpm lint:specs` and a bare `spectral lint` agree. */
export function loadRepositoryRuleset(): Promise<Ruleset> {
  return bundleAndLoadRuleset(fromRoot('.spectral.yaml'), { fs, fetch });
}

/** Runs Spectral on a service's root document, its files read under the spec-input policy within the config's root. */
export async function lintWithSpectral(
  service: Service,
  ruleset: Ruleset,
  configPath = defaultConfigPath,
): Promise<Finding[]> {
  const root = specRootOf(configPath);
  const spectral = new Spectral({ resolver: specInputResolver({ root }) });
  spectral.setRuleset(ruleset);
  const document = new Document(readSpecFile(service.root, root), spectralParsers.Yaml, service.root);
  const results = await spectral.run(document);
  return results
    .filter((result) => result.severity <= 1)
    .map((result) =>
      asRefusal({
        linter: 'spectral',
        service: service.name,
        file: relative(repoRoot, result.source ?? service.root),
        line: result.range.start.line + 1,
        column: result.range.start.character + 1,
        severity: severities[result.severity] ?? 'info',
        rule: String(result.code),
        message: relativizePaths(result.message),
        pointer: pointerOf(result.path),
      }),
    );
}
