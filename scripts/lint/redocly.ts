import { relative } from 'node:path';
import { type Config, getLineColLocation, lint, loadConfig, Source } from '@redocly/openapi-core';
import { guardedResolver, specRootOf } from '@svc-contracts/contract-model';
import { relativizePaths, repoRoot } from '../lib/paths.ts';
import type { Service } from '../lib/specs.ts';
import type { Finding } from './finding.ts';
import { asRefusal } from './spec-input.ts';

const configs = new Map<string, Promise<Config>>();

/** Runs Redocly's linter in-process with the rules of the Redocly config that lists the service. */
export async function lintWithRedocly(service: Service, configPath: string): Promise<Finding[]> {
  if (!configs.has(configPath)) configs.set(configPath, loadConfig({ configPath }));
  // Per-API rules of redocly.yaml (`apis.<name>.rules`) apply only through the API's alias.
  const config = (await configs.get(configPath))?.forAlias(service.name);
  if (!config) throw new Error(`Could not load ${configPath}`);
  // Redocly reads the spec's files under the contract model's spec-input policy (the config's root, no URL).
  const { resolver, restore } = guardedResolver(Source, { root: specRootOf(configPath) });
  const problems = await lint({ ref: service.root, config, externalRefResolver: resolver }).finally(restore);
  return problems
    .filter((problem) => !problem.ignored)
    .map((problem) => {
      const location = problem.location[0];
      const start = location ? getLineColLocation(location).start : { line: 1, col: 1 };
      return {
        linter: 'redocly',
        service: service.name,
        file: location ? relative(repoRoot, location.source.absoluteRef) : service.relativeRoot,
        line: start.line,
        column: start.col,
        severity: problem.severity === 'error' ? 'error' : 'warning',
        rule: problem.ruleId,
        message: relativizePaths(problem.message),
        ...(location?.pointer ? { pointer: location.pointer } : {}),
      } satisfies Finding;
    })
    .map(asRefusal);
}
